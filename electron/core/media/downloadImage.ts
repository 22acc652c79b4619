/**
 * One picture download into a temp file: checks the status, the declared type, the size and the
 * leading bytes while streaming, and hashes as it writes. Any refusal removes the temp file, so a
 * refused response leaves nothing on disk.
 */
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { mediaTypeOf } from './imageType.ts';
import { pictureAcceptance, type MediaAcceptance, type StoredMediaType } from './mediaAcceptance.ts';
import { MediaCacheError } from './mediaCacheError.ts';

export type MediaPriority = 'high' | 'normal' | 'low';

/**
 * How the cache reaches the network. The app passes one that goes through the connection's rate
 * budget; `priority` lets it put what the user is looking at first.
 */
export type MediaFetch = (url: string, init: { signal: AbortSignal; priority?: MediaPriority }) => Promise<Response>;

export interface DownloadedImage {
  tempPath: string;
  hash: string;
  contentType: StoredMediaType;
  size: number;
}

/** Enough leading bytes for every signature sniffImageType knows. */
const sniffBytes = 64;

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error as Error | null)?.name === 'AbortError';
}

/** Fetches `url` into `tempPath`; throws MediaCacheError for every refusal and failure. */
export async function downloadImage(
  fetchMedia: MediaFetch,
  url: string,
  tempPath: string,
  options: { signal: AbortSignal; priority?: MediaPriority; maxBytes: number; accept?: MediaAcceptance },
): Promise<DownloadedImage> {
  const { signal, maxBytes } = options;
  const accept = options.accept ?? pictureAcceptance;
  let response: Response;
  try {
    response = await fetchMedia(url, { signal, priority: options.priority });
  } catch (error) {
    if (isAbort(error, signal)) throw new MediaCacheError('aborted', `The picture request was cancelled: ${url}`, url);
    // The fetch's own verdict, e.g. an address the media proxy refuses (guardedMediaFetch.ts).
    if (error instanceof MediaCacheError) throw error;
    throw new MediaCacheError('unreachable', `Could not reach ${url} and the picture is not cached: ${(error as Error).message}`, url, undefined, { cause: error });
  }
  const refuse = async (error: MediaCacheError): Promise<never> => {
    await response.body?.cancel().catch(() => undefined);
    throw error;
  };
  if (!response.ok) {
    await refuse(new MediaCacheError('upstream_status', `${url} answered HTTP ${response.status}.`, url, response.status));
  }
  const declared = mediaTypeOf(response.headers.get('content-type'));
  if (!accept.accepts(declared)) {
    await refuse(new MediaCacheError('unsupported_type', `${url} is ${declared || 'of no declared type'}, not ${accept.label}; nothing was stored.`, url));
  }
  const declaredLength = Number(response.headers.get('content-length'));
  if (declaredLength > maxBytes) {
    await refuse(new MediaCacheError('too_large', `${url} is ${declaredLength} bytes, over the ${maxBytes}-byte limit for one file; nothing was stored.`, url));
  }

  const hash = createHash('sha256');
  const file = await open(tempPath, 'wx');
  let size = 0;
  let head = Buffer.alloc(0);
  let sniffed: StoredMediaType | null = null;
  try {
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (!chunk.done) {
        size += chunk.value.byteLength;
        if (size > maxBytes) {
          await reader?.cancel().catch(() => undefined);
          throw new MediaCacheError('too_large', `${url} is over the ${maxBytes}-byte limit for one file; nothing was stored.`, url);
        }
        if (head.length < sniffBytes) head = Buffer.concat([head, chunk.value.subarray(0, sniffBytes - head.length)]);
        hash.update(chunk.value);
        await file.write(chunk.value);
      }
      if (sniffed === null && (head.length >= sniffBytes || chunk.done)) {
        sniffed = accept.sniff(head, declared);
        if (sniffed === null) {
          await reader?.cancel().catch(() => undefined);
          throw new MediaCacheError('unsupported_type', `${url} is labelled ${declared} but its bytes are not ${accept.label}; nothing was stored.`, url);
        }
      }
      if (chunk.done) break;
    }
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    if (error instanceof MediaCacheError) throw error;
    if (isAbort(error, signal)) throw new MediaCacheError('aborted', `The picture request was cancelled: ${url}`, url);
    throw new MediaCacheError('unreachable', `The download of ${url} broke off: ${(error as Error).message}`, url, undefined, { cause: error });
  }
  await file.close();
  // The bytes decide the type we serve (with nosniff); the declared type only had to be an image.
  return { tempPath, hash: hash.digest('hex'), contentType: sniffed!, size };
}
