/**
 * The browser shell: the built renderer and the back end over HTTP on 127.0.0.1, for machines where
 * Electron cannot run and for the end-to-end tests. Any local process (or web page) can reach a
 * loopback port, so every bridge call must carry the launch token, the Host header must name this
 * server (against DNS rebinding) and a cross-origin Origin is refused. Pictures load through
 * <img>, which cannot send a header: they are authorised by an HttpOnly, SameSite=Strict cookie that
 * only a token holder can obtain (`POST /session`). Browsers send cookies to every port of a host,
 * so the cookie's Path is a per-session secret (`/m/<secret>/`, where the pictures live): a program
 * on another loopback port never learns the path and so never receives the cookie.
 * The browser opener is handed a one-time `/launch/<nonce>` address, never the token (see launchNonces.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appLinkScheme, routeFromAppLink } from '../../contract/app-links.ts';
import { createBackEnd, type BackEnd } from '../core/backEnd.ts';
import { isChannelName } from '../core/bridge/dispatch.ts';
import { webExternalOpener } from './externalOpener.ts';
import { createLaunchNonces, defaultLaunchNonceTtlMs } from './launchNonces.ts';
import { createLaunchToken, tokensMatch } from './launchToken.ts';
import { securityHeaders } from './securityHeaders.ts';
import { identityPath, identityProof } from './runningShell.ts';
import { readStaticFile } from './staticFiles.ts';

export const defaultWebPort = 5185;
export const defaultRendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
export const tokenHeader = 'x-castdesk-token';
const sessionCookie = 'castdesk_session';
/** Large enough for the largest valid call (prefetchMedia: 100 URLs of up to 2,048 characters). */
const maxBodyBytes = 512 * 1024;

export interface WebShellOptions {
  userDataDir: string;
  /** 0 picks a free port; default 5185 so the page's origin (and its IndexedDB) stays the same. */
  port?: number;
  /** The built renderer (out/renderer). */
  rendererDir?: string;
  version?: string;
  /** A back end to serve instead of creating one (tests). It is closed with the shell. */
  backEnd?: BackEnd;
  log?: (line: string) => void;
  /** How long a one-time launch address stays valid (default 30 s). */
  launchNonceTtlMs?: number;
  /** The clock of launch addresses (tests move it instead of waiting). */
  now?: () => number;
}

export interface RunningWebShell {
  /** The address to open by hand, with the launch token in the fragment (printed, never passed to a program). */
  url: string;
  token: string;
  port: number;
  /** A fresh one-time address for the browser opener: redeemed once, within seconds, for the token. */
  launchUrl(): string;
  close(): Promise<void>;
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function packageVersion(): Promise<string> {
  const text = await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) return Promise.reject(new HttpRefusal(413, `The request body is larger than ${maxBodyBytes} bytes.`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new HttpRefusal(413, `The request body is larger than ${maxBodyBytes} bytes.`));
        request.removeAllListeners('data');
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Every value of cookie `name`: a page on another port may set one of the same name to shadow ours. */
function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) values.push(rest.join('='));
  }
  return values;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Starts the web shell; resolves once it listens. */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const log = options.log ?? (() => undefined);
  const rendererDir = options.rendererDir ?? defaultRendererDir;
  const indexHtml = await readFile(path.join(rendererDir, 'index.html'), 'utf8').catch(() => null);
  if (indexHtml === null) {
    throw new Error(`No built renderer in ${rendererDir}: run \`npx electron-vite build\` (npm run build) first.`);
  }
  const token = createLaunchToken();
  const sessionSecret = randomBytes(32).toString('base64url');
  const mediaPath = `/m/${randomBytes(18).toString('base64url')}/`;
  const launchNonces = createLaunchNonces(options.launchNonceTtlMs ?? defaultLaunchNonceTtlMs, options.now);
  // Assigned once the port is ours: a start that finds the port taken (perhaps by a running shell of
  // the same user data) must not open that shell's data a second time.
  let backEnd: BackEnd;
  let port = 0;

  /** The connections' current addresses; none until the back end is open. */
  let directoryAddresses = (): string[] => [];
  /** The joined offices' addresses; none until the back end is open. */
  let officeAddresses = (): string[] => [];
  /** The security headers as of now: media sources follow the connections, WebSockets the offices. */
  const headersNow = () => securityHeaders(directoryAddresses(), officeAddresses());

  function send(response: ServerResponse, status: number, body: string | Buffer, extra: Record<string, string> = {}): void {
    if (response.headersSent) return;
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    response.writeHead(status, { ...headersNow(), 'Cache-Control': 'no-store', 'Content-Length': String(payload.length), ...extra });
    response.end(payload);
  }

  function sendJson(response: ServerResponse, status: number, value: unknown): void {
    send(response, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8' });
  }

  function refuse(response: ServerResponse, status: number, message: string): void {
    send(response, status, `${message}\n`, { 'Content-Type': 'text/plain; charset=utf-8' });
  }

  /** Host names this server (not a rebinding attacker's domain); Origin, when sent, is the page's own. */
  function checkOrigin(request: IncomingMessage): void {
    const host = request.headers.host;
    const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!host || !allowedHosts.includes(host.toLowerCase())) throw new HttpRefusal(403, 'This server answers only to its loopback address.');
    const origin = headerValue(request.headers.origin);
    if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
      throw new HttpRefusal(403, 'Requests from other origins are refused.');
    }
  }

  function checkToken(request: IncomingMessage): void {
    if (!tokensMatch(token, headerValue(request.headers[tokenHeader]))) {
      throw new HttpRefusal(401, 'A valid X-Castdesk-Token header is required.');
    }
  }

  async function handleBridge(request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> {
    if (request.method !== 'POST') throw new HttpRefusal(405, 'Bridge calls are POST requests.');
    checkToken(request);
    if (!isChannelName(channel)) throw new HttpRefusal(404, `Unknown bridge channel ${JSON.stringify(channel.slice(0, 80))}.`);
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') throw new HttpRefusal(415, 'Bridge calls carry a JSON body (Content-Type: application/json).');
    const body = await readBody(request);
    let args: unknown = {};
    if (body.length > 0) {
      try {
        args = JSON.parse(body.toString('utf8'));
      } catch {
        sendJson(response, 400, { ok: false, error: { code: 'invalid_arguments', message: `${channel}: the body is not valid JSON.` } });
        return;
      }
    }
    sendJson(response, 200, await backEnd.call(channel, args));
  }

  async function handleMedia(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpRefusal(405, 'Pictures are fetched with GET.');
    const cookies = cookieValues(request.headers.cookie, sessionCookie);
    if (!cookies.some((cookie) => tokensMatch(sessionSecret, cookie))) throw new HttpRefusal(401, 'Pictures need the session cookie (POST /session).');
    const answer = await backEnd.serveMedia(url.searchParams);
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
    if (response.headersSent) return;
    response.writeHead(answer.status, { ...headersNow(), ...answer.headers, 'Content-Length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  function launchUrl(): string {
    return `http://127.0.0.1:${port}/launch/${launchNonces.issue()}`;
  }

  /** A valid nonce becomes a redirect to the page with the token in its fragment; it never works twice. */
  function redeemLaunch(request: IncomingMessage, response: ServerResponse, nonce: string): void {
    if (request.method !== 'GET') throw new HttpRefusal(405, 'Launch addresses are opened with GET.');
    const refusal = launchNonces.redeem(nonce);
    if (refusal === null) {
      send(response, 303, '', { Location: `/#token=${token}` });
      return;
    }
    if (refusal === 'used') {
      log('web shell: a launch address was opened a second time; if you opened it only once, another program on this machine may have read it: stop the shell and start it again.');
      throw new HttpRefusal(410, 'This launch address was used already. Open the address the Castdesk web shell printed in its terminal.');
    }
    if (refusal === 'expired') throw new HttpRefusal(410, 'This launch address has expired. Open the address the Castdesk web shell printed in its terminal.');
    throw new HttpRefusal(404, 'Unknown launch address.');
  }

  /** Proves to a starting shell that holds the runtime file that this listener is the shell it names. */
  function proveIdentity(request: IncomingMessage, response: ServerResponse, url: URL): void {
    if (request.method !== 'GET') throw new HttpRefusal(405, 'GET /identity?challenge=….');
    const challenge = url.searchParams.get('challenge') ?? '';
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) throw new HttpRefusal(400, 'The challenge is 16 to 128 base64url characters.');
    sendJson(response, 200, { proof: identityProof(token, challenge) });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    checkOrigin(request);
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname.startsWith('/bridge/')) return handleBridge(request, response, url.pathname.slice('/bridge/'.length));
    if (url.pathname === '/session') {
      if (request.method !== 'POST') throw new HttpRefusal(405, 'POST /session with the token header.');
      checkToken(request);
      send(response, 200, JSON.stringify({ mediaPath }), {
        'Content-Type': 'application/json; charset=utf-8',
        'Set-Cookie': `${sessionCookie}=${sessionSecret}; Path=${mediaPath.slice(0, -1)}; HttpOnly; SameSite=Strict`,
      });
      return;
    }
    if (url.pathname === `${mediaPath}media-cache`) return handleMedia(request, response, url);
    if (url.pathname.startsWith('/launch/')) return redeemLaunch(request, response, url.pathname.slice('/launch/'.length));
    if (url.pathname === '/launch') {
      if (request.method !== 'POST') throw new HttpRefusal(405, 'POST /launch with the token header.');
      checkToken(request);
      sendJson(response, 200, { url: launchUrl() });
      return;
    }
    if (url.pathname === identityPath) return proveIdentity(request, response, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpRefusal(405, 'Only GET and HEAD for pages.');
    // The path of a castdesk:// link (`/actors/123`) opens the app at that route: the hash router
    // reads the fragment. The page still needs this tab's launch token, as any other address does.
    const linked = routeFromAppLink(`${appLinkScheme}://${(request.url ?? '/').slice(1)}`);
    if (linked.ok) {
      send(response, 303, '', { Location: `/#${linked.route}` });
      return;
    }
    const file = await readStaticFile(rendererDir, url.pathname);
    if (!file) throw new HttpRefusal(404, 'Not found.');
    send(response, 200, request.method === 'HEAD' ? Buffer.alloc(0) : file.body, {
      'Content-Type': file.contentType,
      'Cache-Control': file.isHtml ? 'no-store' : 'no-cache',
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpRefusal) refuse(response, error.status, error.message);
      else {
        log(`web shell: ${request.method} ${request.url?.split('?')[0]} failed: ${(error as Error).stack ?? String(error)}`);
        refuse(response, 500, 'Internal error.');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? defaultWebPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await options.backEnd?.close();
    throw error;
  });
  port = (server.address() as AddressInfo).port;
  try {
    backEnd =
      options.backEnd ??
      (await createBackEnd({
        userDataDir: options.userDataDir,
        shell: 'web',
        version: options.version ?? (await packageVersion()),
        openExternal: webExternalOpener(log),
      }));
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const opened = backEnd;
  directoryAddresses = () => opened.directoryAddresses();
  officeAddresses = () => opened.officeAddresses();

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    token,
    port,
    launchUrl,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await backEnd.close();
      })();
      return closing;
    },
  };
}
