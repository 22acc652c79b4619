import { defineStore } from 'pinia';
import type { ActorRow } from '../db/libraryDb.ts';
import { createProfileLibrary } from './profileLibrary.ts';
import { useSyncStore } from './sync.ts';

/**
 * Actors from the active connection's offline library: the list (sorted by name, filtered by
 * name, at most a page of rows at once) and the open actor's cached detail, which `open` refreshes
 * through the sync engine when the directory can be reached. Everything reads offline.
 */
export const useActorsStore = defineStore('actors', () => {
  const sync = useSyncStore();
  return createProfileLibrary<ActorRow>('actor', sync);
});
