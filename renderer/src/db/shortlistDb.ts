/**
 * The casting director's own work: shortlists and their entries, in ONE database for the user
 * (`castdesk-shortlists`), apart from the offline library and from any connection, so "clear cache",
 * switching, removing or re-adding a connection never takes a list with it. An entry names its actor
 * by (directory origin, profile id) — the same actor seen through two keys of one directory is one
 * entry — and keeps a snapshot of what a list, a CSV row and a contact sheet show, so it still reads
 * when no connection reaches that directory any more. One Dexie class, versioned schema; every
 * upgrade has a test. Earlier versions kept a database per connection (`castdesk-shortlists-<id>`):
 * db/shortlistMigration.ts copies those in, once.
 *
 * One model for every list (issue 25): each list has a Yjs document (`listDocs`, persisted by
 * y-dexie in this database), the list's truth; its `entries` rows are the document's projection,
 * for every reader (views, exports, search, the sync of shortlisted profiles, counts), and are
 * written in the same IndexedDB transaction as the document's change (`writeShortlists`,
 * `writeEntriesNow`; an edit the page wrote as it went away before its list's document was
 * loaded waits in `pendingDocEdits` for it; an entry's edit is journaled in `typedEdits` as it is
 * typed, and a member's own comment in `typedComments`, until its write is stored:
 * db/typedEdits.ts). A list shared with a casting office also has an `officeLists` row; a
 * personal list's document never leaves the computer (renderer/src/sync/OFFICE.md).
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import yDexie from 'y-dexie';
import type * as Y from 'yjs';
import type { OfficeListKeptCode, OfficeRole } from '../../../contract/officeRoles.ts';
import type { PictureFraming } from '../shortlists/exportPicture.ts';
import type { PrivateSnapshotField } from '../shortlists/privateAttributes.ts';
import type { ShortlistColour, ShortlistStatus } from '../shortlists/shortlistOptions.ts';
import { giveEveryListADoc } from './listDocMigration.ts';
import { writeLibrary } from './libraryDb.ts';

export interface ShortlistRow {
  id?: number;
  name: string;
  /** The casting call and role the list is for, when it is for one. */
  castingCallId: number | null;
  roleId: number | null;
  /** Names as they were when tied, so the list reads offline and after the call is gone. */
  castingCallName: string | null;
  roleName: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Why the list became a personal copy of an office's list, until the user dismisses it
   * (stores/officeLists.ts). Not indexed, so it needs no new schema version.
   */
  keptAsPersonal?: OfficeListKeptCode;
  /**
   * The office's list this personal list was while its office was removed here, and its document
   * as it was then: adding that office again links this list back to it instead of bringing in a
   * second copy, unless the list was changed here since (sync/officeSharing.ts linkKeptCopy). Not
   * indexed, so it needs no new schema version; deleted with the list.
   */
  keptFrom?: KeptFromOffice;
  /**
   * Texts typed here that the office refused, which the list no longer holds since it went back to
   * the office's version (sync/refusedTexts.ts), until the user dismisses each. Not indexed, so it
   * needs no new schema version; deleted with the list.
   */
  refusedTexts?: RefusedText[];
}

/**
 * A comment or a note typed on this computer that the office refused (a role lowered while the
 * member was offline): what the entry would have read, kept so that nothing typed is lost.
 */
export interface RefusedText {
  /** Random, for dismissing this one. */
  id: string;
  kind: 'comment' | 'note';
  /** The entry's actor (directory origin, profile id) and name, as the list's document names them. */
  directoryOrigin: string;
  actorId: number;
  actorName: string;
  text: string;
  refusedAt: string;
}

/** Where a list kept when its office was removed came from (ShortlistRow.keptFrom). */
export interface KeptFromOffice {
  /** The office's own id: the same when the office is added again, unlike this computer's record of it. */
  officeId: string;
  listId: string;
  /**
   * The document's Yjs snapshot (state vector and deletions, `Y.encodeSnapshotV2`) when the office
   * was removed: any change made since, a deletion alone too, gives another.
   */
  snapshot: Uint8Array;
}

/** What an entry shows without the offline library: taken when added, refreshed when the profile is seen. */
export interface ActorSnapshot {
  name: string;
  actingAgeFrom: number | null;
  actingAgeTo: number | null;
  age: number | null;
  height: number | null;
  gender: string | null;
  /** Primary agency first. */
  agencies: string[];
  /** ISO 639-2 → level key. */
  languages: Record<string, string>;
  /** The main picture's thumbnail and a larger version (directory URLs; shown through the media cache). */
  thumbUrl: string | null;
  pictureUrl: string | null;
  /** The directory's updated_at of what the snapshot was taken from. */
  updatedAt: string | null;
  /**
   * Facts the actor shows only to verified casting professionals (attribute_visibility), which
   * exports leave out unless asked; absent when no detail told (entries saved before it was kept).
   */
  privateFields?: PrivateSnapshotField[];
  /** How exports frame `pictureUrl` (its crop region, or fit whole) and its size; absent before they were kept. */
  pictureFraming?: PictureFraming;
  pictureSize?: [number, number] | null;
  /**
   * Set on an entry of a shared list whose actor this member's own library lacks (officeSharing.ts):
   * the name is the office's and nothing else is known, since profiles never travel through the
   * office. The entry says "Not in your library" instead of showing someone else's data.
   */
  notInLibrary?: true;
}

export interface ShortlistEntryRow {
  id?: number;
  shortlistId: number;
  /** The directory the actor belongs to (db/directoryOrigin.ts); with `actorId` it names the profile. */
  directoryOrigin: string;
  /** The actor's profile id in that directory. */
  actorId: number;
  /** Order within the list: ascending; moves take a value between the neighbours. */
  position: number;
  note: string;
  /** 1 to 5, or null when not rated. */
  rating: number | null;
  colours: ShortlistColour[];
  tags: string[];
  status: ShortlistStatus;
  addedAt: string;
  updatedAt: string;
  snapshot: ActorSnapshot;
}

/**
 * A shortlist shared with an office: which office (this computer's record of it) and which of its
 * documents (`<officeId>/<listId>`). The document itself is the list's `listDocs` row, as for a
 * personal list.
 */
export interface OfficeListRow {
  shortlistId: number;
  /** This computer's id of the office (electron/core/office/officeRecords.ts). */
  officeRecordId: string;
  officeId: string;
  listId: string;
  sharedAt: string;
  /** When the server last held every local change (null: never since sharing). */
  syncedAt: string | null;
  /** The member's role on the list and member id as the office last told them (contract/officeRoles.ts): kept for offline. */
  role?: OfficeRole;
  memberId?: string;
  /**
   * The office's member names (id → name) as it last answered them, on every list of the office
   * alike (unindexed: no schema version): offline, picks and comments still show who made them.
   */
  memberNames?: Record<string, string>;
}

/**
 * An office's list this computer stopped sharing while the office still had it ("Stop sharing"
 * with the office unreachable, or a role that may not take it out): the office still names it in
 * its directory, and the sweep must not bring it in again as a second copy. Kept apart from the
 * list, so deleting the personal copy does not bring the office's back either.
 */
export interface OfficeListLetGoRow {
  officeId: string;
  listId: string;
  officeRecordId: string;
  /** The personal copy the list became here (it may be deleted since). */
  shortlistId: number;
  /** The office is still to be asked to take the list out (an editor's "Stop sharing" it could not reach). */
  removalOwed: boolean;
  at: string;
}

/**
 * A list's Yjs document (sync/officeListDoc.ts shape), one for every list: `doc` is the Y.Doc
 * y-dexie keeps (its updates in `$listDocs.doc_updates`, one row `{i, k: shortlistId, u, f}` each).
 */
export interface ListDocRow {
  shortlistId: number;
  readonly doc: Y.Doc;
}

/**
 * An entry's edit the page going away wrote as a row only: the list's document was not loaded yet
 * (y-dexie loads asynchronously; a note typed just after opening a list). `before` is the entry as
 * the store showed it, `after` as written; the shortlists store carries it into the document at
 * the next start (or once the document is loaded), and deletes it in that same transaction.
 */
export interface PendingDocEditRow {
  id?: number;
  shortlistId: number;
  before: ShortlistEntryRow;
  after: ShortlistEntryRow;
}

/**
 * A member's own comment on an entry of a shared list that was journaled as typed and never stored
 * (db/typedEdits.ts replayTypedEdits): it waits in `pendingDocEdits` beside the entries' edits, and
 * goes into its list's document with them (not indexed apart: no schema version).
 */
export interface PendingDocCommentRow {
  id?: number;
  shortlistId: number;
  comment: { entryKey: string; memberId: string; text: string };
}

/** y-dexie's table of the lists' document updates. */
export const listDocUpdatesTable = '$listDocs.doc_updates';

/** The keystrokes' journal (db/typedEdits.ts TypedEditRow, schema version 5), keyed `[entryId+seq]`. */
export const typedEditsTable = 'typedEdits';

/**
 * The journal's comments (db/typedEdits.ts TypedCommentRow, schema version 6), keyed
 * `[shortlistId+entryKey+memberId+seq]`: a member's comment lives in the list's document, not in
 * an entry's row, so it has keys of its own, forgotten apart from the entry's edits.
 */
export const typedCommentsTable = 'typedComments';

/** Version 3, released: every list has its document. */
const schemaVersion3 = {
  shortlists: '++id, name, castingCallId',
  entries: '++id, shortlistId, actorId, [directoryOrigin+actorId], [shortlistId+position], [shortlistId+directoryOrigin+actorId]',
  migrations: 'source',
  /** The sharing facts only: the document moved to `listDocs` (its updates with it, db/listDocMigration.ts). */
  officeLists: 'shortlistId, officeRecordId, &[officeId+listId]',
  /** Every list's Yjs document (the list's truth), personal or shared; y-dexie keeps its updates in `$listDocs.doc_updates`. */
  listDocs: 'shortlistId, doc: Y.Doc',
  /** Edits the page wrote as rows only while it went away, their list's document not loaded (PendingDocEditRow). */
  pendingDocEdits: '++id, shortlistId',
} as const;

/** Version 4, released: version 3 and the office lists stopped here. */
const schemaVersion4 = {
  ...schemaVersion3,
  /** Office lists stopped here that the office still has (OfficeListLetGoRow). */
  officeListsLetGo: '[officeId+listId], officeRecordId',
} as const;

/** Version 5, released: version 4 and the keystrokes' journal. */
const schemaVersion5 = {
  ...schemaVersion4,
  /** Entries' edits as typed, until their write is stored (db/typedEdits.ts TypedEditRow). */
  typedEdits: '[entryId+seq]',
} as const;

/**
 * Every schema version of the user's shortlist database, oldest first (the upgrade tests build old
 * versions from it). Never edit a released one.
 */
export const shortlistSchemaVersions = {
  1: {
    shortlists: '++id, name, castingCallId',
    entries: '++id, shortlistId, actorId, [directoryOrigin+actorId], [shortlistId+position], [shortlistId+directoryOrigin+actorId]',
    /** One row per per-connection database already copied in (its name): the copy is never repeated. */
    migrations: 'source',
  },
  2: {
    shortlists: '++id, name, castingCallId',
    entries: '++id, shortlistId, actorId, [directoryOrigin+actorId], [shortlistId+position], [shortlistId+directoryOrigin+actorId]',
    migrations: 'source',
    /** Lists shared with an office; `doc: Y.Doc` is y-dexie's, its updates in a table of their own. */
    officeLists: 'shortlistId, officeRecordId, &[officeId+listId], doc: Y.Doc',
  },
  3: schemaVersion3,
  4: schemaVersion4,
  5: schemaVersion5,
  6: {
    ...schemaVersion5,
    /** Members' own comments as typed, until their write is stored (db/typedEdits.ts TypedCommentRow). */
    typedComments: '[shortlistId+entryKey+memberId+seq]',
  },
} as const;
export const shortlistDbVersion = 6;

/** The user's shortlist database: one for every connection. */
export const userShortlistDbName = 'castdesk-shortlists';

/**
 * The per-connection shortlist databases of earlier versions, kept only to be read by the
 * migration (and left in place afterwards: the copy is the user's, the original a fallback).
 */
export const legacyShortlistDbPrefix = 'castdesk-shortlists-';
export const legacyShortlistSchemaVersions = {
  1: {
    shortlists: '++id, name, castingCallId',
    entries: '++id, shortlistId, actorId, [shortlistId+position], [shortlistId+actorId]',
  },
} as const;

export function legacyShortlistDbName(connectionId: string): string {
  return `${legacyShortlistDbPrefix}${connectionId}`;
}

/** What the migration recorded for one per-connection database it copied. */
export interface ShortlistMigrationRow {
  /** The per-connection database's name. */
  source: string;
  connectionId: string;
  directoryOrigin: string;
  lists: number;
  entries: number;
  migratedAt: string;
}

export class ShortlistDb extends Dexie {
  shortlists!: Table<ShortlistRow, number>;
  entries!: Table<ShortlistEntryRow, number>;
  migrations!: Table<ShortlistMigrationRow, string>;
  officeLists!: Table<OfficeListRow, number>;
  /** Added with a ready Y.Doc (y-dexie copies its updates) or none (an empty one, or the updates already stored for the id). */
  listDocs!: Table<ListDocRow, number, { shortlistId: number; doc?: Y.Doc }>;
  pendingDocEdits!: Table<PendingDocEditRow | PendingDocCommentRow, number>;
  officeListsLetGo!: Table<OfficeListLetGoRow, [string, string]>;

  /** `name` is for tests, which each need a database of their own. */
  constructor(options?: DexieOptions, name: string = userShortlistDbName) {
    // Dexie takes `addons` instead of its global ones: keep those (and the caller's) and add y-dexie.
    super(name, { ...options, addons: [...(options?.addons ?? Dexie.addons), yDexie] });
    this.version(1).stores(shortlistSchemaVersions[1]);
    // Version 2 only adds the shared lists' table: nothing of version 1 changes.
    this.version(2).stores(shortlistSchemaVersions[2]);
    // Version 3 gives every list a document: a shared list's moves with its history, a personal one is built from its rows.
    this.version(3).stores(shortlistSchemaVersions[3]).upgrade(giveEveryListADoc);
    // Version 4 only adds the office lists stopped here: nothing of version 3 changes.
    this.version(4).stores(shortlistSchemaVersions[4]);
    // Version 5 only adds the keystrokes' journal: nothing of version 4 changes.
    this.version(5).stores(shortlistSchemaVersions[5]);
    // Version 6 only adds the journal's comments: nothing of version 5 changes.
    this.version(6).stores(shortlistSchemaVersions[6]);
  }
}

export async function openShortlistDb(options?: DexieOptions, name?: string): Promise<ShortlistDb> {
  const db = new ShortlistDb(options, name);
  await db.open();
  return db;
}

/**
 * The actors of `directoryOrigin` on any shortlist, for the sync engine of a connection to that
 * directory (it keeps their details and pictures). Opens the database briefly.
 */
export async function shortlistedActorIds(directoryOrigin: string, options?: DexieOptions, name?: string): Promise<number[]> {
  const db = new ShortlistDb(options, name);
  try {
    const keys = (await db.entries
      .where('[directoryOrigin+actorId]')
      .between([directoryOrigin, Dexie.minKey], [directoryOrigin, Dexie.maxKey])
      .uniqueKeys()) as unknown as [string, number][];
    return keys.map(([, actorId]) => actorId);
  } finally {
    db.close();
  }
}

/**
 * Runs `work` in one read-write transaction over the lists, their entries, their sharing facts and
 * their documents with y-dexie's updates table: a change of a loaded document made inside `work`
 * is stored by y-dexie in this same transaction (its update event's write joins it), so document
 * and rows are written together or not at all. A full disk becomes the typed `storage_full` error
 * and nothing of it is written.
 */
export function writeShortlists<T>(db: ShortlistDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.shortlists, db.entries, db.officeLists, db.listDocs, db.table(listDocUpdatesTable), db.pendingDocEdits], work);
}

/**
 * Runs a removal of a list, or its undo, in one read-write transaction over writeShortlists' tables
 * and the office's lists let go of here: a shared list removed on this computer is remembered as
 * let go of, so the office's sweep does not bring it back (the office and colleagues keep it).
 */
export function writeListRemoval<T>(db: ShortlistDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.shortlists, db.entries, db.officeLists, db.listDocs, db.table(listDocUpdatesTable), db.pendingDocEdits, db.officeListsLetGo], work);
}

/**
 * Runs an edit of existing entries (a keystroke in a note, a rating) in one read-write transaction
 * over only what it writes: the entries, their lists' `updatedAt`, and y-dexie's updates table
 * (a loaded document's change is stored in this same transaction, as in `writeShortlists`). A wider
 * scope makes the write wait for every reader of the other tables first (y-dexie's reload of the
 * document after each write reads `listDocs`), and a keystroke's write must reach the disk as soon
 * as it can: nothing else keeps it when the process is killed.
 */
export function writeEntryEdits<T>(db: ShortlistDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.shortlists, db.entries, db.table(listDocUpdatesTable)], work);
}

/**
 * Runs a change of loaded list documents that no row holds (a member's own comment on a shared
 * list's entry) in one read-write transaction over y-dexie's updates table alone: y-dexie's write of
 * the change joins it, so its commit says the change is stored.
 */
export function writeListDocChange<T>(db: ShortlistDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.table(listDocUpdatesTable)], work);
}

/** y-dexie's update row, as it stores one: `k` the list's id, `u` the update (V2), `f: 1` made here. */
export interface ListDocUpdateRow {
  k: number;
  u: Uint8Array;
  f: 1;
}

/**
 * Writes `rows` (whole entries) with what their lists' documents need, in one IndexedDB transaction
 * whose every request is issued before this returns, and asks it to commit at once: `update` (the
 * open list's document change saying the same) or, for a list whose document is not loaded,
 * `pending` (the edits, carried into the document later: PendingDocEditRow). For the page going
 * away (pagehide, hidden): a Dexie write issues its requests over several turns of the event loop,
 * and a page unloaded between two of them commits only what was issued, so a note typed just
 * before a reload was lost when both cores were busy. Dexie does not see this write (its live
 * queries do not run again); the caller writes the same through Dexie as well, which the page may
 * or may not live to finish.
 */
export function writeEntriesNow(db: ShortlistDb, rows: readonly ShortlistEntryRow[], docs: { update?: ListDocUpdateRow | null; pending?: readonly PendingDocEditRow[] } = {}): void {
  if (rows.length === 0 || !db.isOpen()) return;
  const transaction = db.backendDB().transaction(['entries', listDocUpdatesTable, 'pendingDocEdits'], 'readwrite');
  const store = transaction.objectStore('entries');
  for (const row of rows) store.put(row);
  if (docs.update) transaction.objectStore(listDocUpdatesTable).add(docs.update);
  for (const edit of docs.pending ?? []) transaction.objectStore('pendingDocEdits').add(edit);
  transaction.commit();
}
