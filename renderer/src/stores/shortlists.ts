/**
 * The casting director's shortlists, across every connection: named lists (optionally for a
 * casting call's role), their ordered entries with note, rating, colours, tags and status, what is
 * known of an actor across every list, and undo for removals. Every change is one transaction in
 * the shortlist database (db/shortlistDb.ts), which "clear cache" never touches, and goes into the
 * list's Yjs document (its truth) in that same transaction as into its rows (sync/listDocEdits.ts),
 * for personal and shared lists alike; every entry keeps a snapshot of the actor, so it still reads
 * when the directory removes the profile.
 */
import { defineStore } from 'pinia';
import { backoffCeilingMs } from '../../../contract/backoff.ts';
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue';
import { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { ActorRow } from '../db/libraryDb.ts';
import {
  writeEntriesNow,
  writeEntryEdits,
  listDocUpdatesTable,
  writeListRemoval,
  writeShortlists,
  type ActorSnapshot,
  type ListDocUpdateRow,
  type OfficeListRow,
  type ShortlistDb,
  type ShortlistEntryRow,
  type ShortlistRow,
} from '../db/shortlistDb.ts';
import { officeEntryKey } from '../db/listDocShape.ts';
import { migrateConnectionShortlists } from '../db/shortlistMigration.ts';
import { forgetTypedEdits, journalTypedEdit, nextTypedSeq, replayTypedEdits, type EntryFields } from '../db/typedEdits.ts';
import { shortlistLimits } from '../shortlists/shortlistLimits.ts';
import type { ImportWrites } from '../shortlists/shortlistBackup.ts';
import type { ShortlistColour, ShortlistStatus } from '../shortlists/shortlistOptions.ts';
import { useConnectionStore } from './connections.ts';
import { useOfficeListsStore } from './officeLists.ts';
import { useShortlistDatabaseStore } from './shortlistDatabase.ts';
import { RendererError, toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary, profilesOf } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useSyncStore } from './sync.ts';
import { librarySnapshots, snapshotOf } from '../sync/librarySnapshot.ts';
import { addToDoc, deleteInDoc, editInDoc, moveInDoc, newListDoc, renameInDoc, replaceInDoc, restoreInDoc, rowsOverDoc } from '../sync/listDocEdits.ts';
import { holdListDocs, onListDocReplaced, type HeldListDoc } from '../sync/listDocs.ts';
import { carryPendingEdits, listsWithPendingEdits, pendingEditsOf } from '../sync/pendingDocEdits.ts';
import { UnstoredDocUpdates } from '../sync/unstoredDocUpdates.ts';
import { undoOnFailure } from '../sync/undoOnFailure.ts';
import { mergeNote } from '../shortlists/noteMerge.ts';
import { mergeLabels } from '../shortlists/labelMerge.ts';

export type EntryPatch = EntryFields;

/**
 * An entry's change as the views ask for it. A note typed in a field says which note it was typed
 * on (`noteBase`, the field's text before the keystroke): if what is stored has changed since (a
 * colleague typed into the same note), both are kept (shortlists/noteMerge.ts) instead of the
 * typed text replacing the colleague's. Without it the note replaces what is stored. Colours and
 * tags likewise say which labels the change was made on (`coloursBase`, `tagsBase`): what the user
 * added and removed goes onto the stored labels (shortlists/labelMerge.ts), so a colleague's label
 * that reached the row meanwhile stays. Never stored.
 */
export type EntryEdit = EntryPatch & { noteBase?: string; coloursBase?: ShortlistColour[]; tagsBase?: string[] };

/** An entry's changes not written yet: the fields, the note and labels they were made on, who waits for them. */
interface StagedEntryEdit {
  patch: EntryPatch;
  noteBase?: string;
  coloursBase?: ShortlistColour[];
  tagsBase?: string[];
  settle: ((updated: boolean) => void)[];
  journaled?: number;
}

/**
 * What a removal took away, so undo can put exactly it back (same ids, same order). A removed
 * list's document goes with it (its stored updates and its sharing row, kept here for undo).
 */
export interface Removal {
  kind: 'entries' | 'list';
  list: ShortlistRow | null;
  entries: ShortlistEntryRow[];
  docUpdates?: (ListDocUpdateRow & { i: number })[];
  office?: OfficeListRow;
  at: number;
}

export interface ListSummary extends ShortlistRow {
  id: number;
  count: number;
}

/** An actor's place on one list, for "on these shortlists" and the notes across projects. */
export interface ActorMemory {
  list: ShortlistRow & { id: number };
  entry: ShortlistEntryRow & { id: number };
}

export interface RoleTie {
  castingCallId: number;
  castingCallName: string | null;
  roleId: number | null;
  roleName: string | null;
}

function nowIso(): string {
  return new Date().toISOString();
}

function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, shortlistLimits.nameLength);
}

/** The patch as it may be stored: ratings 1–5, a known status, short tags, a bounded note. */
function cleanPatch(patch: EntryPatch): EntryPatch {
  const clean: EntryPatch = {};
  if (patch.note !== undefined) clean.note = String(patch.note).slice(0, shortlistLimits.noteLength);
  if (patch.rating !== undefined) clean.rating = patch.rating === null ? null : Math.min(5, Math.max(1, Math.round(patch.rating)));
  if (patch.status !== undefined) clean.status = patch.status;
  if (patch.colours !== undefined) clean.colours = [...new Set(patch.colours)];
  if (patch.tags !== undefined) clean.tags = [...new Set(patch.tags.map((tag) => tag.trim().slice(0, shortlistLimits.tagLength)).filter(Boolean))];
  return clean;
}

/**
 * At most `shortlistLimits.tags` tags, counting against the limit only those the user adds to the
 * tags the change was made on (`base`): an entry whose colleagues' tags merged past the limit keeps
 * them all, and the user removes none by adding one. Without a base the first ones are kept.
 */
function limitTags(tags: string[], base: readonly string[] | undefined): string[] {
  if (!base) return tags.slice(0, shortlistLimits.tags);
  let room = shortlistLimits.tags - tags.filter((tag) => base.includes(tag)).length;
  return tags.filter((tag) => base.includes(tag) || (room -= 1) >= 0);
}

/**
 * Stages a change of labels made on `base` (undefined: set outright) over the labels queued: the
 * base of the first change not written is kept (every later one builds on it), and a change made on
 * other labels than those queued (the field took stored labels meanwhile) is merged into them.
 */
function stageLabels<Label extends string>(queued: Label[] | undefined, base: Label[] | undefined, labels: Label[], keepBase: (base: Label[] | undefined) => void): Label[] {
  if (base === undefined) keepBase(undefined);
  else if (queued === undefined) keepBase(base);
  else return mergeLabels(base, labels, queued);
  return labels;
}

/**
 * Adds `edit` to the entry's changes not written yet. The note keeps the base of its first keystroke
 * not written (every later one builds on it); a keystroke typed on another text than the note queued
 * (the field took a stored note meanwhile) is merged into it, and a note set outright replaces it.
 */
function stageEntryEdit(staged: StagedEntryEdit, { noteBase, coloursBase, tagsBase, ...edit }: EntryEdit): void {
  const clean = cleanPatch(edit);
  if (clean.tags !== undefined) clean.tags = stageLabels(staged.patch.tags, tagsBase, limitTags(clean.tags, tagsBase), (base) => (staged.tagsBase = base));
  if (clean.colours !== undefined) clean.colours = stageLabels(staged.patch.colours, coloursBase, clean.colours, (base) => (staged.coloursBase = base));
  if (clean.note !== undefined) {
    if (noteBase === undefined) staged.noteBase = undefined;
    else if (staged.patch.note === undefined) staged.noteBase = noteBase;
    else clean.note = mergeNote(noteBase, clean.note, staged.patch.note).slice(0, shortlistLimits.noteLength);
  }
  Object.assign(staged.patch, clean);
}

/** `patch`'s colours and tags as written over `stored`'s: changed on other labels than those, they keep the stored ones the user did not remove. */
function labelsOverStored(stored: ShortlistEntryRow, { patch, coloursBase, tagsBase }: Pick<StagedEntryEdit, 'patch' | 'coloursBase' | 'tagsBase'>): EntryPatch {
  return {
    ...(patch.colours !== undefined && coloursBase !== undefined ? { colours: mergeLabels(coloursBase, patch.colours, stored.colours) } : {}),
    ...(patch.tags !== undefined && tagsBase !== undefined ? { tags: mergeLabels(tagsBase, patch.tags, stored.tags) } : {}),
  };
}

/** `patch` as it is written over `stored`: a note typed on another note than the stored one keeps both, and so do labels (labelsOverStored). */
function patchOverStored(stored: ShortlistEntryRow, staged: Omit<StagedEntryEdit, 'settle' | 'journaled'>): EntryPatch {
  const { patch, noteBase } = staged;
  const note = patch.note !== undefined && noteBase !== undefined && stored.note !== noteBase ? { note: mergeNote(noteBase, patch.note, stored.note).slice(0, shortlistLimits.noteLength) } : {};
  return { ...patch, ...note, ...labelsOverStored(stored, staged) };
}

/** The current snapshot, each field the library does not know yet taken from the older one. */
function mergeSnapshots(current: ActorSnapshot, older: ActorSnapshot): ActorSnapshot {
  const merged = { ...current };
  for (const key of Object.keys(older) as (keyof ActorSnapshot)[]) {
    // The library holds the actor now: the older snapshot's "not in your library" no longer holds.
    if (key === 'notInLibrary') continue;
    const value = current[key];
    // A detail's privateFields, even empty, is what the actor shows now; only an unknown one is filled in.
    const known = key === 'privateFields' || key === 'pictureFraming' || key === 'pictureSize' ? value !== undefined : !(value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0));
    if (!known) Object.assign(merged, { [key]: older[key] });
  }
  return merged;
}

export const useShortlistsStore = defineStore('shortlists', () => {
  const sync = useSyncStore();
  const index = useSearchIndexStore();
  const connections = useConnectionStore();
  const officeLists = useOfficeListsStore();
  const shortlistDatabase = useShortlistDatabaseStore();
  /** The directory of the active connection: new entries come from it; its index tells what is current. */
  const activeOrigin = computed(() => (connections.active ? connections.active.directoryOrigin : null));

  const db = shallowRef<ShortlistDb | null>(null);
  const lists = shallowRef<ListSummary[]>([]);
  const listsLoaded = ref(false);
  const openId = ref<number | null>(null);
  const openList = shallowRef<(ShortlistRow & { id: number }) | null>(null);
  const entries = shallowRef<(ShortlistEntryRow & { id: number })[]>([]);
  const entriesLoaded = ref(false);
  const memoryActorId = ref<number | null>(null);
  /** The directory of the actor whose memory is shown (null: the active one) and the profiles linked to it as one person. */
  const memoryOrigin = ref<string | null>(null);
  const memoryLinked = shallowRef<readonly { origin: string; id: number }[]>([]);
  const memory = shallowRef<ActorMemory[]>([]);
  const error = ref<LibraryError | null>(null);
  const lastRemoval = shallowRef<Removal | null>(null);

  // Changes to entries not stored yet, merged per entry in the order they were made. They are
  // written at once, one transaction at a time (what comes meanwhile goes together in the next), so
  // a reload, a closed window or a crash a moment after a keystroke keeps it. A debounce would leave
  // the last keystrokes in memory, where nothing survives a crash. Each is journaled first, as it
  // is made (db/typedEdits.ts): `journaled` is the seq of the entry's last journal record.
  const unsaved = new Map<number, StagedEntryEdit>();
  let saving: Promise<void> | null = null;
  /** The batch `saving` writes, until it is stored: the page going away writes it again at once. */
  let savingBatch: [number, { patch: EntryPatch }][] = [];
  /** Keystroke writes failed in a row, and the timer of the next try (retryFailedEntryEdits). */
  let failedEntryWrites = 0;
  let entryEditsRetry: ReturnType<typeof setTimeout> | undefined;
  onScopeDispose(() => clearTimeout(entryEditsRetry));

  // The user's database opens once the connection list is known (the migration needs each
  // connection's directory) and stays open whatever connection is active, or none.
  let opened = false;
  watch(
    () => connections.listed,
    async (listed) => {
      if (!listed || opened) return;
      opened = true;
      let shortlistDb: ShortlistDb;
      try {
        shortlistDb = await shortlistDatabase.open();
      } catch (failure) {
        opened = false;
        error.value = toLibraryError(failure, 'storage_unavailable');
        return;
      }
      try {
        const known = connections.connections.map((connection) => ({ id: connection.id, name: connection.name, directoryOrigin: connection.directoryOrigin }));
        await migrateConnectionShortlists(shortlistDb, known);
      } catch (failure) {
        // An old list that cannot be read stays where it is (the next start tries again); the
        // lists already here open all the same.
        error.value = toLibraryError(failure, 'storage_unavailable');
      }
      try {
        // What was typed but never stored (the page was killed) goes into the rows before any view
        // shows them, and into the documents with the pending edits, just below (comments too).
        await replayTypedEdits(shortlistDb);
      } catch (failure) {
        error.value = toLibraryError(failure, 'storage_unavailable');
      }
      db.value = shortlistDb;
      // Edits the page wrote as rows only as it went away last time reach their documents first.
      void carryPendingDocEdits();
    },
    { immediate: true },
  );

  // RULE: nothing a write sets off reads a whole table. The lists and their entry counts are two
  // live queries: the lists (a few rows) run again after every write, a keystroke in a note too;
  // the counts only when an entry joins or leaves a list (Dexie reruns a query on the shortlistId
  // index only when an entry's shortlistId changes) and then count in that index, keys only. One
  // query reading every entry after every write made a note reach the disk seconds late in a
  // library of 100,000 entries, every write waiting behind it.
  const listRows = shallowRef<(ShortlistRow & { id: number })[]>([]);
  const listCounts = shallowRef<ReadonlyMap<number, number>>(new Map());
  /**
   * A list is shown with the count on disk: while a list that just came (created, restored by an
   * undo, imported) is still being counted, the lists wait for its count instead of showing 0.
   */
  function publishLists(): void {
    const counts = listCounts.value;
    if (!listRows.value.every((row) => counts.has(row.id))) return;
    lists.value = listRows.value.map((row) => ({ ...row, count: counts.get(row.id) ?? 0 }));
    listsLoaded.value = true;
  }
  watchLive(
    () => (db.value ? { db: db.value } : null),
    async ({ db: shortlistDb }) => {
      const rows = (await shortlistDb.shortlists.toArray()) as (ShortlistRow & { id: number })[];
      return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name));
    },
    {
      next: (rows) => {
        listRows.value = rows;
        publishLists();
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        listsLoaded.value = true;
      },
    },
  );
  // The ids in ascending order, the same array while they stay the same: a list moving to the top
  // (every write) is no reason to count again.
  let countedIds: number[] = [];
  const listIds = computed(() => {
    const ids = listRows.value.map((row) => row.id).sort((a, b) => a - b);
    if (ids.length !== countedIds.length || ids.some((id, index) => id !== countedIds[index])) countedIds = ids;
    return countedIds;
  });
  watchLive(
    () => (db.value ? { db: db.value, ids: listIds.value } : null),
    async ({ db: shortlistDb, ids }) => new Map(await Promise.all(ids.map(async (id) => [id, await shortlistDb.entries.where('shortlistId').equals(id).count()] as const))),
    {
      next: (counts) => {
        listCounts.value = counts;
        publishLists();
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
      },
    },
  );

  watchLive(
    () => (db.value && openId.value !== null ? { db: db.value, id: openId.value } : null),
    async ({ db: shortlistDb, id }) => {
      const [list, rows] = await Promise.all([
        shortlistDb.shortlists.get(id),
        shortlistDb.entries.where('[shortlistId+position]').between([id, -Infinity], [id, Infinity]).toArray(),
      ]);
      return { list: (list as (ShortlistRow & { id: number }) | undefined) ?? null, rows: rows as (ShortlistEntryRow & { id: number })[] };
    },
    {
      next: ({ list, rows }) => {
        openList.value = list;
        entries.value = rows;
        entriesLoaded.value = true;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        entriesLoaded.value = true;
      },
    },
  );

  /** The (directory, actor id) pairs whose entries the memory shows: the actor and those linked to it. */
  const memoryPeople = computed(() => {
    const origin = memoryOrigin.value ?? activeOrigin.value;
    if (memoryActorId.value === null || !origin) return null;
    return [[origin, memoryActorId.value], ...memoryLinked.value.map((linked) => [linked.origin, linked.id])] as [string, number][];
  });

  watchLive(
    () => (db.value && memoryPeople.value ? { db: db.value, people: memoryPeople.value } : null),
    async ({ db: shortlistDb, people }) => {
      const found = (await shortlistDb.entries.where('[directoryOrigin+actorId]').anyOf(people).toArray()) as (ShortlistEntryRow & { id: number })[];
      const owners = await shortlistDb.shortlists.bulkGet(found.map((entry) => entry.shortlistId));
      return found
        .map((entry, i) => ({ entry, list: owners[i] as (ShortlistRow & { id: number }) | undefined }))
        .filter((item): item is ActorMemory => item.list !== undefined)
        .sort((a, b) => b.entry.updatedAt.localeCompare(a.entry.updatedAt));
    },
    {
      next: (rows) => {
        memory.value = rows;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
      },
    },
  );

  // The open list's document stays loaded (y-dexie loads asynchronously, and a keystroke's write
  // must find it ready, the pagehide flush too); other lists' are loaded for the write that needs them.
  let openDoc: (HeldListDoc & { shortlistId: number }) | null = null;
  /** Documents' changes whose transaction has not committed: the pagehide flush and the next write store them. */
  const unstoredDocUpdates = new UnstoredDocUpdates();
  /** The open list's document is loaded: from now on the page going away writes it with the rows. */
  const openDocLoaded = ref(false);
  watch(() => [db.value, openId.value] as const, ([shortlistDb, id]) => loadOpenDoc(shortlistDb, id));
  /** Loads (and holds) the open list's document, letting go of the one held before. */
  async function loadOpenDoc(shortlistDb: ShortlistDb | null, id: number | null): Promise<void> {
    openDoc?.release();
    openDoc = null;
    openDocLoaded.value = false;
    if (!shortlistDb || id === null) return;
    try {
      const held = await holdListDocs(shortlistDb, [id]);
      const doc = held.docs.get(id);
      if (doc && openId.value === id && db.value === shortlistDb) {
        // holdListDocs loaded it; keep that hold as the open list's.
        openDoc = { shortlistId: id, doc, release: held.release };
        openDocLoaded.value = true;
        // The page went away (hidden) before the document was loaded: what it wrote as rows goes in now.
        void carryPendingDocEdits([id]);
      } else held.release();
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  // The office's version replaces a list's document (a refused change): this store's copy, and
  // what it kept of changes not stored yet, hold what the office refused; both go, and the open
  // list's document is loaded again once the new one is stored.
  const stopReplacements = onListDocReplaced((shortlistId, replaced) => {
    unstoredDocUpdates.forgetList(shortlistId);
    for (const entry of entries.value) if (entry.shortlistId === shortlistId) editsOnlyInDoc.delete(entry.id);
    if (openDoc?.shortlistId !== shortlistId) return;
    const copy = openDoc.doc;
    openDoc = null;
    openDocLoaded.value = false;
    copy.destroy();
    void replaced.then(() => loadOpenDoc(db.value, openId.value));
  });
  onScopeDispose(stopReplacements);

  /**
   * Runs one write that changes the documents of `listIds` as well: they are loaded first, then
   * `work` changes rows and documents in one transaction (`inTransaction`: writeShortlists, or a
   * narrower scope that holds the tables `work` writes and y-dexie's updates). If it fails, its
   * changes are taken back out of the documents (sync/undoOnFailure.ts), unless `keepOnFailure`
   * (a keystroke: what was typed stays, and goes in with the next write). `madeEarlier`: the write
   * carries edits made before (pending edits), whose role was asked when they were made.
   */
  async function writeWithDocs<T>(
    listIds: Iterable<number>,
    work: (shortlistDb: ShortlistDb, docs: ReadonlyMap<number, Y.Doc>) => Promise<T>,
    inTransaction: typeof writeShortlists = writeShortlists,
    { keepOnFailure = false, madeEarlier = false }: { keepOnFailure?: boolean; madeEarlier?: boolean } = {},
  ): Promise<T | null> {
    const shortlistDb = db.value;
    if (!shortlistDb) return null;
    // A shared list whose role allows no change is not written (the office store tells why).
    if (!madeEarlier && [...listIds].some((id) => !officeLists.mayEdit(id))) return null;
    let held: Awaited<ReturnType<typeof holdListDocs>>;
    try {
      held = await holdListDocs(shortlistDb, listIds, openDoc);
    } catch (failure) {
      error.value = toLibraryError(failure);
      return null;
    }
    try {
      return await write((inDb) => work(inDb, held.docs), (inDb, inWork) => transactWithDocs(inDb, held.docs, inWork, inTransaction, keepOnFailure));
    } finally {
      held.release();
    }
  }

  /**
   * Runs `work` in `inTransaction` with the changes of the loaded `docs` watched: stored in the same
   * transaction, or, if it fails, taken back out of the documents (unless `keepOnFailure`) and
   * stored with the next write (sync/unstoredDocUpdates.ts, sync/undoOnFailure.ts). Throws what the
   * transaction throws.
   */
  async function transactWithDocs<T>(shortlistDb: ShortlistDb, docs: ReadonlyMap<number, Y.Doc>, work: () => Promise<T>, inTransaction: typeof writeShortlists, keepOnFailure = false): Promise<T> {
    // What y-dexie stores of the documents in this write counts as unstored until it commits.
    const docWatch = unstoredDocUpdates.watch(docs);
    const undo = keepOnFailure ? null : undoOnFailure(docs.values());
    let committed = false;
    try {
      const result = await inTransaction(shortlistDb, async () => {
        undo?.begin();
        if (docWatch.retried.length > 0) await shortlistDb.table(listDocUpdatesTable).bulkAdd(docWatch.retried);
        return work();
      });
      committed = true;
      return result;
    } finally {
      // The inverse of a failed write's changes is one of its changes too: stored with them, later.
      undo?.settle(committed);
      docWatch.settle(committed);
    }
  }

  /** Carries edits written as rows only (the page went away before their document was loaded) into the documents of `listIds` (all: undefined). */
  async function carryPendingDocEdits(listIds?: number[]): Promise<void> {
    const shortlistDb = db.value;
    if (!shortlistDb) return;
    try {
      // A write queued before the page went away goes first: it may carry the same edit (editEntry then skips it).
      await flushPendingWrites();
      const lists = await listsWithPendingEdits(shortlistDb, listIds);
      // Not asked of the role again: a reviewer's comment is no change of the list, and the office
      // refuses (and this computer reverts) what a role lowered since no longer allows.
      if (lists.length > 0) await writeWithDocs(lists, (inDb, docs) => carryPendingEdits(inDb, docs, lists), writeShortlists, { madeEarlier: true });
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  /** Runs one write; its failure is shown (`error`) and reported as false, never thrown at a view. */
  async function write<T>(work: (shortlistDb: ShortlistDb) => Promise<T>, inTransaction: typeof writeShortlists = writeShortlists): Promise<T | null> {
    const shortlistDb = db.value;
    if (!shortlistDb) return null;
    error.value = null;
    try {
      return await inTransaction(shortlistDb, () => work(shortlistDb));
    } catch (failure) {
      error.value = toLibraryError(failure);
      return null;
    }
  }

  async function createList(name: string, tie: RoleTie | null = null): Promise<number | null> {
    const clean = cleanName(name);
    if (!clean) return null;
    const at = nowIso();
    return write(async (shortlistDb) => {
      const id = await shortlistDb.shortlists.add({
        name: clean,
        castingCallId: tie?.castingCallId ?? null,
        castingCallName: tie?.castingCallName ?? null,
        roleId: tie?.roleId ?? null,
        roleName: tie?.roleName ?? null,
        createdAt: at,
        updatedAt: at,
      });
      // Its document, stored by y-dexie in this transaction.
      const doc = newListDoc({ name: clean });
      await shortlistDb.listDocs.add({ shortlistId: id, doc });
      doc.destroy();
      return id;
    });
  }

  /**
   * Renames a list. A `draft` is a name being typed: stored at once, so a reload or a crash keeps
   * it, but without counting as a change, so the list keeps its place among the others meanwhile.
   */
  async function renameList(id: number, name: string, options: { draft?: boolean } = {}): Promise<boolean> {
    const clean = cleanName(name);
    if (!clean) return false;
    const patch = options.draft ? { name: clean } : { name: clean, updatedAt: nowIso() };
    return (
      (await writeWithDocs([id], async (shortlistDb, docs) => {
        const updated = await shortlistDb.shortlists.update(id, patch);
        const doc = docs.get(id);
        if (updated === 1 && doc) renameInDoc(doc, clean);
        return updated;
      })) === 1
    );
  }

  async function tieList(id: number, tie: RoleTie | null): Promise<boolean> {
    const patch = {
      castingCallId: tie?.castingCallId ?? null,
      castingCallName: tie?.castingCallName ?? null,
      roleId: tie?.roleId ?? null,
      roleName: tie?.roleName ?? null,
      updatedAt: nowIso(),
    };
    return (await write((shortlistDb) => shortlistDb.shortlists.update(id, patch))) === 1;
  }

  /** Removes a list, its entries and its document (its sharing row too); `undo` brings them back. */
  async function removeList(id: number): Promise<boolean> {
    await flushPendingWrites();
    const removed = await write(async (shortlistDb) => {
      const list = await shortlistDb.shortlists.get(id);
      if (!list) return null;
      const rows = await shortlistDb.entries.where('shortlistId').equals(id).toArray();
      const updates = shortlistDb.table<ListDocUpdateRow & { i: number }, number>(listDocUpdatesTable);
      const docUpdates = await updates.where('k').equals(id).toArray();
      const office = await shortlistDb.officeLists.get(id);
      await shortlistDb.entries.bulkDelete(rows.map((row) => row.id!));
      await shortlistDb.shortlists.delete(id);
      await shortlistDb.listDocs.delete(id);
      await updates.bulkDelete(docUpdates.map((update) => update.i));
      if (office) {
        await shortlistDb.officeLists.delete(id);
        // Gone from this computer only: the office's sweep must not bring it back.
        await shortlistDb.officeListsLetGo.put({ officeId: office.officeId, listId: office.listId, officeRecordId: office.officeRecordId, shortlistId: id, removalOwed: false, at: nowIso() });
      }
      return { kind: 'list' as const, list, entries: rows, docUpdates, office, at: Date.now() };
    }, writeListRemoval);
    if (removed) lastRemoval.value = removed;
    if (removed && openId.value === id) openId.value = null;
    return removed !== null;
  }

  /** The snapshot of each actor now: search row from the index, detail from the offline library. */
  async function snapshots(actorIds: number[], origin: string | null = activeOrigin.value): Promise<Map<number, ActorSnapshot>> {
    const db = openLibrary(sync);
    const details = db ? await profilesOf<ActorRow>(db, 'actor', origin, actorIds) : actorIds.map(() => undefined);
    return new Map(actorIds.map((id, i) => [id, snapshotOf(index.rowOf('actor', origin, id), details[i]?.detail, `#${id}`)]));
  }

  /**
   * The entries with each actor as the library has them now (search row and saved detail), for
   * exports: the snapshot taken when an actor was added lacks what was learned since (acting age,
   * height, agency). The snapshot stands in where the directory no longer has the profile, where
   * the library knows nothing of it, and for entries of another directory; a field the library
   * does not know yet keeps the snapshot's value. An entry marked "not in your library" takes what
   * the library on disk holds of the actor now (a sync or a look-up since the list was last written,
   * of any directory), so an export's name-only entries are exactly those the library still lacks.
   */
  async function withCurrentProfiles<Entry extends ShortlistEntryRow>(entries: Entry[]): Promise<Entry[]> {
    const rows = await withLibraryProfiles(entries);
    const current = rows.filter(
      (row) => row.directoryOrigin === activeOrigin.value && available(row.actorId, row.directoryOrigin) && index.rowOf('actor', activeOrigin.value, row.actorId) !== undefined,
    );
    if (current.length === 0) return rows;
    const now = await snapshots([...new Set(current.map((row) => row.actorId))]);
    const known = new Set(current.map((row) => row.id));
    return rows.map((row) => {
      const fresh = known.has(row.id) ? now.get(row.actorId) : undefined;
      return fresh ? { ...row, snapshot: mergeSnapshots(fresh, row.snapshot) } : row;
    });
  }

  /** `rows` with each entry marked "not in your library" that the library holds now given the library's snapshot of the actor. */
  async function withLibraryProfiles<Entry extends ShortlistEntryRow>(rows: Entry[]): Promise<Entry[]> {
    const marked = rows.filter((row) => row.snapshot.notInLibrary);
    if (marked.length === 0) return rows;
    const actors = marked.map((row) => ({ origin: row.directoryOrigin, id: row.actorId, name: row.snapshot.name }));
    const held = await librarySnapshots(openLibrary(sync), actors, (actor) => officeEntryKey(actor.origin, actor.id));
    return rows.map((row) => {
      const snapshot = row.snapshot.notInLibrary ? held.get(officeEntryKey(row.directoryOrigin, row.actorId)) : undefined;
      return snapshot ? { ...row, snapshot } : row;
    });
  }

  /**
   * The latest snapshot of each of `actorIds` (of the active directory) on any list: what a view
   * shows of an actor the library no longer knows.
   */
  async function latestSnapshots(actorIds: number[]): Promise<Map<number, ActorSnapshot>> {
    const shortlistDb = db.value;
    const origin = activeOrigin.value;
    if (!shortlistDb || !origin || actorIds.length === 0) return new Map();
    const found = await shortlistDb.entries.where('[directoryOrigin+actorId]').anyOf(actorIds.map((id) => [origin, id])).toArray();
    const latest = new Map<number, ShortlistEntryRow>();
    for (const entry of found) {
      const seen = latest.get(entry.actorId);
      if (!seen || entry.updatedAt > seen.updatedAt) latest.set(entry.actorId, entry);
    }
    return new Map([...latest].map(([actorId, entry]) => [actorId, entry.snapshot]));
  }

  /**
   * Every shortlist place of each of `actorIds` (of the active directory), newest change first: what
   * the comparison shows beside the profiles, as the actor page's memory shows it for one actor.
   */
  async function memoriesOf(actorIds: number[]): Promise<Map<number, ActorMemory[]>> {
    const shortlistDb = db.value;
    const origin = activeOrigin.value;
    if (!shortlistDb || !origin || actorIds.length === 0) return new Map();
    const found = (await shortlistDb.entries.where('[directoryOrigin+actorId]').anyOf(actorIds.map((id) => [origin, id])).toArray()) as (ShortlistEntryRow & { id: number })[];
    const owners = await shortlistDb.shortlists.bulkGet([...new Set(found.map((entry) => entry.shortlistId))]);
    const listsById = new Map(owners.filter((list): list is ShortlistRow & { id: number } => list !== undefined).map((list) => [list.id, list]));
    const byActor = new Map<number, ActorMemory[]>(actorIds.map((id) => [id, []]));
    for (const entry of [...found].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))) {
      const list = listsById.get(entry.shortlistId);
      if (list) byActor.get(entry.actorId)?.push({ list, entry });
    }
    return byActor;
  }

  /** Adds actors at the end of a list; an actor already on it stays where they are. */
  async function addActors(listId: number, actorIds: number[], origin: string | null = null): Promise<{ added: number; already: number } | null> {
    // Actors of the active connection's directory unless `origin` names another (the one library holds several).
    const directoryOrigin = origin ?? activeOrigin.value;
    if (!directoryOrigin) return null;
    const wanted = [...new Set(actorIds.filter((id) => Number.isInteger(id) && id > 0))];
    const taken = await snapshots(wanted, directoryOrigin);
    return writeWithDocs([listId], async (shortlistDb, docs) => {
      if (!(await shortlistDb.shortlists.get(listId))) return { added: 0, already: 0 };
      const onList = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
      const present = new Set(onList.filter((entry) => entry.directoryOrigin === directoryOrigin).map((entry) => entry.actorId));
      const last = await shortlistDb.entries.where('[shortlistId+position]').between([listId, -Infinity], [listId, Infinity]).last();
      let position = last?.position ?? 0;
      const at = nowIso();
      const fresh = wanted.filter((id) => !present.has(id));
      const added: ShortlistEntryRow[] = fresh.map((actorId) => ({
          shortlistId: listId,
          directoryOrigin,
          actorId,
          position: (position += 1),
          note: '',
          rating: null,
          colours: [],
          tags: [],
          status: 'considering' as ShortlistStatus,
          addedAt: at,
          updatedAt: at,
          snapshot: taken.get(actorId)!,
        }));
      await shortlistDb.entries.bulkAdd(added);
      const doc = docs.get(listId);
      if (doc) addToDoc(doc, added);
      await shortlistDb.shortlists.update(listId, { updatedAt: at });
      return { added: fresh.length, already: wanted.length - fresh.length };
    });
  }

  /** Moves an entry to `toIndex` (0-based) in its list's order. */
  async function moveEntry(entryId: number, toIndex: number): Promise<boolean> {
    let listId: number | undefined;
    try {
      listId = (await db.value?.entries.get(entryId))?.shortlistId;
    } catch (failure) {
      // A drag or a key starts it and never awaits it: the failure is shown, never left unhandled.
      error.value = toLibraryError(failure);
      return false;
    }
    if (listId === undefined) return false;
    const moved = await writeWithDocs([listId], async (shortlistDb, docs) => {
      const entry = await shortlistDb.entries.get(entryId);
      if (!entry) return false;
      const ordered = (await shortlistDb.entries.where('[shortlistId+position]').between([entry.shortlistId, -Infinity], [entry.shortlistId, Infinity]).toArray()).filter(
        (row) => row.id !== entryId,
      );
      const target = Math.min(Math.max(0, Math.round(toIndex)), ordered.length);
      const before = ordered[target - 1]?.position;
      const after = ordered[target]?.position;
      let position = before === undefined ? (after === undefined ? 1 : after - 1) : after === undefined ? before + 1 : (before + after) / 2;
      if (before !== undefined && after !== undefined && after - before < 1e-6) {
        // The gap is used up: number the whole list afresh, the moved entry in its place.
        ordered.splice(target, 0, entry);
        await shortlistDb.entries.bulkPut(ordered.map((row, i) => ({ ...row, position: i + 1 })));
        position = target + 1;
      }
      const at = nowIso();
      await shortlistDb.entries.update(entryId, { position, updatedAt: at });
      const doc = docs.get(entry.shortlistId);
      // In the document only the moved entry's position changes, between its new neighbours'.
      if (doc) moveInDoc(doc, entry, ordered[target - 1] ?? null, ordered[target] ?? null);
      await shortlistDb.shortlists.update(entry.shortlistId, { updatedAt: at });
      return true;
    });
    return moved === true;
  }


  /** Stores `edit` at once (queued behind a write on its way); false when the entry is gone or the write failed. */
  function updateEntry(entryId: number, edit: EntryEdit): Promise<boolean> {
    return new Promise((settle) => {
      const staged = unsaved.get(entryId) ?? { patch: {}, settle: [] };
      unsaved.set(entryId, staged);
      stageEntryEdit(staged, edit);
      staged.settle.push(settle);
      staged.journaled = journal(entryId, staged.patch) ?? staged.journaled;
      void flushPendingWrites();
    });
  }

  /**
   * Journals the entry's edits not stored yet (those of the write under way too, which may never
   * commit) before anything else happens, so a crash a moment later keeps them: db/typedEdits.ts.
   * Only an entry shown here whose list the member may change; returns the record's seq.
   */
  function journal(entryId: number, unsavedPatch: EntryPatch): number | undefined {
    const shortlistDb = db.value;
    const listId = entries.value.find((entry) => entry.id === entryId)?.shortlistId ?? memory.value.find(({ entry }) => entry.id === entryId)?.entry.shortlistId;
    if (!shortlistDb || listId === undefined || !officeLists.mayEdit(listId)) return undefined;
    const underWay = savingBatch.find(([id]) => id === entryId)?.[1].patch;
    const seq = nextTypedSeq();
    journalTypedEdit(shortlistDb, { entryId, seq, fields: { ...underWay, ...unsavedPatch } });
    return seq;
  }

  /** Resolves once every change made before the call is stored (or its failure is shown). */
  async function flushPendingWrites(): Promise<void> {
    while (saving) await saving;
    if (unsaved.size === 0) return;
    const batch = [...unsaved];
    unsaved.clear();
    savingBatch = batch;
    saving = saveEntries(batch);
    try {
      await saving;
    } finally {
      saving = null;
      savingBatch = [];
    }
  }

  /**
   * The page may be going away: what is typed but not stored yet (queued, or in a write still on
   * its way) is written now, synchronously, onto the open list's entries as the store holds them
   * (db/shortlistDb.ts writeEntriesNow), then through the queue as usual. A reload under full load
   * can no longer overtake it: nothing waits for the machine to be idle.
   */
  function flushBeforeLeaving(): void {
    const shortlistDb = db.value;
    if (!shortlistDb) return;
    const waiting = [...savingBatch, ...unsaved];
    if (waiting.length > 0) {
      const known = new Map(entries.value.map((entry) => [entry.id, entry]));
      const patches = new Map<number, EntryPatch>();
      // Labels changed on other labels than the entry shows now go onto those (a colleague's stays).
      for (const [entryId, staged] of waiting) {
        const entry = known.get(entryId);
        const sofar = patches.get(entryId);
        patches.set(entryId, { ...sofar, ...staged.patch, ...(entry ? labelsOverStored({ ...entry, ...sofar }, staged) : {}) });
      }
      const at = nowIso();
      const rows = [...patches].flatMap(([entryId, patch]) => {
        const entry = known.get(entryId);
        return entry ? [{ ...entry, ...patch, updatedAt: at }] : [];
      });
      try {
        // The open list's document says the same, in the same IndexedDB transaction as the rows; a
        // list whose document is not loaded yet keeps the edits, carried into it later (pendingDocEdits.ts).
        // Its changes whose write is under way (or failed) go along: this one builds on them.
        const held = openDoc && !openDoc.doc.isDestroyed ? openDoc : null;
        const ofOpen = held ? rows.filter((row) => row.shortlistId === held.shortlistId) : [];
        const unstored = held ? unstoredDocUpdates.ofList(held.shortlistId) : null;
        const fresh = held && ofOpen.length > 0 ? rowsOverDoc(held.doc, ofOpen.map((row) => ({ before: known.get(row.id!)!, after: row })), (row) => new Set(Object.keys(patches.get(row.id!) ?? {})), DexieYProvider.for(held.doc)) : null;
        const update = unstored && fresh ? Y.mergeUpdatesV2([unstored, fresh]) : (unstored ?? fresh);
        const pending = pendingEditsOf(held ? rows.filter((row) => row.shortlistId !== held.shortlistId) : rows, known);
        writeEntriesNow(shortlistDb, rows, { update: held && update ? { k: held.shortlistId, u: update, f: 1 } : null, pending });
      } catch (failure) {
        error.value = toLibraryError(failure);
      }
    }
    void flushPendingWrites();
  }

  /**
   * The lists of entries `entryIds`, from the entries the store shows (an entry never changes list)
   * and read only for the others: a keystroke's write waits for no read before its transaction.
   */
  async function listsOfEntries(entryIds: readonly number[]): Promise<number[]> {
    const shown = new Map<number, number>();
    for (const entry of entries.value) shown.set(entry.id, entry.shortlistId);
    for (const { entry } of memory.value) shown.set(entry.id, entry.shortlistId);
    const unknown = entryIds.filter((id) => !shown.has(id));
    const read = unknown.length > 0 ? ((await db.value?.entries.bulkGet(unknown)) ?? []) : [];
    return [...entryIds.flatMap((id) => (shown.has(id) ? [shown.get(id)!] : [])), ...read.flatMap((entry) => (entry ? [entry.shortlistId] : []))];
  }

  /**
   * Per entry, what a failed write put into its list's document but not into its row (the document
   * in memory keeps a change whose transaction failed, and the next write stores it): the entry's
   * next edit is worked out from what the document holds, or typing on after a failed keystroke
   * would put its letters in the note twice.
   */
  const editsOnlyInDoc = new Map<number, EntryPatch>();

  async function saveEntries(batch: [number, StagedEntryEdit][]): Promise<void> {
    const ids = batch.map(([entryId]) => entryId);
    // The lists whose documents the write changes, loaded before it (the open one already is).
    let listIds: number[];
    try {
      listIds = await listsOfEntries(ids);
    } catch (failure) {
      // Nothing is written: every caller is told so, and nothing is left waiting or unhandled.
      error.value = toLibraryError(failure);
      for (const [, { settle }] of batch) for (const done of settle) done(false);
      return;
    }
    const inDoc = new Set<number>();
    /** Per entry, what the write put into the row and the document (a typed note merged with the stored one). */
    const written = new Map<number, EntryPatch>();
    const updated = await writeWithDocs(listIds, async (shortlistDb, docs) => {
      const at = nowIso();
      const found = await shortlistDb.entries.bulkGet(ids);
      const touched = new Map<number, { before: ShortlistEntryRow; after: ShortlistEntryRow }[]>();
      // Every write is asked for at once (one round of requests, not one after another): the
      // transaction commits as soon as the last one is done.
      const writes: Promise<unknown>[] = [];
      for (const [i, [entryId, staged]] of batch.entries()) {
        const entry = found[i];
        if (!entry) continue;
        const before = { ...entry, ...editsOnlyInDoc.get(entryId) };
        const patch = patchOverStored(before, staged);
        written.set(entryId, patch);
        writes.push(shortlistDb.entries.update(entryId, { ...patch, updatedAt: at }));
        touched.set(entry.shortlistId, [...(touched.get(entry.shortlistId) ?? []), { before, after: { ...entry, ...patch } }]);
      }
      for (const [listId, changes] of touched) {
        const doc = docs.get(listId);
        if (doc) editInDoc(doc, changes);
        for (const { after } of changes) inDoc.add(after.id!);
        writes.push(shortlistDb.shortlists.update(listId, { updatedAt: at }));
      }
      await Promise.all(writes);
      return found.map((entry) => entry !== undefined);
    }, writeEntryEdits, { keepOnFailure: true });
    for (const [entryId, { journaled }] of batch) {
      if (updated) editsOnlyInDoc.delete(entryId);
      else if (inDoc.has(entryId)) editsOnlyInDoc.set(entryId, { ...editsOnlyInDoc.get(entryId), ...written.get(entryId) });
      // Stored: the journal forgets it (a failed write's edits stay, for the next start).
      const shortlistDb = db.value;
      if (updated && journaled !== undefined && shortlistDb) forgetTypedEdits(shortlistDb, entryId, journaled);
    }
    for (const [i, [, { settle }]] of batch.entries()) for (const done of settle) done(updated?.[i] ?? false);
    if (updated) failedEntryWrites = 0;
    // Failed, not refused: the list is still open to this member's changes.
    // What a document kept is what is tried again: a merged note, on nothing but itself.
    else if (db.value && listIds.every((listId) => officeLists.mayEdit(listId))) retryFailedEntryEdits(batch.map(([entryId, staged]) => [entryId, inDoc.has(entryId) ? { ...staged, patch: written.get(entryId)!, noteBase: undefined, coloursBase: undefined, tagsBase: undefined } : staged]));
  }

  /**
   * A keystroke's write failed (a full disk, an aborted transaction): its edits are journaled and
   * maybe in the document, not in the rows the views read. They go back into the queue, under what
   * was typed since, and are written with the next keystroke or, at the latest, after a wait that
   * doubles per failure in a row (1 s up to 30 s; a local disk, so no jitter): once the disk lets
   * it, the rows catch up and the failure shown clears without the user typing again.
   */
  function retryFailedEntryEdits(batch: [number, StagedEntryEdit][]): void {
    for (const [entryId, failed] of batch) {
      const since = unsaved.get(entryId);
      const retry: StagedEntryEdit = { ...failed, patch: { ...failed.patch }, settle: since?.settle ?? [], journaled: since?.journaled ?? failed.journaled };
      if (since) stageEntryEdit(retry, { ...since.patch, noteBase: since.noteBase, coloursBase: since.coloursBase, tagsBase: since.tagsBase });
      unsaved.set(entryId, retry);
    }
    clearTimeout(entryEditsRetry);
    entryEditsRetry = setTimeout(() => void flushPendingWrites(), backoffCeilingMs(failedEntryWrites, { baseMs: 1000 }));
    failedEntryWrites += 1;
  }

  // The page may go away at any moment: make sure nothing is left waiting when it might.
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    window.addEventListener('pagehide', flushBeforeLeaving);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushBeforeLeaving();
    });
  }

  /** Removes entries (from one or several lists); `undo` puts them back where they were. */
  async function removeEntries(entryIds: number[]): Promise<boolean> {
    // What was typed into them goes first, so undo brings it back too.
    await flushPendingWrites();
    const listIds = ((await db.value?.entries.bulkGet(entryIds)) ?? []).flatMap((entry) => (entry ? [entry.shortlistId] : []));
    const removed = await writeWithDocs(listIds, async (shortlistDb, docs) => {
      const rows = (await shortlistDb.entries.bulkGet(entryIds)).filter((row): row is ShortlistEntryRow => row !== undefined);
      await shortlistDb.entries.bulkDelete(rows.map((row) => row.id!));
      // In the documents they are marked deleted: a colleague's note on them stays, for undo too.
      for (const [listId, doc] of docs) deleteInDoc(doc, rows.filter((row) => row.shortlistId === listId));
      return { kind: 'entries' as const, list: null, entries: rows, at: Date.now() };
    });
    if (removed && removed.entries.length > 0) lastRemoval.value = removed;
    return removed !== null;
  }

  /** Puts back what the last removal took, with the same ids and order. */
  async function undo(): Promise<boolean> {
    const removal = lastRemoval.value;
    if (!removal) return false;
    if (removal.list) {
      const restored = await write(async (shortlistDb) => {
        await shortlistDb.shortlists.add(removal.list!);
        await shortlistDb.entries.bulkAdd(removal.entries);
        // The document comes back with its history: its stored updates, then its row (y-dexie reads them by the list's id).
        await shortlistDb.table(listDocUpdatesTable).bulkAdd(removal.docUpdates ?? []);
        await shortlistDb.listDocs.add({ shortlistId: removal.list!.id! });
        if (removal.office) {
          await shortlistDb.officeLists.add(removal.office);
          await shortlistDb.officeListsLetGo.delete([removal.office.officeId, removal.office.listId]);
        }
        return true;
      }, writeListRemoval);
      if (restored) lastRemoval.value = null;
      return restored === true;
    }
    const restored = await writeWithDocs(
      removal.entries.map((row) => row.shortlistId),
      async (shortlistDb, docs) => {
        // Each entry comes back where it was, as its document says it (a colleague's note typed meanwhile too).
        const rows = [...docs].flatMap(([listId, doc]) => restoreInDoc(doc, removal.entries.filter((row) => row.shortlistId === listId)));
        await shortlistDb.entries.bulkAdd(rows);
        return true;
      },
    );
    if (restored) lastRemoval.value = null;
    return restored === true;
  }

  function dismissUndo(): void {
    lastRemoval.value = null;
  }

  function open(id: number | null): void {
    if (openId.value !== id) {
      entries.value = [];
      entriesLoaded.value = false;
      openList.value = null;
    }
    openId.value = id;
  }

  /** Takes fresh snapshots of the open list's actors whose cached profile is newer. */
  async function refreshSnapshots(): Promise<void> {
    // Only actors whose search row (in memory) says they changed: reading 500 cached details on
    // every open would cost more than drawing the list.
    const rows = entries.value.filter((row) => {
      if (row.directoryOrigin !== activeOrigin.value) return false;
      const searchRow = index.rowOf('actor', activeOrigin.value, row.actorId);
      return searchRow !== undefined && searchRow.updatedAt !== row.snapshot.updatedAt;
    });
    if (rows.length === 0 || !openLibrary(sync)) return;
    let current: Map<number, ActorSnapshot>;
    try {
      current = await snapshots(rows.map((row) => row.actorId));
    } catch (failure) {
      // A list page starts it as it opens and never awaits it: the failure is shown, the old snapshots stay.
      error.value = toLibraryError(failure);
      return;
    }
    const changed = rows.filter((row) => {
      const next = current.get(row.actorId);
      return next && next.updatedAt && next.updatedAt !== row.snapshot.updatedAt && index.rowOf('actor', activeOrigin.value, row.actorId) !== undefined;
    });
    if (changed.length === 0) return;
    await write(async (shortlistDb) => {
      for (const row of changed) await shortlistDb.entries.update(row.id, { snapshot: current.get(row.actorId)! });
    });
  }

  /**
   * Whether the directory still lists the actor (false once it removed them; true while unknown,
   * as for an actor of a directory no connection reaches).
   */
  function available(actorId: number, directoryOrigin: string | null = activeOrigin.value): boolean {
    void index.revision;
    // The one library holds every connection's actors: a directory some connection reaches answers;
    // of one no connection reaches any more, nothing is known.
    if (!sync.syncedIds.some((id) => sync.originOf(id) === directoryOrigin)) return true;
    const row = index.rowOf('actor', directoryOrigin, actorId);
    if (row) return row.removed === 0;
    return !index.loaded || index.size('actor') === 0;
  }

  /**
   * A picture of an entry through the media cache, asked through a connection to the entry's
   * directory (the active one when it is), or none when no connection reaches it.
   */
  function pictureUrl(url: string | null | undefined, directoryOrigin: string | null = activeOrigin.value): string | undefined {
    if (!url) return undefined;
    const through =
      directoryOrigin === activeOrigin.value
        ? sync.connectionId
        : (connections.connections.find((connection) => connection.directoryOrigin === directoryOrigin)?.id ?? null);
    return through ? mediaUrl(through, url) : undefined;
  }

  /**
   * Shows what the shortlists hold of actor `actorId` of `origin` (null: the active directory) and
   * of the profiles of other directories linked to it as the same person.
   */
  function showMemoryOf(actorId: number | null, origin: string | null = null, linked: readonly { origin: string; id: number }[] = []): void {
    memoryActorId.value = actorId;
    memoryOrigin.value = origin;
    memoryLinked.value = linked;
    if (actorId === null) memory.value = [];
  }

  const ready = computed(() => db.value !== null);

  function openDb(): ShortlistDb {
    if (!db.value) throw new RendererError('storage_unavailable', 'No shortlists are open.');
    return db.value;
  }

  /** A list and its entries in list order (exports, presentation packages); rejects when there is none. */
  async function listWithEntries(listId: number): Promise<{ list: ShortlistRow & { id: number }; entries: ShortlistEntryRow[] }> {
    const shortlistDb = openDb();
    const list = await shortlistDb.shortlists.get(listId);
    if (!list?.id) throw new RendererError('not_found', `There is no shortlist ${listId}.`);
    const rows = await shortlistDb.entries.where('[shortlistId+position]').between([listId, -Infinity], [listId, Infinity]).toArray();
    return { list: { ...list, id: list.id }, entries: rows };
  }

  /** Every list and entry, read in one transaction (backups and their import plan). */
  async function allListsAndEntries(): Promise<{ lists: ShortlistRow[]; entries: ShortlistEntryRow[] }> {
    const shortlistDb = openDb();
    const [all, rows] = await shortlistDb.transaction('r', [shortlistDb.shortlists, shortlistDb.entries], () =>
      Promise.all([shortlistDb.shortlists.toArray(), shortlistDb.entries.toArray()]),
    );
    return { lists: all, entries: rows };
  }

  /** Writes an imported backup in one transaction: lists created, lists replaced with their entries. */
  async function importLists(writes: ImportWrites): Promise<void> {
    const shortlistDb = openDb();
    const held = await holdListDocs(
      shortlistDb,
      writes.replace.map((one) => one.existingId),
      openDoc,
    );
    try {
      await transactWithDocs(shortlistDb, held.docs, async () => {
        for (const { shortlist, entries: imported } of writes.create) {
          const id = await shortlistDb.shortlists.add({ ...shortlist });
          const rows = imported.map((entry) => ({ ...entry, shortlistId: id }));
          await shortlistDb.entries.bulkAdd(rows);
          const doc = newListDoc(shortlist, rows);
          await shortlistDb.listDocs.add({ shortlistId: id, doc });
          doc.destroy();
        }
        for (const { existingId, shortlist, entries: imported } of writes.replace) {
          const rows = imported.map((entry) => ({ ...entry, shortlistId: existingId }));
          await shortlistDb.entries.where('shortlistId').equals(existingId).delete();
          await shortlistDb.shortlists.put({ ...shortlist, id: existingId });
          await shortlistDb.entries.bulkAdd(rows);
          const doc = held.docs.get(existingId);
          if (doc) replaceInDoc(doc, shortlist, rows);
        }
      }, writeShortlists);
    } finally {
      held.release();
    }
  }

  return {
    ready,
    /** How long names, notes and tags may be (fields show it as their maxlength). */
    limits: shortlistLimits,
    lists,
    listsLoaded,
    openId,
    openList,
    entries,
    entriesLoaded,
    openDocLoaded,
    memory,
    error,
    lastRemoval,
    createList,
    renameList,
    tieList,
    removeList,
    addActors,
    moveEntry,
    updateEntry,
    flushPendingWrites,
    removeEntries,
    undo,
    dismissUndo,
    open,
    refreshSnapshots,
    withCurrentProfiles,
    latestSnapshots,
    memoriesOf,
    available,
    pictureUrl,
    listWithEntries,
    allListsAndEntries,
    importLists,
    showMemoryOf,
  };
});
