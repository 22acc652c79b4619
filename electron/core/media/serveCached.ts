/**
 * Answers one picture or showreel request from the media cache, in a shape both shells can send: the Electron
 * `castdesk-media:` protocol handler wraps it in a Response, the web shell writes it to its HTTP
 * reply. Pictures are immutable per URL, so they may be cached forever; nosniff makes the browser
 * trust our checked Content-Type rather than guess one.
 */
import { readFile } from 'node:fs/promises';
import type { MediaPriority } from './downloadImage.ts';
import type { MediaKind } from './mediaAcceptance.ts';
import type { CachedPicture, MediaCache } from './mediaCache.ts';
import { MediaCacheError } from './mediaCacheError.ts';

export interface MediaHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function textResponse(status: number, message: string): MediaHttpResponse {
  return {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
    body: Buffer.from(message, 'utf8'),
  };
}

function errorResponse(error: MediaCacheError): MediaHttpResponse {
  switch (error.code) {
    case 'invalid_url':
      return textResponse(400, 'Not an http or https picture URL.');
    case 'unsupported_type':
      return textResponse(415, 'Not a picture this app shows (PNG, JPEG, WebP, GIF or AVIF only).');
    case 'too_large':
      return textResponse(413, 'The picture is too large to cache.');
    case 'upstream_status':
      return error.status === 404 || error.status === 410
        ? textResponse(404, 'Picture not found.')
        : textResponse(502, `The picture server answered HTTP ${error.status}.`);
    case 'unreachable':
      return textResponse(502, 'The picture server cannot be reached and the picture is not cached.');
    case 'aborted':
      return textResponse(503, 'The picture request was cancelled.');
    case 'storage_full':
      return textResponse(507, 'The disk is too full to keep this picture.');
    case 'over_cap':
      return textResponse(507, 'The pictures kept offline fill the media cache\'s limit.');
  }
}

export interface ServeOptions {
  signal?: AbortSignal;
  priority?: MediaPriority;
  /** What `url` is (default a picture). A showreel that is not stored is not downloaded first. */
  kind?: MediaKind;
  /**
   * Other versions of the same picture, best first: when `url` cannot be had (offline, not stored),
   * the first stored one is served instead, so a gallery shows the best cached version rather than
   * a broken image.
   */
  fallbacks?: readonly string[];
}

function fileResponse(body: Buffer, picture: CachedPicture, immutable: boolean): MediaHttpResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': picture.contentType,
      'Content-Length': String(body.length),
      // A stand-in version must not be remembered for the URL it stands in for.
      'Cache-Control': immutable ? 'private, max-age=31536000, immutable' : 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${picture.hash}"`,
    },
    body,
  };
}

/** The first of `fallbacks` that is stored, read; null when none is. */
async function storedFallback(cache: MediaCache, fallbacks: readonly string[]): Promise<MediaHttpResponse | null> {
  for (const url of fallbacks) {
    try {
      const picture = await cache.peek(url);
      if (picture) return fileResponse(await readFile(picture.path), picture, false);
    } catch {
      // An invalid or vanished fallback is skipped; the next one may do.
    }
  }
  return null;
}

/**
 * The HTTP answer for the file at `url` (the original http(s) URL). Stored files are served
 * without the network, so they keep working offline; a picture that cannot be had falls back to a
 * stored version of it; a showreel that is not stored is handed to its own host (307), since a
 * player streams it better than a download first would. Failures become short text answers (400,
 * 404, 413, 415, 502) rather than exceptions.
 */
export async function serveCached(cache: MediaCache, url: string, options: ServeOptions = {}): Promise<MediaHttpResponse> {
  const { fallbacks = [], kind = 'picture', ...getOptions } = options;
  if (kind === 'showreel') {
    const stored = await cache.peek(url).catch(() => null);
    if (!stored) return { status: 307, headers: { Location: url, 'Cache-Control': 'no-store' }, body: Buffer.alloc(0) };
  }
  // Two tries: the file can be evicted between get() and the read; the second get refetches it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const picture = await cache.get(url, { ...getOptions, kind });
      return fileResponse(await readFile(picture.path), picture, true);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 2) continue;
      const fallback = error instanceof MediaCacheError && error.code === 'aborted' ? null : await storedFallback(cache, fallbacks);
      if (fallback) return fallback;
      if (error instanceof MediaCacheError) return errorResponse(error);
      return textResponse(500, 'The media cache failed to read the picture.');
    }
  }
}
