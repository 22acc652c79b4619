/**
 * One ipcMain handler per contract channel and no other. Each checks the sending frame's origin,
 * then hands the untouched arguments to the back end, which validates them with the channel's
 * zod schema and answers `{ok, value} | {ok: false, error}`, so errors cross as data.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channelNames, ipcChannel } from '../../contract/bridge.ts';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
import type { BackEnd } from '../core/backEnd.ts';
import { isTrustedSenderUrl } from './trustedSender.ts';

/** Registers the bridge's handlers; `devServerUrl` is trusted too, and must only be given when not packaged. */
export function registerBridgeHandlers(backEnd: Pick<BackEnd, 'call'>, devServerUrl?: string): void {
  for (const name of channelNames) {
    ipcMain.handle(ipcChannel(name), async (event: IpcMainInvokeEvent, args: unknown): Promise<BridgeResult<unknown>> => {
      const senderUrl = event.senderFrame?.url;
      if (!isTrustedSenderUrl(senderUrl, devServerUrl)) {
        return { ok: false, error: { code: 'forbidden_sender', message: `The bridge does not answer ${senderUrl ?? 'a closed frame'}.` } };
      }
      return backEnd.call(name, args);
    });
  }
}

/** Removes the handlers again (on quit, so a late message finds no back end). */
export function removeBridgeHandlers(): void {
  for (const name of channelNames) ipcMain.removeHandler(ipcChannel(name));
}
