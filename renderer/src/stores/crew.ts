import { defineStore } from 'pinia';
import type { CrewRow } from '../db/libraryDb.ts';
import { createProfileLibrary } from './profileLibrary.ts';
import { useSyncStore } from './sync.ts';

/**
 * Crew profiles from the active connection's offline library, the same way as actors: a live list
 * by name and the open profile's cached detail, refreshed through the sync engine when online.
 */
export const useCrewStore = defineStore('crew', () => {
  const sync = useSyncStore();
  return createProfileLibrary<CrewRow>('crew', sync);
});
