/**
 * A shared list attached to its office (stores/officeLists.ts decides when): the list's document,
 * loaded from the shortlist database and held while attached, is synced through the office's
 * socket, and each change the office sends writes the list's rows from the document, one write at
 * a time. The user's edits need nothing here: the shortlists store writes them into document and
 * rows in one transaction (sync/listDocEdits.ts), and the provider sends the document's update.
 */
import type * as Y from 'yjs';
import type { OfficeRefusalCode, OfficeRole } from '../../../contract/officeRoles.ts';
import { currentLibrary } from '../db/sharedLibrary.ts';
import type { OfficeListRow, ShortlistDb } from '../db/shortlistDb.ts';
import { readAnnotations, type EntryAnnotations } from './officeAnnotations.ts';
import type { AttachedList, OfficeConnection, OfficeListSync } from './officeConnection.ts';
import { holdListDoc } from './listDocs.ts';
import { writeRowsFromDoc } from './officeSharing.ts';

/** What the store learns from an attached list. */
export interface AttachmentEvents {
  annotations(read: ReadonlyMap<string, EntryAnnotations>, list: AttachedList | undefined): void;
  sync(state: OfficeListSync): void;
  role(role: OfficeRole, memberId: string, list: AttachedList): void;
  members(members: readonly { id: string; name: string }[]): void;
  refused(code: OfficeRefusalCode): void;
  /** A write of the rows failed: shown, and the next write still runs. */
  writeFailed(failure: unknown): void;
}

/** An attached list: its provider, its document, and how to let go of it. */
export interface Attachment {
  list: AttachedList;
  doc: Y.Doc;
  release(): void;
  /** Resolves when the rows' writes queued so far are done. */
  settled(): Promise<void>;
  released: Promise<void>;
}

/** Attaches `row`'s list on `connection`; rejects when the list has no document. */
export async function attachSharedList(db: ShortlistDb, row: OfficeListRow, connection: OfficeConnection, events: AttachmentEvents): Promise<Attachment> {
  const { shortlistId } = row;
  const held = await holdListDoc(db, shortlistId);
  const doc = held.doc;
  let list: AttachedList | undefined = undefined;
  let released = false;
  let writing = Promise.resolve();
  /** One write at a time, none after the list is released; a failure is told and the next write still runs. */
  const queue = (work: () => Promise<void> | void) => {
    writing = writing
      .then(() => (released ? undefined : work()))
      .catch((failure: unknown) => {
        if (!released) events.writeFailed(failure);
      });
  };
  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    events.annotations(readAnnotations(doc), list);
    // Only the office's changes need the rows written: the user's own edit is in them already
    // (same transaction as the document, origin `localEdit`), and a change y-dexie loads from the
    // database was stored with its rows by whoever made it (another window, another store's copy).
    if (!list || origin !== list.provider) return;
    queue(async () => {
      await writeRowsFromDoc(db, shortlistId, doc, { library: currentLibrary() });
    });
  };
  doc.on('update', onUpdate);
  const attachedList = connection.attach(row.listId, doc, row.syncedAt);
  list = attachedList;
  events.annotations(readAnnotations(doc), list);
  // A released list says nothing more: its socket still reports the close, after the database may be closed.
  attachedList.onSync((state) => {
    if (!released) events.sync(state);
  });
  attachedList.onRole(({ role, memberId }) => {
    if (!released) events.role(role, memberId, attachedList);
  });
  attachedList.onMembers((members) => events.members(members));
  attachedList.onRefused((code) => events.refused(code));
  let markReleased!: () => void;
  const releasedOnce = new Promise<void>((resolve) => (markReleased = resolve));
  return {
    list: attachedList,
    doc,
    release() {
      if (released) return;
      released = true;
      markReleased();
      doc.off('update', onUpdate);
      attachedList.detach();
      held.release();
    },
    settled: () => writing,
    released: releasedOnce,
  };
}
