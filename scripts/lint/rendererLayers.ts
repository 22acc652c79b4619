import type { LayerMap } from './castdeskPlugin.ts';

/**
 * The renderer's layers: every folder of renderer/src (and each file at its top) and what it may
 * import. An allow list: castdesk/layers (castdeskPlugin.ts, on in eslint.config.js) refuses
 * every other import and a folder missing here. Read top to bottom it runs from the screen down to
 * the plain modules; nothing below imports what is above it, so the layers form no circle
 * (castdesk/no-cycle keeps files from forming one).
 * - Components and views show what stores hold: they reach a database, the bridge or the sync
 *   engine only through a store, never around it.
 * - Stores are where state lives and the back end is reached: they use everything below.
 * - The plain modules (sync, db, bridge, search, shortlists, history, media, i18n) are functions
 *   and classes without Vue state; each imports the plain modules it builds on and contract/.
 *   Those components may use (search, shortlists, history, media, i18n) take at most types from
 *   db/, so no component reaches a database through them. A file keyed alone is a layer of its
 *   own: the two db/ files that hold no database (a URL's origin, the library key) may be used by
 *   search/ and shortlists/, and the shortlist vocabulary db/ types its rows by imports nothing back.
 */
export const rendererLayers: LayerMap = {
  root: 'renderer/src',
  layers: {
    'main.ts': { imports: ['create-app.ts', 'bridge', 'i18n'], why: 'the entry captures the launch token (bridge/) and starts the locale before the app' },
    'create-app.ts': { imports: ['App.vue', 'router.ts', 'stores', 'i18n'], why: 'the app is put together from the root component, the router, Pinia and i18n' },
    'router.ts': { imports: ['views'], why: 'routes name views' },
    'App.vue': { imports: ['components', 'stores', 'i18n', 'contract'], why: 'the root component is a component: it reads stores' },
    views: {
      imports: ['components', 'stores', 'search', 'shortlists', 'history', 'media', 'i18n', 'contract'],
      why: 'views show what stores hold; only stores touch db/, bridge/ and sync/',
    },
    components: {
      imports: ['stores', 'search', 'shortlists', 'history', 'media', 'i18n', 'contract'],
      why: 'components show what stores hold; only stores touch db/, bridge/ and sync/',
    },
    stores: {
      imports: ['sync', 'db', 'bridge', 'search', 'shortlists', 'history', 'media', 'i18n', 'contract'],
      why: 'stores hold the state components read and reach everything below; they never import a component or view',
    },
    sync: {
      imports: ['db', 'bridge', 'media', 'shortlists/shortlistOptions.ts', 'shortlists/privateAttributes.ts', 'shortlists/exportPicture.ts', 'shortlists/labelMerge.ts', 'contract'],
      why: "the sync engine writes the library (db/) with what the bridge fetches, and a shared list's document with a shortlist entry's closed lists and the one rule a label change merges by; an entry's snapshot, from the member's own library, keeps its private facts and picture framing; stores own it and pass it what it needs",
    },
    bridge: { imports: ['contract'], why: 'bridge/ wraps window.castdesk, typed by contract/ alone' },
    db: {
      imports: ['history', 'contract'],
      types: ['shortlists/shortlistOptions.ts', 'shortlists/privateAttributes.ts', 'shortlists/exportPicture.ts'],
      why: 'db/ is storage: it records profile diffs (history/), types shortlist rows by the closed lists shortlists/ defines, and needs nothing of search/',
    },
    'db/directoryOrigin.ts': { imports: [], why: 'a directory origin is a URL: it holds no database' },
    'db/libraryKey.ts': { imports: [], why: 'the library key is arithmetic: it holds no database' },
    search: {
      imports: ['db/directoryOrigin.ts', 'db/libraryKey.ts', 'contract'],
      types: ['db'],
      why: 'search/ is plain functions components may use: only types from db/ (and its two files without a database), nothing of sync/, bridge/ or stores/',
    },
    shortlists: {
      imports: ['db/directoryOrigin.ts', 'db/libraryKey.ts', 'contract'],
      types: ['db'],
      why: 'shortlists/ is the CSV, PDF and backup formats components may use: only types from db/, nothing of sync/, bridge/ or stores/',
    },
    // The closed lists of a shortlist entry and a picture's framing: db/ types its rows by them (and sync/ checks a shared list's values against the first).
    'shortlists/shortlistOptions.ts': { imports: [], why: "a shortlist entry's closed lists are plain values" },
    'shortlists/privateAttributes.ts': { imports: [], why: 'which facts may be private is a plain list' },
    'shortlists/labelMerge.ts': { imports: [], why: "how a label change merges with a colleague's is a plain rule, for the store's rows and the list's document alike" },
    'shortlists/exportPicture.ts': { imports: ['contract'], why: "a picture's framing in an export is typed by contract/ alone" },
    history: { imports: ['contract'], why: 'history/ is the pure profile diff db/ records: it imports only contract/' },
    media: { imports: ['contract'], why: "media/ says which picture versions and showreels a profile shows, for the gallery, Compare and keeping files offline: it imports only contract/" },
    i18n: { imports: ['contract'], why: 'i18n/ is texts and formats: it imports only contract/ (its error codes)' },
  },
};
