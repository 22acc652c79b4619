/**
 * The electronegativity gate of `npm test` (scripts/electronegativity.mjs): it must really fail on
 * a HIGH finding — shown with a window that has Node in the renderer — and pass a window set up the
 * way electron/main/window.ts does. The step in scripts/test.mjs runs the same gate over out/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, highSeverity, scan } from '../../../scripts/electronegativity.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'castdesk-electronegativity-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function scanMain(name: string, source: string) {
  const appDir = path.join(dir, name);
  await mkdir(path.join(appDir, 'main'), { recursive: true });
  await writeFile(path.join(appDir, 'main', 'index.js'), source);
  return scan(appDir);
}

describe('the electronegativity gate', () => {
  it('finds HIGH-severity problems in an insecure window', async () => {
    const findings = await scanMain(
      'insecure',
      `const { BrowserWindow } = require('electron');
       new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, webSecurity: false } });`,
    );
    const high = highSeverity(findings).map((finding) => finding.id);
    // Without contextIsolation and without navigation limits: both HIGH.
    expect(high).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']));
    expect(describeFindings(findings)[0]).toMatch(/^HIGH /);
  }, 60_000);

  it('finds none in a window configured like the main window', async () => {
    const findings = await scanMain(
      'secure',
      `const { app, BrowserWindow, session } = require('electron');
       app.whenReady().then(() => {
         session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
         const window = new BrowserWindow({ webPreferences: { preload: '/app/preload.cjs', contextIsolation: true, sandbox: true,
           nodeIntegration: false, webviewTag: false, webSecurity: true, allowRunningInsecureContent: false,
           experimentalFeatures: false, disableBlinkFeatures: 'Auxclick' } });
         window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
         window.webContents.on('will-navigate', (event) => event.preventDefault());
       });`,
    );
    expect(highSeverity(findings)).toEqual([]);
  }, 60_000);
});
