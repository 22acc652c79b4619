/**
 * Shortlists shared with a casting office (issue 25; renderer/src/sync/OFFICE.md): the offices
 * joined on this computer, "Share with the office", "Stop sharing", and the office sockets that
 * keep shared lists in sync whenever an office is reachable. A shared list's truth is its Y.Doc in
 * the shortlist database; after each change the store writes the list's entries from it, so the
 * shortlists store (which owns personal lists and reads the same database) shows it unchanged.
 * A personal list never leaves the computer: nothing here touches a list without an office row.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import { liveQuery } from 'dexie';
import { DexieYProvider } from 'y-dexie';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { openShortlistDb, type ShortlistDb } from '../db/shortlistDb.ts';
import { connectOffice, type AttachedList, type OfficeConnection, type OfficeListSync } from '../sync/officeConnection.ts';
import { baseOf, writeLocalEdits, type RowBase } from '../sync/officeLocalEdits.ts';
import { keepListsOfOffice, shareList, stopSharing, writeRowsFromDoc } from '../sync/officeSharing.ts';
import { bringInLists, sweepOfficeLists } from '../sync/officeSweep.ts';

/** What a list's badge says: personal, shared and synced (when), or shared and waiting (since when). */
export type ListSharing = { kind: 'personal' } | { kind: 'synced'; at: string } | { kind: 'waiting'; since: string } | { kind: 'refused'; reason: string };

export const useOfficeListsStore = defineStore('officeLists', () => {
  const bridge = useBridge();
  const offices = shallowRef<OfficeView[]>([]);
  /** Shared lists by shortlist id, with where each stands. */
  const sharing = shallowRef<ReadonlyMap<number, ListSharing>>(new Map());
  const error = ref<BridgeError | null>(null);
  let db: ShortlistDb | null = null;
  const connections = new Map<string, OfficeConnection>();
  const attached = new Map<number, { list: AttachedList; release(): void; settled(): Promise<void>; released: Promise<void> }>();
  /** The attached lists by shortlist id, for what reads their provider (presence and history: officeActivity.ts). */
  const attachedLists = shallowRef<ReadonlyMap<number, AttachedList>>(new Map());
  const attaching = new Map<number, Promise<void>>();
  /** Lists a view asked to keep attached (attach): the sweep lets go only of the others. */
  const kept = new Set<number>();

  async function database(): Promise<ShortlistDb> {
    db ??= await openShortlistDb();
    return db;
  }

  function setSharing(shortlistId: number, state: ListSharing | null): void {
    const next = new Map(sharing.value);
    if (state) next.set(shortlistId, state);
    else next.delete(shortlistId);
    sharing.value = next;
  }

  /** The badge of a list: personal unless it has an office row. */
  function sharingOf(shortlistId: number): ListSharing {
    return sharing.value.get(shortlistId) ?? { kind: 'personal' };
  }

  function failed(result: { ok: false; error: BridgeError }): false {
    error.value = result.error;
    return false;
  }

  async function refresh(): Promise<void> {
    const answer = await bridge.listOffices({});
    if (!answer.ok) return void failed(answer);
    offices.value = answer.value.offices;
    const shortlistDb = await database();
    for (const row of await shortlistDb.officeLists.toArray()) {
      if (!sharing.value.has(row.shortlistId)) setSharing(row.shortlistId, row.syncedAt ? { kind: 'synced', at: row.syncedAt } : { kind: 'waiting', since: row.sharedAt });
    }
  }

  async function join(input: { url: string; officeId: string; code: string; name: string }): Promise<boolean> {
    const answer = await bridge.joinOffice(input);
    if (!answer.ok) return failed(answer);
    error.value = null;
    await refresh();
    return true;
  }

  /** The office's socket, opened once with the token the back end hands out for its origin only. */
  async function connectionOf(officeRecordId: string): Promise<OfficeConnection | null> {
    const known = connections.get(officeRecordId);
    if (known) return known;
    const grant = await bridge.getOfficeToken({ id: officeRecordId });
    if (!grant.ok) {
      failed(grant);
      return null;
    }
    const connection = connectOffice(grant.value);
    connections.set(officeRecordId, connection);
    return connection;
  }

  /** Attaches a shared list to its office and keeps it attached: changes from either side reach the other, and the list's rows follow. */
  async function attach(shortlistId: number): Promise<void> {
    kept.add(shortlistId);
    await attachList(shortlistId);
  }

  /**
   * Attaches a shared list (kept or for one sweep). Calls while one is under way share it ("Share"
   * attaches, and so does the list's badge as the list turns shared): two attachments of one list
   * would each carry the user's edit into the document, and a note typed once would be there
   * twice, then again and again.
   */
  function attachList(shortlistId: number): Promise<void> {
    if (attached.has(shortlistId)) return Promise.resolve();
    let pending = attaching.get(shortlistId);
    if (!pending) {
      pending = attachNow(shortlistId).finally(() => attaching.delete(shortlistId));
      attaching.set(shortlistId, pending);
    }
    return pending;
  }

  async function attachNow(shortlistId: number): Promise<void> {
    const shortlistDb = await database();
    const row = await shortlistDb.officeLists.get(shortlistId);
    if (!row) return;
    const connection = await connectionOf(row.officeRecordId);
    if (!connection) return;
    const loaded = DexieYProvider.load(row.doc);
    await loaded.whenLoaded;
    // The rows as last written from the document: what differs from them is the user's own edit.
    // Taken from the live query's first answer, before the office can change the rows: an answer
    // read before a write from the document but delivered after it would otherwise look like the
    // user putting back what a colleague removed.
    let base: RowBase | null = null;
    let markFirstRows!: () => void;
    const firstRows = new Promise<void>((resolve) => (markFirstRows = resolve));
    let writing = Promise.resolve();
    const onUpdate = () => {
      writing = writing
        .then(() => writeRowsFromDoc(shortlistDb, shortlistId, row.doc, undefined, base ?? undefined))
        .then((written) => void (base = baseOf(written.rows)));
    };
    // An edit in the list view goes into the document (which writes the rows again through onUpdate).
    const edits = liveQuery(() => shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray()).subscribe((rows) => {
      if (base === null) {
        base = baseOf(rows);
        markFirstRows();
        return;
      }
      writing = writing.then(() => {
        // Taken as the base at once: the edit is in the document now and must not go in twice.
        const previous = base ?? baseOf(rows);
        base = baseOf(rows);
        writeLocalEdits(row.doc, previous, rows);
      });
    });
    await firstRows;
    row.doc.on('update', onUpdate);
    const list = connection.attach(row.listId, row.doc);
    list.onSync((state: OfficeListSync) => {
      if (state.state === 'synced') {
        setSharing(shortlistId, { kind: 'synced', at: state.at });
        void shortlistDb.officeLists.update(shortlistId, { syncedAt: state.at });
      } else if (state.state === 'waiting') {
        setSharing(shortlistId, { kind: 'waiting', since: state.since });
      } else {
        setSharing(shortlistId, { kind: 'refused', reason: state.reason });
      }
    });
    attachedLists.value = new Map(attachedLists.value).set(shortlistId, list);
    let markReleased!: () => void;
    const released = new Promise<void>((resolve) => (markReleased = resolve));
    attached.set(shortlistId, {
      list,
      released,
      settled: () => writing,
      release() {
        markReleased();
        if (attachedLists.value.get(shortlistId) === list) attachedLists.value = new Map([...attachedLists.value].filter(([id]) => id !== shortlistId));
        edits.unsubscribe();
        row.doc.off('update', onUpdate);
        list.detach();
        DexieYProvider.release(row.doc);
      },
    });
  }

  function detach(shortlistId: number): void {
    kept.delete(shortlistId);
    attached.get(shortlistId)?.release();
    attached.delete(shortlistId);
  }

  /**
   * Attaches a list that is not open until it has synced (or the office refused it, or it was let
   * go meanwhile), writes its rows, and lets it go again unless a view asked to keep it meanwhile.
   */
  async function syncOnce(shortlistId: number): Promise<void> {
    if (attached.has(shortlistId)) return;
    await attachList(shortlistId);
    const entry = attached.get(shortlistId);
    if (!entry) return;
    await Promise.race([
      entry.released,
      new Promise<void>((resolve) => {
        entry.list.onSync((state) => {
          if (state.state !== 'waiting') resolve();
        });
        if (entry.list.provider.isSynced && entry.list.provider.unsyncedChanges === 0) resolve();
      }),
    ]);
    await entry.settled();
    if (!kept.has(shortlistId) && attached.get(shortlistId) === entry) {
      entry.release();
      attached.delete(shortlistId);
    }
  }

  let sweeping: Promise<void> | null = null;

  /**
   * The background sweep (sync/officeSweep.ts): for every joined office, its lists this member may
   * open that are not on this computer yet are brought in, then every list of it not open is
   * synced once, one at a time. Offices are swept side by side, so an unreachable one holds up no
   * other. One sweep at a time.
   */
  function sweep(): Promise<void> {
    sweeping ??= (async () => {
      try {
        // Quietly: a background sweep that cannot list the offices shows no error on every list.
        const known = await bridge.listOffices({});
        if (!known.ok) return;
        offices.value = known.value.offices;
        if (offices.value.length === 0) return;
        const shortlistDb = await database();
        await Promise.all(
          offices.value.map(async (office) => {
            // An office that cannot be asked now is asked again at the next sweep (the offices page shows its state).
            const directory = await bridge.listOfficeLists({ id: office.id });
            if (directory.ok) {
              for (const shortlistId of await bringInLists(shortlistDb, { officeRecordId: office.id, officeId: office.officeId }, directory.value.lists)) {
                setSharing(shortlistId, { kind: 'waiting', since: new Date().toISOString() });
              }
            }
            // Lists already here are synced even when the directory could not be read: the socket may still reach the office.
            await sweepOfficeLists(shortlistDb, office.id, syncOnce, (shortlistId, failure) => {
              const detail = failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
              void bridge.logRendererError({ message: `The office sweep could not sync list ${shortlistId}.`, detail: detail.slice(0, 8000) });
            });
          }),
        );
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  }

  /** "Share with the office": every field of the list goes into a new document of the office. */
  async function share(shortlistId: number, officeRecordId: string): Promise<boolean> {
    const office = offices.value.find((candidate) => candidate.id === officeRecordId);
    if (!office) return failed({ ok: false, error: { code: 'office_not_found', message: `No office ${officeRecordId} was joined.` } });
    const shortlistDb = await database();
    const at = new Date().toISOString();
    await shareList(shortlistDb, shortlistId, { officeRecordId, officeId: office.officeId }, at);
    setSharing(shortlistId, { kind: 'waiting', since: at });
    await attach(shortlistId);
    return true;
  }

  /** "Stop sharing": the list stays here as a personal list with what it holds now. */
  async function unshare(shortlistId: number): Promise<void> {
    detach(shortlistId);
    await stopSharing(await database(), shortlistId);
    setSharing(shortlistId, null);
  }

  /** Leaves an office: its lists stay on this computer as personal lists, its token is deleted. */
  async function removeOffice(officeRecordId: string): Promise<boolean> {
    const shortlistDb = await database();
    for (const row of await shortlistDb.officeLists.where('officeRecordId').equals(officeRecordId).toArray()) detach(row.shortlistId);
    connections.get(officeRecordId)?.close();
    connections.delete(officeRecordId);
    for (const shortlistId of await keepListsOfOffice(shortlistDb, officeRecordId)) setSharing(shortlistId, null);
    const answer = await bridge.removeOffice({ id: officeRecordId });
    if (!answer.ok) return failed(answer);
    await refresh();
    return true;
  }

  /** Closes every office socket (the page goes away, or a test ends). */
  function close(): void {
    for (const shortlistId of [...attached.keys()]) detach(shortlistId);
    for (const connection of connections.values()) connection.close();
    connections.clear();
    db?.close();
    db = null;
  }

  return { offices, sharing, attachedLists, error, sharingOf, refresh, join, share, unshare, attach, detach, syncOnce, sweep, removeOffice, close };
});
