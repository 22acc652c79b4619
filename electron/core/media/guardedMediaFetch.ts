/**
 * The media cache's way onto the network in the app: a picture or showreel URL comes from the
 * directory's answers, so a hostile directory could point it at this machine or the local network
 * (a router's admin page, a metadata service) and read the answer back through the media proxy.
 * This fetch refuses loopback, link-local and private addresses (privateAddress.ts): IP literals
 * directly, names by every address they resolve to, checked in the socket's own lookup so the
 * address connected to is the one checked (no second resolution to rebind). Redirects are followed
 * by hand, each hop under the same rule. The one exception is a connection's own directory: its
 * origin (the demo directory and tests run on 127.0.0.1) may be private, and it may redirect there.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { MediaFetch } from './downloadImage.ts';
import { MediaCacheError } from './mediaCacheError.ts';
import { isRefusedMediaAddress } from './privateAddress.ts';

export interface GuardedMediaFetchOptions {
  /** Origins (or base URLs) of the configured connections' directories, asked at every request. */
  trustedOrigins: () => Iterable<string>;
  /** Redirects followed at most; default 5. */
  maxRedirects?: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function refused(url: URL, address: string): MediaCacheError {
  return new MediaCacheError(
    'invalid_url',
    `${url.href} was refused: ${address} is on this computer or a local network, not the directory's media host.`,
    url.href,
  );
}

/** dns.lookup that fails when any address of the name is refused (the socket connects to what it returns). */
function guardedLookup(url: URL): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => isRefusedMediaAddress(entry.address));
      if (bad || addresses.length === 0) return callback(refused(url, bad?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Errors of a request whose kept-alive socket closed before anything was answered. */
const closedSocketCodes = new Set(['ECONNRESET', 'EPIPE']);

/**
 * One GET without following redirects; `guarded` applies the address rule. A GET that fails on a
 * reused keep-alive socket before any answer is sent again, as browsers do. Such a socket closed as
 * it was handed out: Node's agent gives a request the pooled socket its own 5 s idle timeout
 * destroyed in the same turn of the event loop (it skips destroyed sockets only at the pool's
 * front and takes from its back), which a loaded machine, bunching timers and requests, made
 * common enough to leave kept pictures waiting as "cannot be reached"; or the host's idle timeout
 * closed it as the request arrived. Each retry takes another pooled socket or a new one, and a new
 * one's failure is final, so it ends.
 */
function requestOnce(url: URL, signal: AbortSignal, guarded: boolean): Promise<Response> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (guarded && isIP(host) !== 0 && isRefusedMediaAddress(host)) return Promise.reject(refused(url, host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const send = (): void => {
      let answered = false;
      const request = client.request(
        url,
        {
          method: 'GET',
          signal,
          headers: { accept: 'image/*, audio/*, video/*, */*;q=0.5', 'accept-encoding': 'identity' },
          ...(guarded ? { lookup: guardedLookup(url) } : {}),
        },
        (incoming) => {
          answered = true;
          resolve(responseOf(incoming));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered && request.reusedSocket && closedSocketCodes.has(error.code ?? '') && !signal.aborted) send();
        else reject(error);
      });
      request.end();
    };
    send();
  });
}

/** The fetch Response of a node:http answer (its body streamed, not buffered). */
function responseOf(incoming: http.IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const status = incoming.statusCode ?? 502;
  const bodyless = status === 204 || status === 304;
  if (bodyless) incoming.resume();
  return new Response(bodyless ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), { status, headers });
}

/** A MediaFetch that never reaches a refused address, unless it is a connection's own directory. */
export function guardedMediaFetch(options: GuardedMediaFetchOptions): MediaFetch {
  const maxRedirects = options.maxRedirects ?? 5;
  const isTrusted = (url: URL) => {
    for (const trusted of options.trustedOrigins()) {
      try {
        if (new URL(trusted).origin === url.origin) return true;
      } catch {
        // A stored base URL that does not parse trusts nothing.
      }
    }
    return false;
  };
  return async (url, init) => {
    let current = new URL(url);
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestOnce(current, init.signal, !isTrusted(current));
      const location = response.headers.get('location');
      if (!redirectStatuses.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (redirects >= maxRedirects) throw new MediaCacheError('unreachable', `${url} redirects more than ${maxRedirects} times.`, url);
      const next = new URL(location, current);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new MediaCacheError('invalid_url', `${url} redirects to a ${next.protocol} address, which is not fetched.`, url);
      }
      current = next;
    }
  };
}
