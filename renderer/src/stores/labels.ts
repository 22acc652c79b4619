/**
 * Closed-list labels (languages, skills, dialects, professions, …) in the content language the
 * user chose. Profiles are cached with the directory's stable keys; their labels come from the
 * attributes endpoint, one catalogue per request, and are kept in the offline library so they show
 * without a network. The catalogues shipped in the app (builtInLabels.ts) stand in for a directory
 * without that endpoint, whose 404 is no error; only a key no catalogue knows shows humanised
 * ('modern_dance' → 'Modern dance').
 */
import { defineStore } from 'pinia';
import { computed, inject, ref, shallowRef, watch } from 'vue';
import { contentLocales, type ContentLocale } from '../../../contract/directory-api.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { writeLibrary, type LabelRow, type LibraryDb } from '../db/libraryDb.ts';
import { unwrap } from '../sync/bridgeCall.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useConnectionStore } from './connections.ts';
import { openLibrary } from './libraryAccess.ts';
import { useSyncStore } from './sync.ts';
import { builtInCatalogues, withAppLanguageKeys } from './builtInLabels.ts';
import { castdeskComposerKey } from '../i18n/index.ts';

/** Cached labels older than this are asked for again when the directory can be reached. */
export const labelsMaxAgeMs = 7 * 24 * 3600_000;
/** 'modern_dance' → 'Modern dance': what a key reads as when no catalogue names it. */
export function humaniseKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Names the browser knows for codes, the fallback for languages and countries. */
function displayName(type: 'language' | 'region', locale: string, code: string): string | null {
  try {
    const name = new Intl.DisplayNames([locale], { type, fallback: 'none' }).of(type === 'region' ? code.toUpperCase() : code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

export const useLabelsStore = defineStore('labels', () => {
  const bridge = useBridge();
  const sync = useSyncStore();

  const connections = useConnectionStore();
  /** The active connection's content language: labels and profile texts (about me) come in it. */
  const contentLocale = computed<ContentLocale>(() => connections.active?.contentLocale ?? 'en');
  /** catalogue → key → label, in the content language. */
  const catalogues = shallowRef<Record<string, Record<string, string>>>(builtInCatalogues(contentLocale.value));
  const loading = ref(false);
  const error = ref<LibraryError | null>(null);
  const composer = inject(castdeskComposerKey, null);
  /** The UI language, for a label inside a sentence of the app's own (the content language when the UI's is none of them). */
  const uiLocale = computed<ContentLocale>(() => contentLocales.find((code) => code === composer?.locale.value) ?? contentLocale.value);
  /** The shipped catalogues in the UI language, read only when it differs from the content language. */
  const uiCatalogues = computed(() => (uiLocale.value === contentLocale.value ? null : builtInCatalogues(uiLocale.value)));

  /** The label of `key` in `catalogue`, or a readable fallback. */
  function label(catalogue: string, key: string | number | null | undefined): string {
    if (key === null || key === undefined || key === '') return '';
    const text = String(key);
    const found = catalogues.value[catalogue]?.[text];
    if (found) return found;
    if (catalogue === 'languages') return displayName('language', contentLocale.value, text) ?? text;
    if (catalogue === 'countries') return displayName('region', contentLocale.value, text) ?? text;
    return humaniseKey(text);
  }

  /**
   * The label of `key` in `catalogue` for a sentence of the app's own ("Minimum level for German"):
   * in the UI language, whatever language the directory's content comes in, so a German desk never
   * reads "Mindestniveau für German". Languages and countries take the browser's name in the UI
   * language first, then the shipped catalogue; where neither knows the key, the content label.
   */
  function uiLabel(catalogue: string, key: string | number | null | undefined): string {
    const shipped = uiCatalogues.value;
    if (!shipped || key === null || key === undefined || key === '') return label(catalogue, key);
    const text = String(key);
    const named = catalogue === 'languages' ? displayName('language', uiLocale.value, text) : catalogue === 'countries' ? displayName('region', uiLocale.value, text) : null;
    return named ?? shipped[catalogue]?.[text] ?? label(catalogue, key);
  }

  /** The shipped labels, overlaid by the directory's own where it has them. */
  function show(locale: ContentLocale, rows: LabelRow[]): void {
    catalogues.value = {
      ...builtInCatalogues(locale),
      ...Object.fromEntries(rows.map((row) => [row.catalogue, withAppLanguageKeys(row.catalogue, row.labels)])),
    };
  }

  async function readCached(db: LibraryDb, origin: string, locale: ContentLocale): Promise<LabelRow[]> {
    return db.labels.filter((row) => row.origin === origin && row.locale === locale).toArray();
  }

  /** Every catalogue of the directory at `origin` in `locale`, fetched first and then written in one transaction. */
  async function fetchAll(db: LibraryDb, connectionId: string, origin: string, locale: ContentLocale): Promise<LabelRow[]> {
    const names = unwrap(await bridge.listAttributes({ connectionId }));
    const fetchedAt = new Date().toISOString();
    const rows: LabelRow[] = [];
    for (const name of names) {
      if (!/^[a-z0-9_]{1,64}$/.test(name)) continue;
      rows.push({ origin, catalogue: name, locale, labels: unwrap(await bridge.getAttribute({ connectionId, name, locale })), fetchedAt });
    }
    await writeLibrary(db, [db.labels], () => db.labels.bulkPut(rows));
    return rows;
  }

  let request = 0;
  async function load(force = false): Promise<void> {
    const db = openLibrary(sync);
    const connectionId = sync.connectionId;
    const locale = contentLocale.value;
    // The directory of the connection the sync store has open, as its connection id is.
    const origin = sync.activeOrigin;
    const current = ++request;
    if (!db || !connectionId || !origin) {
      show(locale, []);
      return;
    }
    error.value = null;
    try {
      let rows = await readCached(db, origin, locale);
      if (current !== request) return;
      show(locale, rows);
      const oldest = rows.reduce((min, row) => Math.min(min, Date.parse(row.fetchedAt)), Number.POSITIVE_INFINITY);
      const due = force || rows.length === 0 || Date.now() - oldest > labelsMaxAgeMs;
      if (!due || sync.offline) return;
      loading.value = true;
      rows = await fetchAll(db, connectionId, origin, locale);
      if (current !== request) return;
      show(locale, rows);
    } catch (failure) {
      // Labels are a nicety: the cached or shipped ones stay; the error is shown in Settings. A
      // directory without an attributes endpoint (404) is no error: the shipped labels are its labels.
      const reason = toLibraryError(failure);
      if (current === request && reason.code !== 'not_found') error.value = reason;
    } finally {
      if (current === request) loading.value = false;
    }
  }

  /**
   * Changes the active connection's content language: labels are asked for again, and profiles
   * read in it from their next fetch on.
   */
  async function setContentLocale(next: ContentLocale): Promise<void> {
    const id = connections.active?.id;
    if (!id || !(contentLocales as readonly string[]).includes(next) || next === contentLocale.value) return;
    const updated = await bridge.updateConnection({ id, contentLocale: next });
    if (!updated.ok) {
      error.value = updated.error;
      return;
    }
    await connections.refresh();
  }

  /**
   * The UI language changed from `previous` to `next`: every connection whose content language was
   * the UI language follows it (a German UI shows German profile values without a second choice);
   * one whose content language the user set to another language keeps it.
   */
  function followUiLocale(previous: string, next: string): Promise<void> {
    // One after another: a second switch made while the first is being saved must see its result
    // (en → fr → en quickly would otherwise leave the content in French).
    followingUi = followingUi.then(() => follow(previous, next)).catch((failure: unknown) => {
      error.value = toLibraryError(failure);
    });
    return followingUi;
  }
  let followingUi: Promise<void> = Promise.resolve();

  async function follow(previous: string, next: string): Promise<void> {
    offeredContentLocale.value = null;
    const target = contentLocales.find((code) => code === next);
    if (!target || previous === next) return;
    const following = connections.connections.filter((connection) => connection.contentLocale === previous);
    for (const connection of following) {
      const updated = await bridge.updateConnection({ id: connection.id, contentLocale: target });
      if (!updated.ok) error.value = updated.error;
    }
    if (following.length > 0) await connections.refresh();
    // The user gave the active connection another language: offered, never imposed.
    if (connections.active && connections.active.contentLocale !== target) offeredContentLocale.value = target;
  }

  /**
   * The UI language the user just switched to, offered as the active connection's content language
   * too when that connection did not follow on its own (null: nothing to offer).
   */
  const offeredContentLocale = ref<ContentLocale | null>(null);

  /** Takes the offer: the active connection's content comes in the new UI language. */
  async function acceptContentLocaleOffer(): Promise<void> {
    const target = offeredContentLocale.value;
    offeredContentLocale.value = null;
    if (target) await setContentLocale(target);
  }

  function declineContentLocaleOffer(): void {
    offeredContentLocale.value = null;
  }

  watch([() => openLibrary(sync), () => sync.connectionId, () => sync.activeOrigin, contentLocale], () => void load(), { immediate: true });

  return {
    contentLocale,
    contentLocales,
    catalogues,
    loading,
    error,
    label,
    uiLabel,
    load,
    setContentLocale,
    followUiLocale,
    offeredContentLocale,
    acceptContentLocaleOffer,
    declineContentLocaleOffer,
  };
});
