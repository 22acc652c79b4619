/**
 * Real-looking shortlist rows as released versions of the app stored them, for the upgrade and
 * sharing tests: two lists of one directory's actors (the first tied to a casting call's role, with
 * an actor of a second directory), every field of an entry set somewhere, positions out of id order.
 */
import type { ActorSnapshot, ShortlistEntryRow, ShortlistRow } from '../../../renderer/src/db/shortlistDb.ts';

export const oldDataOrigin = 'https://directory.example.com';

export function oldSnapshot(name: string): ActorSnapshot {
  return { name, actingAgeFrom: 25, actingAgeTo: 35, age: 31, height: 172, gender: 'female', agencies: ['Agentur Schön'], languages: { deu: 'native' }, thumbUrl: `${oldDataOrigin}/m/t.png`, pictureUrl: `${oldDataOrigin}/m/l.png`, updatedAt: '2026-01-02T03:04:05.000+00:00' };
}

export const oldLists: readonly ShortlistRow[] = [
  { id: 1, name: 'Tatort — Kommissarin', castingCallId: 12, roleId: 3, castingCallName: 'Tatort', roleName: 'Kommissarin', createdAt: '2026-01-01T09:00:00.000Z', updatedAt: '2026-01-02T09:00:00.000Z' },
  { id: 2, name: 'Favourites', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' },
];

export const oldEntries: readonly ShortlistEntryRow[] = [
  { id: 1, shortlistId: 1, directoryOrigin: oldDataOrigin, actorId: 40, position: 2, note: 'Strong callback', rating: 5, colours: ['red', 'green'], tags: ['lead', 'München'], status: 'callback', addedAt: '2026-01-03T09:00:00.000Z', updatedAt: '2026-01-03T09:30:00.000Z', snapshot: oldSnapshot('Anna Berg') },
  { id: 2, shortlistId: 1, directoryOrigin: oldDataOrigin, actorId: 41, position: 1.5, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: '2026-01-03T09:01:00.000Z', updatedAt: '2026-01-03T09:01:00.000Z', snapshot: oldSnapshot('Bea Cole') },
  { id: 3, shortlistId: 1, directoryOrigin: 'http://127.0.0.1:40000', actorId: 40, position: 7, note: 'demo twin', rating: 2, colours: ['blue'], tags: [], status: 'released', addedAt: '2026-01-03T09:02:00.000Z', updatedAt: '2026-01-03T09:02:00.000Z', snapshot: oldSnapshot('Cem Demir') },
  { id: 4, shortlistId: 2, directoryOrigin: oldDataOrigin, actorId: 7, position: 1, note: 'keep', rating: 3, colours: [], tags: ['x'], status: 'invited', addedAt: '2026-01-04T09:00:00.000Z', updatedAt: '2026-01-04T09:00:00.000Z', snapshot: oldSnapshot('Dana Eck') },
];
