import { defineStore } from 'pinia';
import { createProfileSearch } from './profileSearch.ts';

/** The actor list's search: query (from the URL), result, layout and saved searches. */
export const useActorSearchStore = defineStore('actorSearch', () => createProfileSearch('actor'));
