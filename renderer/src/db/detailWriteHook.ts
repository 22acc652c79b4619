/**
 * The one place a library tells others that a fetched detail is about to replace its cached one:
 * the change history follows a library by registering here, and `writeProfileDetail` calls
 * `beforeDetailWrite` before its transaction, while the old detail is still there to compare. A
 * listener's failure stops the write (it runs again with the next sync), so nothing is lost.
 */
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
import type { LibraryDb, ProfileKind } from './libraryDb.ts';

type ProfileDetail = ActorDetail | CrewDetail;

/** A detail and the content language it was asked in (undefined: none recorded). */
export interface LocalizedDetail {
  detail: ProfileDetail;
  locale: string | undefined;
}

/**
 * Called with the cached detail (undefined: the profile's first detail), the one arriving (each with
 * the content language it was asked in) and the directory it comes from (the one library holds
 * several).
 */
export type DetailWriteListener = (kind: ProfileKind, previous: LocalizedDetail | undefined, next: LocalizedDetail, origin: string) => Promise<void>;

const listeners = new WeakMap<LibraryDb, DetailWriteListener>();

/** Follows the detail writes of `db` (one listener per library; a new one replaces it). Returns the stop function. */
export function onDetailWrite(db: LibraryDb, listener: DetailWriteListener): () => void {
  listeners.set(db, listener);
  return () => {
    if (listeners.get(db) === listener) listeners.delete(db);
  };
}

/**
 * Reads the cached detail (by its library key, `uid`: db/libraryKey.ts) and hands both, with
 * their content languages and the directory, to the library's listener, when one follows it.
 */
export async function beforeDetailWrite(db: LibraryDb, kind: ProfileKind, next: ProfileDetail, uid: number, origin: string, locale: string | undefined): Promise<void> {
  const listener = listeners.get(db);
  if (!listener) return;
  const row = kind === 'actor' ? await db.actors.get(uid) : await db.crew.get(uid);
  await listener(kind, row?.detail ? { detail: row.detail, locale: row.detailLocale } : undefined, { detail: next, locale }, origin);
}
