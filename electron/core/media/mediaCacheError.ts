/**
 * Why the media cache could not hand out a picture. Typed so the scheme handler and the bridge can
 * map each reason to a status and an i18n message instead of parsing text.
 */

export type MediaCacheErrorCode =
  /** Not an absolute http(s) URL. */
  | 'invalid_url'
  /** The response was not an accepted raster image (declared type or bytes). Nothing was stored. */
  | 'unsupported_type'
  /** The picture is larger than the per-file limit. Nothing was stored. */
  | 'too_large'
  /** The server answered with a non-2xx status. */
  | 'upstream_status'
  /** The server could not be reached and the picture is not in the cache. */
  | 'unreachable'
  /** The caller's signal aborted the request. */
  | 'aborted'
  /** The disk is full, or its free space below the cache's floor: nothing more is kept. */
  | 'storage_full'
  /** Keeping the file offline would take the files kept offline past the cache's cap: it was not kept. */
  | 'over_cap';

export class MediaCacheError extends Error {
  override readonly name = 'MediaCacheError';

  constructor(
    readonly code: MediaCacheErrorCode,
    message: string,
    readonly url: string,
    /** The upstream HTTP status, for `upstream_status`. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
