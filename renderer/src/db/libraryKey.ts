/**
 * The library key of a profile (or casting call): the one library holds several directories,
 * whose ids may meet, so a row is keyed by its directory origin's small code (db/libraryDb.ts
 * `origins`) and the directory's id: code · 2^32 + id. Two directories' id 7 are two keys; the
 * first directory's keys equal its ids.
 */

/** The ids of two directories never meet: each origin's ids live in their own 2^32 range. */
export const originStride = 2 ** 32;

/** The library key of profile `id` of the directory with origin code `code`. */
export function libraryUid(code: number, id: number): number {
  return code * originStride + id;
}
