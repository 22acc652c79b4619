/**
 * The presentation package of a shortlist and the director's picks coming back. The package shows
 * each actor as the library has them now (facts, newest credits, showreels, the main picture from
 * the offline media cache, as the PDF contact sheet does), so it is made offline too; the notes go
 * in only when the casting director asks; the actors it shows by name only, because this
 * computer's library lacks them, are said when it is made (stores/nameOnlyExport.ts). Picks pasted
 * back are checked whole before anything is written, then tag exactly the picked entries the list
 * holds; picked actors no longer on the list are named, and entries still tagged from an earlier
 * round are counted, with a way to untag them.
 */
import { defineStore } from 'pinia';
import { inject, ref } from 'vue';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { shownConnectionName } from '../i18n/connectionName.ts';
import { castdeskComposerKey } from '../i18n/index.ts';
import type { ListMessage } from '../i18n/listMessage.ts';
import { errorMessageKey } from '../i18n/errorMessages.ts';
import { picksIntros, picksTags } from '../i18n/picksTexts.ts';
import { introTitle, presentationPackageId, readPicks, type Pick, type PicksRefusal, type SharedListPlace } from '../shortlists/directorPicks.ts';
import { loadExportPictures } from '../shortlists/exportPictures.ts';
import { fitPicture } from '../shortlists/fitPicture.ts';
import { newestCredits, presentationPackage, type PresentationActor } from '../shortlists/presentationPackage.ts';
import { useConnectionStore } from './connections.ts';
import { useLabelsStore } from './labels.ts';
import { isRendererErrorCode, toLibraryError, type LibraryError } from './libraryErrors.ts';
import { bytesOf, exportFileName, saveFile, useShortlistExportStore } from './shortlistExport.ts';
import { exportedFact } from '../shortlists/privateAttributes.ts';
import { useShortlistsStore } from './shortlists.ts';
import { useShortlistDatabaseStore } from './shortlistDatabase.ts';
import type { ActorRow } from '../db/libraryDb.ts';
import { openLibrary, profilesOf } from './libraryAccess.ts';
import { useSyncStore } from './sync.ts';
import { useOfficeListsStore } from './officeLists.ts';
import { useNameOnlyExportStore } from './nameOnlyExport.ts';

/** The call and role the list is for, unless its name already says so ("Tatort – Kommissarin"). */
function subtitleOf(list: { name: string; castingCallName: string | null; roleName: string | null }): string | undefined {
  const tie = [list.castingCallName, list.roleName].filter((part) => part?.trim()).join(' – ');
  return tie && !list.name.includes(tie) ? tie : undefined;
}

/** A pick as the director's text names it: "Jonas Weber (#8)", or "#8" when the line has no name. */
function namedPick(pick: Pick): string {
  return pick.name ? `${pick.name} (#${pick.actorId})` : `#${pick.actorId}`;
}

/** How many credits a package shows per actor. */
const creditsPerActor = 5;

export const usePresentationPackageStore = defineStore('presentationPackage', () => {
  const composer = inject(castdeskComposerKey);
  if (!composer) throw new Error('The presentation package store needs the Castdesk i18n plugin installed on the app');
  const { t } = composer;
  const sync = useSyncStore();
  const shortlists = useShortlistsStore();
  const labels = useLabelsStore();
  const connections = useConnectionStore();
  const exports = useShortlistExportStore();
  const shortlistDatabase = useShortlistDatabaseStore();
  const officeLists = useOfficeListsStore();
  const nameOnly = useNameOnlyExportStore();

  const busy = ref(false);
  const error = ref<LibraryError | null>(null);
  const lastFile = ref<string | null>(null);
  /** The list the last file or error is about: shown on that list only (issue 22, item 14). */
  const resultListId = ref<number | null>(null);
  /** Why the last pasted picks were refused, in the UI language; null when they were not. */
  const picksError = ref<ListMessage | null>(null);
  /** The confirmation of the last picks applied. */
  const picksApplied = ref<ListMessage | null>(null);
  /** The last picks' actors the list no longer holds, named as the director's text names them. */
  const picksNotOnList = ref<ListMessage | null>(null);
  /** Entries still tagged from an earlier round that the last picks do not name, and how many. */
  const earlierPicks = ref<(ListMessage & { entryIds: number[] }) | null>(null);

  /** Where list `listId` is shared, if it is: its package then has the office's list as its id. */
  async function sharedPlaceOf(listId: number): Promise<SharedListPlace | null> {
    const row = await (await shortlistDatabase.open()).officeLists.get(listId);
    return row ? { officeId: row.officeId, listId: row.listId } : null;
  }

  function languagesOf(entry: ShortlistEntryRow): string[] {
    return Object.entries(entry.snapshot.languages).map(([code, level]) =>
      level
        ? t('shortlistExport.languageWithLevel', { language: labels.label('languages', code), level: labels.label('language_levels', level) })
        : labels.label('languages', code),
    );
  }

  /** The package's actors from `current`, the entries as the library has them now (shortlists' `withCurrentProfiles`). */
  async function actorsOf(current: ShortlistEntryRow[], includeNotes: boolean): Promise<PresentationActor[]> {
    const connectionId = sync.connectionId;
    const origin = connections.active ? connections.active.directoryOrigin : null;
    // Details and cached pictures belong to the active connection's directory only.
    const ownIds = current.filter((entry) => entry.directoryOrigin === origin).map((entry) => entry.actorId);
    const details = new Map<number, ActorDetail>();
    const db = openLibrary(sync);
    if (db && ownIds.length > 0) {
      for (const row of await profilesOf<ActorRow>(db, 'actor', origin, ownIds)) if (row?.detail) details.set(row.detail.id, row.detail);
    }
    const kinds = { film: t('shortlistExport.creditFilm'), television: t('shortlistExport.creditTelevision'), theatre: t('shortlistExport.creditTheatre') };
    const pictureOf = (entry: ShortlistEntryRow) => (entry.directoryOrigin === origin && connectionId ? (entry.snapshot.pictureUrl ?? entry.snapshot.thumbUrl) : null);
    // From the offline media cache, a few at a time, each scaled to the size the package shows it.
    const pictures = await loadExportPictures(
      current.flatMap((entry) => pictureOf(entry) ?? []),
      async (url) => {
        const cached = await bytesOf(mediaUrl(connectionId!, url)).catch(() => null);
        return cached ? fitPicture(cached) : null;
      },
    );
    return current.map((entry, i) => {
      const { snapshot } = entry;
      const own = entry.directoryOrigin === origin;
      const detail = own ? details.get(entry.actorId) : undefined;
      const pictureUrl = pictureOf(entry);
      const picture = pictureUrl ? (pictures.get(pictureUrl) ?? null) : null;
      return {
        position: i + 1,
        actorId: entry.actorId,
        name: snapshot.name,
        actingAge: exportedFact(
          snapshot.privateFields,
          'actingAge',
          snapshot.actingAgeFrom !== null && snapshot.actingAgeTo !== null ? `${snapshot.actingAgeFrom}–${snapshot.actingAgeTo}` : '',
          exports.privacy(),
        ),
        height: snapshot.height ? composer!.n(snapshot.height, 'centimetre') : '',
        agencies: [...snapshot.agencies],
        languages: languagesOf(entry),
        credits: newestCredits(detail?.vita, kinds, creditsPerActor),
        showreels: [
          ...(detail?.showreels ?? []).map((showreel) => ({ name: showreel.name, url: showreel.url })),
          ...(detail?.external_showreels ?? []).map((url) => ({ name: null, url })),
          ...(detail?.external_showreel ? [{ name: null, url: detail.external_showreel }] : []),
        ],
        note: includeNotes ? entry.note : '',
        picture,
        framing: snapshot.pictureFraming,
        pictureSize: snapshot.pictureSize,
      };
    });
  }

  /** Makes the package of list `listId` and hands it over as a download. */
  async function exportPackage(listId: number, includeNotes: boolean): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    error.value = null;
    lastFile.value = null;
    resultListId.value = listId;
    nameOnly.clear();
    try {
      const { list, entries } = await shortlists.listWithEntries(listId);
      const current = await shortlists.withCurrentProfiles(entries);
      const source = connections.active ? shownConnectionName(connections.active, t).trim() : '';
      const date = composer!.d(new Date(), 'date');
      const html = await presentationPackage({
        packageId: await presentationPackageId(list, await sharedPlaceOf(listId)),
        title: list.name,
        subtitle: subtitleOf(list),
        actors: await actorsOf(current, includeNotes),
        includeNotes,
        texts: {
          lang: composer!.locale.value,
          madeBy: source ? t('shortlistExport.packageMadeFrom', { name: source, date }) : t('shortlistExport.packageMadeOn', { date }),
          actingAge: t('shortlistExport.packageActingAge'),
          height: t('shortlistExport.packageHeight'),
          agency: t('shortlistExport.packageAgency'),
          agencies: t('shortlistExport.columnAgencies'),
          languages: t('shortlistExport.packageLanguages'),
          credits: t('shortlistExport.packageCredits'),
          showreels: t('shortlistExport.packageShowreels'),
          note: t('shortlistExport.packageNote'),
          noPicture: t('shortlistExport.packageNoPicture'),
          favourite: t('shortlistExport.packageFavourite'),
          picksTitle: t('shortlistExport.packagePicksTitle'),
          picksHelp: t('shortlistExport.packagePicksHelp'),
          picksIntro: t('shortlistExport.packagePicksIntro', { title: list.name, date }),
          copy: t('shortlistExport.packageCopy'),
          mail: t('shortlistExport.packageMail'),
        },
      });
      const name = `${exportFileName(list.name)}.html`;
      saveFile(name, html, 'text/html;charset=utf-8');
      lastFile.value = name;
      nameOnly.note(listId, name, current);
      return true;
    } catch (failure) {
      error.value = isRendererErrorCode((failure as { code?: unknown } | null)?.code)
        ? toLibraryError(failure)
        : { code: 'export_failed', message: String((failure as Error)?.message ?? failure) };
      return false;
    } finally {
      busy.value = false;
    }
  }

  /**
   * Why picks were refused, in words: a text for another list says which list when its intro names
   * one (the package id means nothing to a person), unless it names this list's own name.
   */
  function refusalMessage(listId: number, refusal: PicksRefusal, text: string, listName: string): ListMessage {
    switch (refusal.reason) {
      case 'no_header':
        return { listId, key: 'shortlistExport.picksNoHeader', named: {} };
      case 'other_package': {
        const title = introTitle(text, picksIntros);
        return title && title !== listName
          ? { listId, key: 'shortlistExport.picksOtherList', named: { title } }
          : { listId, key: 'shortlistExport.picksOtherPackage', named: {} };
      }
      case 'unreadable_line':
        return { listId, key: 'shortlistExport.picksUnreadableLine', named: { line: refusal.line, text: refusal.text } };
      case 'unknown_actors':
        return { listId, key: 'shortlistExport.picksUnknownActors', named: { actors: refusal.picks.map(namedPick).join(', ') } };
      case 'no_picks':
        return { listId, key: 'shortlistExport.picksNone', named: {} };
    }
  }

  /** Why the picks' write did not happen: the member's role on the office's list, or the write's own failure. */
  function writeRefusal(listId: number): ListMessage {
    const access = officeLists.accessOf(listId);
    if (!access.edit) return { listId, key: access.role === 'reviewer' ? 'shortlistExport.picksReviewer' : 'shortlistExport.picksViewer', named: {} };
    return { listId, key: errorMessageKey(shortlists.error?.code ?? 'internal'), named: {} };
  }

  /**
   * Reads the director's picks for list `listId` and tags each picked entry "director's pick"
   * (other entries and tags stay as they are). A refused text changes nothing; picked actors the
   * list no longer holds are named, the others still apply. An entry with the picks tag in any UI
   * language is tagged already: in a mixed-language office it does not get a second, translated one.
   * A list the member's role may not change is refused before anything is read, with the role's reason.
   */
  async function applyPicks(listId: number, text: string): Promise<boolean> {
    clearPicksMessages();
    try {
      if (!officeLists.accessOf(listId).edit) {
        picksError.value = writeRefusal(listId);
        return false;
      }
      const { list, entries } = await shortlists.listWithEntries(listId);
      const shared = await sharedPlaceOf(listId);
      // Picks for the package sent before the list was shared still apply here.
      const packageIds = [await presentationPackageId(list), ...(shared ? [await presentationPackageId(list, shared)] : [])];
      const read = readPicks(text, packageIds, new Set(entries.map((entry) => entry.actorId)));
      if (!read.ok) {
        picksError.value = refusalMessage(listId, read.refusal, text, list.name);
        return false;
      }
      const picked = new Set(read.picks.map((pick) => pick.actorId));
      const tag = t('shortlistExport.picksTag');
      const marked = entries.filter((entry) => picked.has(entry.actorId));
      // The tag goes onto the tags stored at the write (tagsBase): a colleague's tag arriving meanwhile stays.
      const saved = await Promise.all(
        marked.map((entry) => (entry.tags.some((has) => picksTags.has(has)) ? true : shortlists.updateEntry(entry.id!, { tags: [...entry.tags, tag], tagsBase: entry.tags }))),
      );
      // Shown in the dialog, which stays open with the text: the page behind it is out of reach.
      if (saved.includes(false)) {
        picksError.value = writeRefusal(listId);
        return false;
      }
      picksApplied.value = { listId, key: 'shortlistExport.picksApplied', named: { names: marked.map((entry) => entry.snapshot.name).join(', ') }, count: marked.length };
      if (read.notOnList.length > 0) {
        picksNotOnList.value = { listId, key: 'shortlistExport.picksNotOnList', named: { actors: read.notOnList.map(namedPick).join(', ') }, count: read.notOnList.length };
      }
      const earlier = entries.filter((entry) => !picked.has(entry.actorId) && entry.tags.some((has) => picksTags.has(has))).map((entry) => entry.id!);
      if (earlier.length > 0) earlierPicks.value = { listId, key: 'shortlistExport.picksEarlier', named: {}, count: earlier.length, entryIds: earlier };
      return true;
    } catch (failure) {
      picksError.value = { listId, key: 'errors.detail', named: { message: String((failure as Error)?.message ?? failure) } };
      return false;
    }
  }

  /**
   * Takes the picks tag (in any language) off the entries the last picks left tagged from an
   * earlier round, exactly those; their other tags stay. A failed write shows as the shortlists'
   * own error on the page, and the offer stays.
   */
  async function removeEarlierPicksTag(listId: number): Promise<boolean> {
    const earlier = earlierPicks.value;
    if (!earlier || earlier.listId !== listId) return false;
    const ids = new Set(earlier.entryIds);
    const { entries } = await shortlists.listWithEntries(listId);
    const saved = await Promise.all(
      entries.filter((entry) => ids.has(entry.id!)).map((entry) => shortlists.updateEntry(entry.id!, { tags: entry.tags.filter((has) => !picksTags.has(has)), tagsBase: entry.tags })),
    );
    if (saved.includes(false)) return false;
    if (earlierPicks.value === earlier) earlierPicks.value = null;
    return true;
  }

  function clearPicksMessages(): void {
    picksError.value = null;
    picksApplied.value = null;
    picksNotOnList.value = null;
    earlierPicks.value = null;
  }

  return {
    busy,
    error,
    lastFile,
    resultListId,
    picksError,
    picksApplied,
    picksNotOnList,
    earlierPicks,
    exportPackage,
    applyPicks,
    removeEarlierPicksTag,
    clearPicksMessages,
  };
});
