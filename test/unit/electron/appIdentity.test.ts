/**
 * Issue 21, item 6: on Windows the app takes the AppUserModelID its NSIS shortcut carries
 * (electron-builder's appId), without which Windows shows none of its notifications; elsewhere
 * Electron has no app.setAppUserModelId, so it must not be called there.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUserModelId, setWindowsAppIdentity } from '../../../electron/main/appIdentity.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)(path.join(repoRoot, 'electron-builder.config.cjs')) as { appId: string };

/** An app that records the ids it was given. */
function recordingApp(): { setAppUserModelId(id: string): void; ids: string[] } {
  const ids: string[] = [];
  return { ids, setAppUserModelId: (id) => void ids.push(id) };
}

describe('the Windows app identity', () => {
  it('is the appId the installer gives the Start-menu shortcut', () => {
    expect(appUserModelId).toBe(config.appId);
  });

  it('is set on Windows', () => {
    const app = recordingApp();
    setWindowsAppIdentity(app, 'win32');
    expect(app.ids).toEqual(['eu.castdesk.app']);
  });

  it.each(['linux', 'darwin'] as const)('is not set on %s, where Electron has no setAppUserModelId', (platform) => {
    const app = recordingApp();
    setWindowsAppIdentity(app, platform);
    expect(app.ids).toEqual([]);
  });
});
