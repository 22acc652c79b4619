/**
 * What the Electron shell does for the desktop on the back end's behalf: open the data or log
 * folder in the file manager, show the sync's progress on the taskbar or dock icon, show a native
 * notification (a long sync ended) and put a castdesk:// link on the clipboard ("Copy link": the
 * renderer's navigator.clipboard would need a permission the app denies). The back end decides
 * what; this only asks the OS.
 */
import { BrowserWindow, clipboard, Notification, shell } from 'electron';
import type { DesktopPort } from '../core/bridge/ports.ts';

export const electronDesktop: Pick<DesktopPort, 'openFolder' | 'setProgress' | 'notify' | 'copyText'> = {
  // shell.openPath answers an error message, or '' when the folder opened.
  openFolder: async (folder) => (await shell.openPath(folder).catch((error: unknown) => String(error))) === '',
  setProgress(fraction) {
    // -1 takes the bar away.
    for (const window of BrowserWindow.getAllWindows()) window.setProgressBar(fraction ?? -1);
  },
  notify(title, body) {
    if (!Notification.isSupported()) return false;
    new Notification({ title, body }).show();
    return true;
  },
  copyText(text) {
    clipboard.writeText(text);
    return true;
  },
};
