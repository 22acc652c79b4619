/**
 * The app:// and castdesk-media: schemes: registered as privileged before the app is ready; app://
 * serves files from the built renderer folder only, every response with the renderer's CSP header,
 * and refuses every way of climbing out of the folder; castdesk-media: asks the back end.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { createAppFileHandler } from '../../../electron/main/appFiles.ts';
import { registerPrivilegedSchemes, serveAppScheme } from '../../../electron/main/appScheme.ts';
import { metaContentSecurityPolicy, rendererContentSecurityPolicy } from '../../../electron/core/files/contentSecurityPolicy.ts';
import { createMediaHandler } from '../../../electron/main/mediaScheme.ts';
import { securityHeaders } from '../../../electron/web/securityHeaders.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

let workDir: string;
let rendererDir: string;
let serve: (request: Request) => Promise<Response>;
const secret = 'TOP SECRET — outside the renderer folder';
/** The connections' base URLs as the back end would give them when a page is served. */
let directoryAddresses: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-app-scheme-'));
  rendererDir = path.join(workDir, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Castdesk</title>');
  await writeFile(path.join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(workDir, 'secret.txt'), secret);
  // A sibling folder whose name starts like the renderer's: a naive prefix check would let it through.
  await mkdir(path.join(workDir, 'renderer-other'));
  await writeFile(path.join(workDir, 'renderer-other', 'secret.txt'), secret);
  serveAppScheme(rendererDir, () => directoryAddresses);
  serve = electronDouble.recorded.protocolHandlers.get('app')!;
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the privileged schemes', () => {
  it('are app (standard, secure, fetch) and castdesk-media (also streaming), registered before ready', () => {
    registerPrivilegedSchemes();
    expect(electronDouble.recorded.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { scheme: 'castdesk-media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });
});

describe('app://castdesk/', () => {
  it('serves the renderer with the CSP header on protocol.handle("app")', async () => {
    const response = await serve(new Request('app://castdesk/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(rendererContentSecurityPolicy());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Castdesk</title>');
  });

  it('serves assets with their type, and single-page routes with index.html', async () => {
    const script = await serve(new Request('app://castdesk/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    const route = await serve(new Request('app://castdesk/actors/42'));
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Castdesk</title>');
  });

  it('uses the same policy as the meta tag of renderer/index.html and the web shell', async () => {
    const html = await readFile(new URL('../../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    // A meta tag cannot carry frame-ancestors; everything else is the same text.
    expect(meta).toBe(metaContentSecurityPolicy);
    const addresses = ['http://127.0.0.1:41234', 'https://directory.example/api/'];
    expect(securityHeaders(addresses)['Content-Security-Policy']).toBe(rendererContentSecurityPolicy(addresses));
    // The header is the tag narrowed: media from the connected directories instead of any address a
    // connection may have; frame-ancestors only as a header.
    const narrowed = metaContentSecurityPolicy
      .replace("castdesk-media: https: http://127.0.0.1:* http://localhost:*;", 'castdesk-media: http://127.0.0.1:41234 https://directory.example;')
      .replace("castdesk-media: wss: ws://127.0.0.1:* ws://localhost:*;", 'castdesk-media:;');
    expect(narrowed).not.toBe(metaContentSecurityPolicy);
    expect(rendererContentSecurityPolicy(addresses)).toBe(`${narrowed}; frame-ancestors 'none'`);
  });

  it('lets media come from the connected directories at their addresses as each page is served', async () => {
    const mediaSources = async () => {
      const header = (await serve(new Request('app://castdesk/index.html'))).headers.get('content-security-policy') ?? '';
      return header.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('media-src '));
    };
    directoryAddresses = ['http://127.0.0.1:33819', 'https://directory.example/api'];
    expect(await mediaSources()).toBe("media-src 'self' castdesk-media: http://127.0.0.1:33819 https://directory.example");
    // The demo came back on another port: the next page may play from there, no longer from the old one.
    directoryAddresses = ['http://127.0.0.1:34155', 'https://directory.example/api', 'not a url', 'javascript:alert(1)', 'http://[::1]:8787'];
    expect(await mediaSources()).toBe("media-src 'self' castdesk-media: http://127.0.0.1:34155 https://directory.example");
    directoryAddresses = [];
  });

  it('sends a policy that submits no form, lets no page frame the app, and loads media only from the app, its media cache and the directories', async () => {
    const header = (await serve(new Request('app://castdesk/index.html'))).headers.get('content-security-policy') ?? '';
    const directives = new Map(header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')] as const;
    }));
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    // With no connection, no host at all: not any https host, nor any local port.
    expect(directives.get('media-src')).toBe("'self' castdesk-media:");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
  });

  const escapes = [
    'app://castdesk/..%2f..%2fsecret.txt',
    'app://castdesk/..%2Fsecret.txt',
    'app://castdesk/%2e%2e%2fsecret.txt',
    'app://castdesk/assets/..%2f..%2f..%2fsecret.txt',
    'app://castdesk/..%5csecret.txt',
    'app://castdesk/assets%5c..%5c..%5csecret.txt',
    'app://castdesk/..%2frenderer-other%2fsecret.txt',
    'app://castdesk/%2e%2e/secret.txt',
    'app://castdesk/index.html%00.js',
  ];

  it.each(escapes)('refuses %s', async (url) => {
    const response = await serve(new Request(url));
    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain(secret);
    expect(response.headers.get('content-security-policy')).toBe(rendererContentSecurityPolicy());
  });

  it('refuses an absolute path smuggled in encoded', async () => {
    const response = await serve(new Request(`app://castdesk/${encodeURIComponent(path.join(workDir, 'secret.txt'))}`));
    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain(secret);
  });

  it('normalises plain ../ inside the folder, never above it', async () => {
    // The URL parser resolves these before the handler sees them: they land on /secret.txt in the renderer folder, which does not exist.
    for (const url of ['app://castdesk/../../secret.txt', 'app://castdesk/assets/../../../secret.txt']) {
      const response = await serve(new Request(url));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(secret);
    }
  });

  it('refuses other hosts, other methods and missing files', async () => {
    expect((await createAppFileHandler(rendererDir)(new Request('app://elsewhere/index.html'))).status).toBe(403);
    expect((await serve(new Request('app://castdesk/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await serve(new Request('app://castdesk/assets/missing.js'))).status).toBe(404);
    expect((await serve(new Request('app://castdesk/assets'))).status).toBe(200); // a route: no extension
  });
});

describe('castdesk-media:', () => {
  it('passes the query to backEnd.serveMedia and returns its answer', async () => {
    const queries: string[] = [];
    const handler = createMediaHandler({
      serveMedia: async (query) => {
        queries.push(query.toString());
        return { status: 200, headers: { 'Content-Type': 'image/png' }, body: Buffer.from([1, 2, 3]) };
      },
    });
    const response = await handler(new Request('castdesk-media://media/?c=demo&u=https%3A%2F%2Fimg.example%2Fa.png'));
    expect(queries).toEqual(['c=demo&u=https%3A%2F%2Fimg.example%2Fa.png']);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('answers 500 when the back end throws, and 405 to anything but GET and HEAD', async () => {
    const handler = createMediaHandler({ serveMedia: () => Promise.reject(new Error('disk gone')) });
    expect((await handler(new Request('castdesk-media://media/?c=demo&u=x'))).status).toBe(500);
    expect((await handler(new Request('castdesk-media://media/?c=demo&u=x', { method: 'POST', body: '' }))).status).toBe(405);
  });
});
