import { defineStore } from 'pinia';
import { createProfileSearch } from './profileSearch.ts';

/** The crew list's search: query (from the URL), result, layout and saved searches. */
export const useCrewSearchStore = defineStore('crewSearch', () => createProfileSearch('crew'));
