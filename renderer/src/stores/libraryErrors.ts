/**
 * Failures of the offline library and the sync engine as data, like bridge errors:
 * `{ code, message }`, the code naming an i18n text (errors.<code>): one of the bridge's codes or
 * one of the renderer's own (`LibraryErrorCode`), never a free string. A full disk is
 * `storage_full`; a library that cannot be opened at all is `storage_unavailable`; an engine error
 * keeps its bridge code; anything else is `fallback`, with its message kept.
 */
import { bridgeErrorCodes, type BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import { libraryErrorCodes, type LibraryErrorCode } from '../i18n/errorMessages.ts';

/** Every code a renderer error can carry. */
export type RendererErrorCode = BridgeErrorCode | LibraryErrorCode;

export interface LibraryError {
  code: RendererErrorCode;
  message: string;
}

/** A failure the renderer raises itself, typed like the ones the bridge reports. */
export class RendererError extends Error {
  constructor(
    readonly code: RendererErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RendererError';
  }
}

const knownCodes: ReadonlySet<string> = new Set([...bridgeErrorCodes, ...libraryErrorCodes]);

/** Whether `code` is one the renderer has a text for. */
export function isRendererErrorCode(code: unknown): code is RendererErrorCode {
  return typeof code === 'string' && knownCodes.has(code);
}

/** `error` as a LibraryError; `fallback` is the code for errors that carry none of ours. */
export function toLibraryError(error: unknown, fallback: 'internal' | 'storage_unavailable' = 'internal'): LibraryError {
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown } | null | undefined;
  const message = typeof candidate?.message === 'string' ? candidate.message : String(error);
  if (candidate?.code === 'storage_full' || candidate?.name === 'QuotaExceededError') return { code: 'storage_full', message };
  return { code: isRendererErrorCode(candidate?.code) ? candidate.code : fallback, message };
}
