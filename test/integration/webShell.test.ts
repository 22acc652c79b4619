import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProof, listenerIsShell } from '../../electron/web/runningShell.ts';
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
/** The shell's clock for launch addresses: tests move it instead of waiting. */
let clock = Date.now();

const json = { 'Content-Type': 'application/json' };
const bridge = (channel: string, headers: Record<string, string>, body = '{}') =>
  send(port, { method: 'POST', path: `/bridge/${channel}`, headers: { ...json, ...headers }, body });

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-'));
  // The renderer's own index.html (with its CSP meta tag) stands in for the build.
  rendererDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), await readFile(sourceIndexHtml, 'utf8'));
  await writeFile(path.join(rendererDir, 'app.js'), 'console.log("hello");\n');
  shell = await startWebShell({ userDataDir, rendererDir, port: 0, version: '0.0.0-test', launchNonceTtlMs: 30_000, now: () => clock });
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

  it('issues one-time launch addresses that redirect once to the token and expire within seconds', async () => {
    const fresh = new URL(shell.launchUrl());
    expect(fresh.origin).toBe(`http://127.0.0.1:${port}`);
    expect(fresh.href).not.toContain(shell.token);
    const first = await send(port, { path: fresh.pathname });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/#token=${shell.token}`);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const again = await send(port, { path: fresh.pathname });
    expect(again.status).toBe(410);
    expect(again.body).not.toContain(shell.token);

    const late = new URL(shell.launchUrl());
    clock += 30_001;
    const expired = await send(port, { path: late.pathname });
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('expired');
    expect(expired.headers.location).toBeUndefined();

    expect((await send(port, { path: '/launch/made-up-nonce' })).status).toBe(404);
    expect((await send(port, { method: 'POST', path: new URL(shell.launchUrl()).pathname })).status).toBe(405);
  });

  it('gives a new launch address only to a token holder, and proves its identity without revealing the token', async () => {
    expect((await send(port, { method: 'POST', path: '/launch' })).status).toBe(401);
    const issued = await send(port, { method: 'POST', path: '/launch', headers: { 'X-Castdesk-Token': shell.token } });
    expect(issued.status).toBe(200);
    const { url } = JSON.parse(issued.body) as { url: string };
    expect((await send(port, { path: new URL(url).pathname })).status).toBe(303);

    const challenge = 'c'.repeat(32);
    const proof = await send(port, { path: `/identity?challenge=${challenge}` });
    expect(proof.status).toBe(200);
    expect(JSON.parse(proof.body)).toEqual({ proof: identityProof(shell.token, challenge) });
    expect(proof.body).not.toContain(shell.token);
    expect(await listenerIsShell(port, shell.token)).toBe(true);
    expect(await listenerIsShell(port, 'T'.repeat(43))).toBe(false);
    expect((await send(port, { path: '/identity?challenge=short' })).status).toBe(400);
  });

  it('opens no back end (and so no user data) when its port is taken', async () => {
    const untouched = path.join(userDataDir, 'never-opened');
    await expect(startWebShell({ userDataDir: untouched, rendererDir, port, version: '0.0.0-test' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(existsSync(untouched)).toBe(false);
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

  it('does not update itself: the update channels answer unavailable', async () => {
    const status = await bridge('getUpdateStatus', { 'X-Castdesk-Token': shell.token }, '{}');
    expect(JSON.parse(status.body)).toEqual({ ok: true, value: { phase: 'unavailable', consent: 'undecided' } });
    const consent = await bridge('setUpdateConsent', { 'X-Castdesk-Token': shell.token }, JSON.stringify({ consent: 'install_on_quit' }));
    expect(JSON.parse(consent.body)).toMatchObject({ ok: false, error: { code: 'updates_unavailable' } });
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
    // The tag's policy, with media narrowed to the connected directories and sockets to the joined
    // offices (contentSecurityPolicy.ts): none is joined here, so no socket may open.
    const narrowed = ['media-src ', 'connect-src '];
    const withoutNarrowed = (policy: string) => policy.split('; ').filter((directive) => !narrowed.some((name) => directive.startsWith(name))).join('; ');
    expect(withoutNarrowed(csp).startsWith(withoutNarrowed(metaCsp!))).toBe(true);
    expect(csp).toMatch(/media-src 'self' castdesk-media:(?: http[^;]+)?;/);
    expect(csp).toMatch(/connect-src 'self' castdesk-media:;/);
    // The embedded demo's address is in it before the demo connection exists: the first start's page
    // keeps the policy it was sent, and the demo's showreels were blocked until a restart.
    const demoPort = (await readFile(path.join(userDataDir, 'demo-directory', 'port'), 'utf8')).trim();
    expect(csp).toMatch(new RegExp(`media-src [^;]*http://127\\.0\\.0\\.1:${demoPort}[ ;]`));
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

  it('opens the path of a castdesk:// link at its route (the page still needs the launch token), and no other path', async () => {
    for (const [address, route] of [
      ['/actors/123', '/actors/123'],
      ['/crew/7/', '/crew/7'],
      ['/casting-calls/4', '/casting-calls/4'],
      ['/shortlists/2', '/shortlists/2'],
      ['/actors?q=Anna%20Maria&gender=female', '/actors?q=Anna+Maria&gender=female'],
    ] as const) {
      const answer = await send(port, { path: address });
      expect(answer.status, address).toBe(303);
      expect(answer.headers.location, address).toBe(`/#${route}`);
      expect(answer.body).not.toContain(shell.token);
    }
    for (const attempt of ['/settings', '/actors/123?x=1', '/actors/%31', '/actors/../settings', '/actors/1/..', '/actors?token=x', '/bridge-like/1']) {
      expect((await send(port, { path: attempt })).status, attempt).toBe(404);
    }
  });

  it('refuses pictures without the session cookie, and hands the cookie only to a token holder', async () => {
    expect((await send(port, { method: 'POST', path: '/session' })).status).toBe(401);
    const session = await send(port, { method: 'POST', path: '/session', headers: { 'X-Castdesk-Token': shell.token } });
    expect(session.status).toBe(200);
    const { mediaPath } = JSON.parse(session.body) as { mediaPath: string };
    expect(mediaPath).toMatch(/^\/m\/[A-Za-z0-9_-]{24}\/$/);
    const setCookie = String(session.headers['set-cookie']);
    expect(setCookie).toMatch(/^castdesk_session=[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain(shell.token);
    const cookie = setCookie.split(';')[0]!;

    const query = `${mediaPath}media-cache?c=no-such&u=${encodeURIComponent('http://127.0.0.1:9/a.png')}`;
    expect((await send(port, { path: query })).status).toBe(401);
    expect((await send(port, { path: query, headers: { Cookie: 'castdesk_session=guess' } })).status).toBe(401);
    // With the cookie the request reaches the back end: no such connection, and no file: URLs.
    expect((await send(port, { path: query, headers: { Cookie: cookie } })).status).toBe(404);
    // A cookie of the same name set by a page on another port (sent first) does not shadow ours.
    expect((await send(port, { path: query, headers: { Cookie: `castdesk_session=tossed; ${cookie}` } })).status).toBe(404);
    const fileUrl = `${mediaPath}media-cache?c=no-such&u=${encodeURIComponent('file:///etc/passwd')}`;
    expect((await send(port, { path: fileUrl, headers: { Cookie: cookie } })).status).toBe(400);
  });

  it('scopes the session cookie to a secret path, so other loopback ports never receive it', async () => {
    const session = await send(port, { method: 'POST', path: '/session', headers: { 'X-Castdesk-Token': shell.token } });
    const { mediaPath } = JSON.parse(session.body) as { mediaPath: string };
    const attributes = String(session.headers['set-cookie'])
      .split(';')
      .slice(1)
      .map((part) => part.trim());
    // Browsers send a cookie to every port of the host, but only for paths under its Path.
    expect(attributes).toContain(`Path=${mediaPath.slice(0, -1)}`);
    expect(attributes.some((attribute) => /^Domain=/i.test(attribute))).toBe(false);
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    // Pictures exist only under the secret path: the back end answers there (400 for a file: URL),
    // while the old address and a guessed secret are not found at all.
    const picture = `media-cache?c=no-such&u=${encodeURIComponent('file:///etc/passwd')}`;
    expect((await send(port, { path: `${mediaPath}${picture}`, headers: { Cookie: cookie } })).status).toBe(400);
    expect((await send(port, { path: `/${picture}`, headers: { Cookie: cookie } })).status).toBe(404);
    expect((await send(port, { path: `/m/guessed/${picture}`, headers: { Cookie: cookie } })).status).toBe(404);
  });
});
