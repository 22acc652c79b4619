import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeChannels, type ChannelName } from '../../contract/bridge.ts';
import { bridgeErrorSchema } from '../../contract/bridge-errors.ts';
import { createBackEnd } from '../../electron/core/backEnd.ts';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';

const sourceIndexHtml = fileURLToPath(new URL('../../renderer/index.html', import.meta.url));
const canary = 'canary-web-demo-KEY-5e4d3c2b1a';

let shell: RunningWebShell;
let userDataDir: string;
let rendererDir: string;
let origin: string;

/** Parsed JSON, already checked against the contract by call(); the tests read into it freely. */
type ParsedJson = ReturnType<typeof JSON.parse>;

/** A bridge call over HTTP; checks the answer against the contract's result or error schema. */
async function call(channel: ChannelName, args: unknown = {}): Promise<{ ok: boolean; value?: ParsedJson; error?: ParsedJson }> {
  const response = await fetch(`${origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': shell.token },
    body: JSON.stringify(args),
  });
  expect(response.status).toBe(200);
  const result = (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
  if (result.ok) bridgeChannels[channel].result.parse(result.value);
  else bridgeErrorSchema.parse(result.error);
  expect(JSON.stringify(result)).not.toContain(canary);
  return result;
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? allFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
  return nested.flat();
}

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-demo-'));
  rendererDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-demo-renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), await readFile(sourceIndexHtml, 'utf8'));
  const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test', demoArgs: ['--actors', '30', '--crew', '5', '--casting-calls', '4'] });
  shell = await startWebShell({ userDataDir, rendererDir, port: 0, backEnd });
  origin = `http://127.0.0.1:${shell.port}`;
});

afterAll(async () => {
  await shell?.close();
  await rm(userDataDir, { recursive: true, force: true });
  await rm(rendererDir, { recursive: true, force: true });
});

describe('the back end behind the web shell, with the demo directory', () => {
  let demoId = '';
  let demoBaseUrl = '';

  it('opens the demo directory as the active connection, with its key stored', async () => {
    const demo = await call('openDemoDirectory');
    expect(demo).toMatchObject({ ok: true, value: { name: 'Demo directory', isDemo: true, hasKey: true, contentLocale: 'en' } });
    demoId = demo.value.id;
    demoBaseUrl = demo.value.baseUrl;
    expect(demoBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await call('listConnections')).toEqual({ ok: true, value: { connections: [demo.value], activeId: demoId } });
    // A second call reuses the running demo and the same connection.
    expect((await call('openDemoDirectory')).value.id).toBe(demoId);
  });

  it('lists and reads actors, crew, casting calls and attributes of the demo', async () => {
    const actors = await call('listActors', { connectionId: demoId, params: { perPage: 5, includePicture: true, order: 'name' } });
    expect(actors.ok).toBe(true);
    expect(actors.value.items).toHaveLength(5);
    expect(actors.value).toMatchObject({ page: 1, perPage: 5, nextPage: 2 });
    expect(actors.value.total).toBeGreaterThan(5);
    const first = actors.value.items[0];
    expect((await call('getActor', { connectionId: demoId, id: first.id })).value.id).toBe(first.id);
    expect((await call('getActor', { connectionId: demoId, id: 2_000_000 })).error.code).toBe('not_found');
    expect((await call('listCrew', { connectionId: demoId, params: { perPage: 2 } })).ok).toBe(true);
    const calls = await call('listCastingCalls', { connectionId: demoId, params: {} });
    expect(calls.ok).toBe(true);
    const attributes = await call('listAttributes', { connectionId: demoId });
    expect(attributes.value).toContain('eye_colors');
    expect(Object.keys((await call('getAttribute', { connectionId: demoId, name: 'eye_colors', locale: 'de' })).value).length).toBeGreaterThan(0);

    // The thumbnail, through the media cache, with the session cookie.
    const session = await fetch(`${origin}/session`, { method: 'POST', headers: { 'X-Castdesk-Token': shell.token } });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const { mediaPath } = (await session.json()) as { mediaPath: string };
    const picture = await fetch(`${origin}${mediaPath}media-cache?c=${demoId}&u=${encodeURIComponent(first.main_picture_url_tile)}`, { headers: { Cookie: cookie } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await call('getMediaCacheStats')).value.count).toBe(1);
  });

  it('tests connections: the demo key is accepted, a wrong key is not', async () => {
    const good = await call('testConnection', { id: demoId });
    expect(good.value).toMatchObject({ reachable: true, keyAccepted: true, counts: { actors: expect.any(Number), crew: expect.any(Number), castingCalls: expect.any(Number) } });

    const wrong = await call('addConnection', { name: 'Wrong key', baseUrl: demoBaseUrl, contentLocale: 'de', key: 'wrong-key-123' });
    expect(wrong.value).toMatchObject({ name: 'Wrong key', isDemo: false, hasKey: true });
    const verdict = await call('testConnection', { id: wrong.value.id });
    expect(verdict.value).toMatchObject({ reachable: true, keyAccepted: false, error: { code: 'unauthorized' } });
    expect((await call('listActors', { connectionId: wrong.value.id, params: {} })).error.code).toBe('unauthorized');

    await call('setConnectionKey', { id: wrong.value.id, key: canary });
    expect((await call('testConnection', { id: wrong.value.id })).value.keyAccepted).toBe(false);
    expect((await call('deleteConnectionKey', { id: wrong.value.id })).value.hasKey).toBe(false);
    expect((await call('testConnection', { id: wrong.value.id })).error.code).toBe('key_missing');
    expect(await call('removeConnection', { id: wrong.value.id })).toEqual({ ok: true, value: {} });
  });

  it('refuses a plain-http base URL that is not loopback', async () => {
    const refused = await call('addConnection', { name: 'Insecure', baseUrl: 'http://directory.example', contentLocale: 'en', key: 'k-1' });
    expect(refused.error.code).toBe('invalid_input');
  });

  it('wrote no key to any file, and stops the demo directory when it closes', async () => {
    const files = await allFiles(userDataDir);
    for (const file of files) expect((await readFile(file)).includes(canary), file).toBe(false);

    // The demo keeps its data under the user data folder, so later starts are fast.
    expect((await allFiles(path.join(userDataDir, 'demo-directory'))).length).toBeGreaterThan(0);
    const demoUrl = (await call('listConnections')).value.connections[0].baseUrl;
    await shell.close();
    // Closed with the shell: nothing listens on the demo's port any more.
    await expect(fetch(`${demoUrl}/api/v1/attributes`)).rejects.toThrow();
  });
});
