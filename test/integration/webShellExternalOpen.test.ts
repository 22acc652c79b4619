/**
 * The web shell's opener for links that leave the app: with CASTDESK_EXTERNAL_OPEN_LOG set it opens
 * nothing and writes one JSON line per opened link, so end-to-end tests can see what reached it.
 * Only a token holder gets there, and only with a link the back end accepted.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOpenLogVariable } from '../../electron/web/externalOpener.ts';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';

const sourceIndexHtml = fileURLToPath(new URL('../../renderer/index.html', import.meta.url));

let shell: RunningWebShell;
let workDir: string;
let logFile: string;
const previousLogSetting = process.env[externalOpenLogVariable];

function openExternal(body: unknown, token: string | null = shell.token): Promise<Response> {
  return fetch(`http://127.0.0.1:${shell.port}/bridge/openExternal`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Castdesk-Token': token } : {}) },
    body: JSON.stringify(body),
  });
}

async function loggedLines(): Promise<unknown[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-open-'));
  const rendererDir = path.join(workDir, 'renderer');
  const userDataDir = path.join(workDir, 'user-data');
  await Promise.all([mkdir(rendererDir), mkdir(userDataDir)]);
  await writeFile(path.join(rendererDir, 'index.html'), await readFile(sourceIndexHtml, 'utf8'));
  logFile = path.join(workDir, 'opened.jsonl');
  process.env[externalOpenLogVariable] = logFile;
  shell = await startWebShell({ userDataDir, rendererDir, port: 0, version: '0.0.0-test' });
});

afterAll(async () => {
  await shell?.close();
  if (previousLogSetting === undefined) delete process.env[externalOpenLogVariable];
  else process.env[externalOpenLogVariable] = previousLogSetting;
  await rm(workDir, { recursive: true, force: true });
});

describe('web shell: openExternal', () => {
  it('records each opened link as one JSON line instead of opening it', async () => {
    const first = await openExternal({ url: 'https://example.com/profile a' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, value: { opened: true } });
    const second = await openExternal({ url: 'mailto:casting@example.com' });
    expect(await second.json()).toEqual({ ok: true, value: { opened: true } });
    expect(await loggedLines()).toEqual([{ url: 'https://example.com/profile%20a' }, { url: 'mailto:casting@example.com' }]);
  });

  it('refuses unsafe links as invalid_input and records nothing for them', async () => {
    const before = await loggedLines();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'https://example.com/\n']) {
      const answer = await openExternal({ url });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await loggedLines()).toEqual(before);
  });

  it('refuses a caller without the launch token', async () => {
    const before = await loggedLines();
    expect((await openExternal({ url: 'https://example.com/' }, null)).status).toBe(401);
    expect((await openExternal({ url: 'https://example.com/' }, 'not-the-token')).status).toBe(401);
    expect(await loggedLines()).toEqual(before);
  });
});
