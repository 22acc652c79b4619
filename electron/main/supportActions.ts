/**
 * The Help menu's support items, on the back end's behalf: About (app, Electron, Chromium and Node
 * versions and the data folder, the facts support asks first), the log folder in the file manager,
 * and a problem report written into a folder the user chooses and then shown there. What goes into
 * the report, and that no key does, is electron/core/support/problemReport.ts's job.
 */
import { app, dialog, shell } from 'electron';
import { release } from 'node:os';
import type { BackEnd } from '../core/backEnd.ts';
import { describeVersions, type SupportVersions } from '../core/support/problemReport.ts';
import type { HelpActions } from './menu.ts';

/** This installation's versions, as About and the problem report show them. */
export function installationVersions(): Omit<SupportVersions, 'dataFolder'> {
  return {
    app: app.getVersion(),
    electron: process.versions.electron,
    chromium: process.versions.chrome,
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    osRelease: release(),
  };
}

/** The Help menu's actions over the running back end. */
export function supportActions(backEnd: Pick<BackEnd, 'folders' | 'saveProblemReport' | 'logShellEvent'>): HelpActions {
  return {
    about(words) {
      const detail = describeVersions({ ...installationVersions(), dataFolder: backEnd.folders.data });
      void dialog.showMessageBox({ type: 'info', title: words.about, message: words.about, detail, buttons: [words.ok], noLink: true });
    },
    openLogFolder() {
      void shell.openPath(backEnd.folders.logs).then((problem: string) => {
        if (problem) backEnd.logShellEvent('The log folder could not be opened.', problem);
      });
    },
    saveProblemReport(words) {
      void (async () => {
        const chosen = await dialog.showOpenDialog({
          title: words.reportFolderTitle,
          buttonLabel: words.reportFolderButton,
          defaultPath: app.getPath('desktop'),
          properties: ['openDirectory', 'createDirectory'],
        });
        const targetDir = chosen.canceled ? undefined : chosen.filePaths[0];
        if (targetDir === undefined) return;
        try {
          const folder = await backEnd.saveProblemReport(targetDir, installationVersions());
          shell.showItemInFolder(folder);
        } catch (error) {
          backEnd.logShellEvent('The problem report could not be saved.', error);
          dialog.showErrorBox(words.reportFailed, error instanceof Error ? error.message : String(error));
        }
      })();
    },
  };
}
