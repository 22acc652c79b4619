/**
 * The renderer's own schemes. `app://castdesk/` serves the built renderer (a standard, secure
 * origin of its own instead of file://, which would share one origin with every file on disk);
 * `castdesk-media:` serves pictures from the back end's media cache.
 */
import { protocol } from 'electron';
import { mediaScheme } from '../../contract/bridge.ts';
import { createAppFileHandler, type DirectoryAddresses } from './appFiles.ts';

/**
 * Must run before the app is ready: only privileged schemes get a real origin, fetch, CSP
 * treatment as secure, and (for media) streaming into <video>.
 */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: mediaScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * Serves `rendererDir` (out/renderer) under app://castdesk/ on the default session; a page may play
 * media from the directories at the addresses `directoryAddresses` gives as it is served.
 */
export function serveAppScheme(rendererDir: string, directoryAddresses?: DirectoryAddresses, officeAddresses?: DirectoryAddresses): void {
  protocol.handle('app', createAppFileHandler(rendererDir, directoryAddresses, officeAddresses));
}
