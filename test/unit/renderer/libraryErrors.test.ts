/**
 * Renderer errors are typed: every code is a bridge code or one of the renderer's own, each with a
 * text in both languages; a thrown error keeps its code, anything unknown becomes the fallback.
 */
import { describe, expect, it } from 'vitest';
import { bridgeErrorCodes } from '../../../contract/bridge-errors.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { errorMessageKey, libraryErrorCodes } from '../../../renderer/src/i18n/errorMessages.ts';
import { isRendererErrorCode, RendererError, toLibraryError } from '../../../renderer/src/stores/libraryErrors.ts';

const text = (messages: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('renderer errors', () => {
  it('keep a known code and their message', () => {
    expect(toLibraryError(new RendererError('invalid_backup', 'not a backup'))).toEqual({ code: 'invalid_backup', message: 'not a backup' });
    expect(toLibraryError(Object.assign(new Error('HTTP 500'), { code: 'server_error' }))).toEqual({ code: 'server_error', message: 'HTTP 500' });
    expect(new RendererError('storage_unavailable', 'closed')).toBeInstanceOf(Error);
  });

  it('take the fallback for a code of nobody’s, for none, and storage_full for a full disk', () => {
    expect(toLibraryError(Object.assign(new Error('odd'), { code: 'made_up' }))).toEqual({ code: 'internal', message: 'odd' });
    expect(toLibraryError(new Error('plain'), 'storage_unavailable')).toEqual({ code: 'storage_unavailable', message: 'plain' });
    expect(toLibraryError(new DOMException('quota', 'QuotaExceededError'))).toMatchObject({ code: 'storage_full' });
  });

  it('have a text in both languages for every code they can carry', () => {
    for (const code of [...bridgeErrorCodes, ...libraryErrorCodes]) {
      expect(isRendererErrorCode(code)).toBe(true);
      expect(typeof text(en, errorMessageKey(code)), code).toBe('string');
      expect(typeof text(de, errorMessageKey(code)), code).toBe('string');
    }
    expect(isRendererErrorCode('made_up')).toBe(false);
  });
});
