/**
 * The only bridge between the sandboxed renderer and the back end: `window.castdesk`, one named
 * async function per contract channel, and `window.castdeskLinks`, the one thing main tells the
 * renderer unasked (a castdesk:// link is waiting; the renderer then takes it through the bridge).
 * It never hands out ipcRenderer, event objects or anything else from Electron, and it imports the
 * zod-free channel list only, so the preload stays small.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { appLinkWaitingChannel, channelNames, ipcChannel } from '../../contract/bridge-channels.ts';
import type { AppLinkEvents, CastdeskBridge } from '../../contract/bridge.ts';

/** Builds `window.castdesk`: each function forwards its arguments only and returns the main process's plain answer. */
function buildBridge(): CastdeskBridge {
  const bridge: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of channelNames) {
    const channel = ipcChannel(name);
    bridge[name] = (args: unknown) => ipcRenderer.invoke(channel, args);
  }
  return bridge as CastdeskBridge;
}

/** The listener hears that a link is waiting, and nothing else: no event object, no data. */
const appLinkEvents: AppLinkEvents = {
  onLinkWaiting(listener) {
    ipcRenderer.on(appLinkWaitingChannel, () => listener());
  },
};

contextBridge.exposeInMainWorld('castdesk', buildBridge());
contextBridge.exposeInMainWorld('castdeskLinks', appLinkEvents);
