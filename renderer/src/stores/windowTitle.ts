import { defineStore } from 'pinia';
import { computed, inject, ref, watch } from 'vue';
import type { MessageKey } from '../i18n/en.ts';
import { castdeskComposerKey } from '../i18n/index.ts';

/** The page name of each route, spelled out so every key stays a literal the key check can see. */
const routeTitleKeys = {
  home: 'titles.home',
  actors: 'titles.actors',
  actor: 'titles.actor',
  crew: 'titles.crew',
  crewMember: 'titles.crewMember',
  credits: 'credits.title',
  changes: 'history.changes.title',
  castingCalls: 'titles.castingCalls',
  castingCall: 'titles.castingCall',
  shortlists: 'titles.shortlists',
  shortlist: 'titles.shortlist',
  compare: 'titles.compare',
  connections: 'titles.connections',
  settings: 'titles.settings',
  notFound: 'titles.notFound',
} as const satisfies Record<string, MessageKey>;

function isTitledRoute(name: string): name is keyof typeof routeTitleKeys {
  return Object.prototype.hasOwnProperty.call(routeTitleKeys, name);
}

/**
 * The window title says where the user is: "Actors – Castdesk", or on a detail page the profile's
 * or casting call's name once it is known ("Ada Aalto – Castdesk"). The app shell reports every
 * route change (showRoute); detail views name what they show (setPageTitle). The title follows the
 * UI language.
 */
export const useWindowTitleStore = defineStore('windowTitle', () => {
  const composer = inject(castdeskComposerKey) ?? missingI18nPlugin();

  const routeName = ref<string | null>(null);
  const pageTitle = ref<string | null>(null);

  const page = computed(() => {
    if (pageTitle.value) return pageTitle.value;
    const name = routeName.value;
    return name && isTitledRoute(name) ? composer.t(routeTitleKeys[name]) : null;
  });
  /** What document.title is set to. */
  const title = computed(() => (page.value ? composer.t('titles.format', { page: page.value }) : composer.t('app.name')));

  watch(title, (text) => (document.title = text), { immediate: true });

  /** The app shell, on every route change: the route's page name, and any earlier page title forgotten. */
  function showRoute(name: string | null): void {
    routeName.value = name;
    pageTitle.value = null;
  }

  /**
   * A view names what it shows (a profile's name), instead of the route's generic page name; null
   * (or an empty name) goes back to that. Cleared by itself on the next route change.
   */
  function setPageTitle(text: string | null): void {
    const trimmed = text?.trim() ?? '';
    pageTitle.value = trimmed === '' ? null : trimmed;
  }

  return { title, showRoute, setPageTitle };
});

function missingI18nPlugin(): never {
  throw new Error('The window title store needs the Castdesk i18n plugin installed on the app');
}
