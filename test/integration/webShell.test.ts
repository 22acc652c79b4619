import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';

const sourceIndexHtml = fileURLToPath(new URL('../../renderer/index.html', import.meta.url));

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw HTTP request, so Host and Origin can be anything (fetch would not let us). */
function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: { Host: `127.0.0.1:${port}`, ...options.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

let shell: RunningWebShell;
let userDataDir: string;
let rendererDir: string;
let port: number;

const json = { 'Content-Type': 'application/json' };
const bridge = (channel: string, headers: Record<string, string>, body = '{}') =>
  send(port, { method: 'POST', path: `/bridge/${channel}`, headers: { ...json, ...headers }, body });

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-'));
  // The renderer's own index.html (with its CSP meta tag) stands in for the build.
  rendererDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), await readFile(sourceIndexHtml, 'utf8'));
  await writeFile(path.join(rendererDir, 'app.js'), 'console.log("hello");\n');
  shell = await startWebShell({ userDataDir, rendererDir, port: 0, version: '0.0.0-test' });
  port = shell.port;
});

afterAll(async () => {
  await shell?.close();
  await rm(userDataDir, { recursive: true, force: true });
  await rm(rendererDir, { recursive: true, force: true });
});

describe('web shell', () => {
  it('prints an address on loopback with a 32-byte launch token in the fragment', () => {
    expect(shell.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shell.url).toBe(`http://127.0.0.1:${port}/#token=${shell.token}`);
  });

  it('answers a bridge call that carries the token', async () => {
    const info = await bridge('getAppInfo', { 'X-Castdesk-Token': shell.token });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { version: '0.0.0-test', shell: 'web', keychain: { available: expect.any(Boolean) } } });

    const list = await bridge('listConnections', { 'X-Castdesk-Token': shell.token, Origin: `http://127.0.0.1:${port}` });
    expect(JSON.parse(list.body)).toEqual({ ok: true, value: { connections: [], activeId: null } });

    // Through localhost too: the same server under its other loopback name.
    const viaLocalhost = await bridge('listConnections', { 'X-Castdesk-Token': shell.token, Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    expect(viaLocalhost.status).toBe(200);
  });

  it('returns error results as data with HTTP 200', async () => {
    const bad = await bridge('testConnection', { 'X-Castdesk-Token': shell.token }, JSON.stringify({ id: 'NOT AN ID' }));
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid_arguments', message: expect.stringContaining('testConnection: id') } });
    const missing = await bridge('testConnection', { 'X-Castdesk-Token': shell.token }, JSON.stringify({ id: 'no-such-connection' }));
    expect(JSON.parse(missing.body)).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await bridge('listConnections', {})).status).toBe(401);
    expect((await bridge('listConnections', { 'X-Castdesk-Token': '' })).status).toBe(401);
    const sameLength = shell.token.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
    expect((await bridge('listConnections', { 'X-Castdesk-Token': sameLength })).status).toBe(401);
    expect((await bridge('listConnections', { 'X-Castdesk-Token': `${shell.token}x` })).status).toBe(401);
    // The token is needed before anything about channels is revealed.
    expect((await bridge('noSuchChannel', {})).status).toBe(401);
  });

  it('refuses a foreign Origin with 403, even with the token', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`]) {
      const answer = await bridge('listConnections', { 'X-Castdesk-Token': shell.token, Origin: origin });
      expect(answer.status, origin).toBe(403);
    }
  });

  it('refuses a foreign Host with 403 (DNS rebinding), for pages and bridge calls', async () => {
    expect((await send(port, { path: '/', headers: { Host: 'evil.example' } })).status).toBe(403);
    expect((await send(port, { path: '/', headers: { Host: `evil.example:${port}` } })).status).toBe(403);
    expect((await bridge('listConnections', { 'X-Castdesk-Token': shell.token, Host: 'evil.example' })).status).toBe(403);
    expect((await bridge('listConnections', { 'X-Castdesk-Token': shell.token, Host: `127.0.0.1:${port + 1}` })).status).toBe(403);
  });

  it('answers 404 for an unknown channel, 415 for a body that is not JSON, 413 for a huge one', async () => {
    expect((await bridge('readKey', { 'X-Castdesk-Token': shell.token })).status).toBe(404);
    expect((await bridge('__proto__', { 'X-Castdesk-Token': shell.token })).status).toBe(404);
    const text = await send(port, { method: 'POST', path: '/bridge/listConnections', headers: { 'Content-Type': 'text/plain', 'X-Castdesk-Token': shell.token }, body: '{}' });
    expect(text.status).toBe(415);
    const form = await send(port, { method: 'POST', path: '/bridge/listConnections', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Castdesk-Token': shell.token }, body: 'a=1' });
    expect(form.status).toBe(415);
    const huge = await bridge('listConnections', { 'X-Castdesk-Token': shell.token }, JSON.stringify({ padding: 'x'.repeat(600_000) }));
    expect(huge.status).toBe(413);
    // The largest valid call (100 URLs of 2,048 characters) is not refused for its size.
    const urls = Array.from({ length: 100 }, (_, i) => `https://pictures.example/${String(i).padStart(3, '0')}/${'p'.repeat(2_000)}.png`);
    const largest = await bridge('prefetchMedia', { 'X-Castdesk-Token': shell.token }, JSON.stringify({ connectionId: 'no-such-connection', urls, priority: 'low' }));
    expect(largest.status).toBe(200);
    expect(JSON.parse(largest.body)).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
    const broken = await bridge('listConnections', { 'X-Castdesk-Token': shell.token }, '{"unterminated');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect((await send(port, { path: '/bridge/listConnections', headers: { 'X-Castdesk-Token': shell.token } })).status).toBe(405);
  });

  it('serves the renderer with the renderer CSP and the hardening headers', async () => {
    const page = await send(port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    const metaCsp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(await readFile(sourceIndexHtml, 'utf8'))?.[1];
    expect(metaCsp).toBeDefined();
    expect(csp.startsWith(metaCsp!)).toBe(true);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');

    const script = await send(port, { path: '/app.js' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves nothing outside the renderer folder', async () => {
    for (const attempt of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00', '/missing.js']) {
      expect((await send(port, { path: attempt })).status, attempt).toBe(404);
    }
  });

  it('refuses pictures without the session cookie, and hands the cookie only to a token holder', async () => {
    const query = `/media-cache?c=no-such&u=${encodeURIComponent('http://127.0.0.1:9/a.png')}`;
    expect((await send(port, { path: query })).status).toBe(401);
    expect((await send(port, { path: query, headers: { Cookie: 'castdesk_session=guess' } })).status).toBe(401);

    expect((await send(port, { method: 'POST', path: '/session' })).status).toBe(401);
    const session = await send(port, { method: 'POST', path: '/session', headers: { 'X-Castdesk-Token': shell.token } });
    expect(session.status).toBe(204);
    const setCookie = String(session.headers['set-cookie']);
    expect(setCookie).toMatch(/^castdesk_session=[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain(shell.token);
    const cookie = setCookie.split(';')[0]!;

    // With the cookie the request reaches the back end: no such connection, and no file: URLs.
    expect((await send(port, { path: query, headers: { Cookie: cookie } })).status).toBe(404);
    const fileUrl = `/media-cache?c=no-such&u=${encodeURIComponent('file:///etc/passwd')}`;
    expect((await send(port, { path: fileUrl, headers: { Cookie: cookie } })).status).toBe(400);
  });
});
