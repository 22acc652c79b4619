/**
 * Failures of the offline library and the sync engine as data, like bridge errors:
 * `{ code, message }`, the code naming an i18n text (errors.<code>). A full disk is `storage_full`;
 * a library that cannot be opened at all is `storage_unavailable`; an engine error keeps its bridge
 * code; anything else is `fallback`, with its message kept.
 */
export interface LibraryError {
  code: string;
  message: string;
}

/** `error` as a LibraryError; `fallback` is the code for errors that carry none of ours. */
export function toLibraryError(error: unknown, fallback: 'internal' | 'storage_unavailable' = 'internal'): LibraryError {
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown } | null | undefined;
  const message = typeof candidate?.message === 'string' ? candidate.message : String(error);
  if (candidate?.code === 'storage_full' || candidate?.name === 'QuotaExceededError') return { code: 'storage_full', message };
  return { code: typeof candidate?.code === 'string' ? candidate.code : fallback, message };
}
