/**
 * A list's Yjs document, loaded from the shortlist database (`listDocs`, kept by y-dexie). Loading
 * is asynchronous (y-dexie reads the document's updates), so a write that changes a document must
 * have it loaded before its transaction starts; y-dexie counts the holders and stores each change
 * of a loaded document from its update event, inside the transaction it happens in when that
 * transaction's scope holds `$listDocs.doc_updates` (db/shortlistDb.ts writeShortlists).
 */
import { DexieYProvider } from 'y-dexie';
import type * as Y from 'yjs';
import { listDocUpdatesTable, type ShortlistDb } from '../db/shortlistDb.ts';
import { newListDoc } from './listDocEdits.ts';

/** A loaded document and how to let go of it (once). */
export interface HeldListDoc {
  doc: Y.Doc;
  release(): void;
}

/**
 * Loads list `shortlistId`'s document and holds it until `release` (a list without one gets it from
 * its rows first, `ensureListDoc`); rejects when there is no such list.
 */
export async function holdListDoc(db: ShortlistDb, shortlistId: number): Promise<HeldListDoc> {
  // Never the old document of one being replaced: it would live on beside the new one.
  await replacements.get(shortlistId);
  const row = (await ensureListDoc(db, shortlistId)) ? await db.listDocs.get(shortlistId) : undefined;
  if (!row) throw new RangeError(`List ${shortlistId} has no document.`);
  const doc = row.doc;
  await DexieYProvider.load(doc).whenLoaded;
  let held = true;
  return {
    doc,
    release() {
      if (!held) return;
      held = false;
      DexieYProvider.release(doc);
    },
  };
}

/** Loads list `shortlistId`'s document, hands it to `use`, then lets it go. */
export async function withStoredListDoc<T>(db: ShortlistDb, shortlistId: number, use: (doc: Y.Doc) => T | Promise<T>): Promise<T> {
  const held = await holdListDoc(db, shortlistId);
  try {
    return await use(held.doc);
  } finally {
    held.release();
  }
}

/**
 * Loads the documents of `listIds` (a list without one, as a database filled by an older path may
 * have, gets one built from its rows first; a list that is gone is left out) and hands back how to
 * let go of them. `kept` is a document already held (the open list's): used, not loaded again.
 */
export async function holdListDocs(db: ShortlistDb, listIds: Iterable<number>, kept: HeldListDoc & { shortlistId: number } | null = null): Promise<{ docs: Map<number, Y.Doc>; release(): void }> {
  const held: HeldListDoc[] = [];
  const docs = new Map<number, Y.Doc>();
  const release = () => held.splice(0).forEach((one) => one.release());
  try {
    for (const shortlistId of new Set(listIds)) {
      if (kept && kept.shortlistId === shortlistId && !kept.doc.isDestroyed) {
        docs.set(shortlistId, kept.doc);
        continue;
      }
      if (!(await db.shortlists.get(shortlistId))) continue;
      const one = await holdListDoc(db, shortlistId);
      held.push(one);
      docs.set(shortlistId, one.doc);
    }
  } catch (failure) {
    release();
    throw failure;
  }
  return { docs, release };
}

/** Whether list `shortlistId` exists with its document; one without is given its document from its rows. */
export async function ensureListDoc(db: ShortlistDb, shortlistId: number): Promise<boolean> {
  if (await db.listDocs.get(shortlistId)) return true;
  return db.transaction('rw', [db.shortlists, db.entries, db.listDocs, db.table(listDocUpdatesTable)], async () => {
    const list = await db.shortlists.get(shortlistId);
    if (!list) return false;
    if (await db.listDocs.get(shortlistId)) return true;
    const doc = newListDoc(list, await db.entries.where('shortlistId').equals(shortlistId).toArray());
    await db.listDocs.add({ shortlistId, doc });
    doc.destroy();
    return true;
  });
}

/**
 * Lists whose stored document is being replaced (the office's version after a refusal,
 * officeSharing.ts replaceListDoc), until it is stored: a load waits for it.
 */
const replacements = new Map<number, Promise<void>>();
const replacementListeners = new Set<(shortlistId: number, replaced: Promise<void>) => void>();

/**
 * Tells `listener` when a list's stored document is about to be replaced, with a promise of the
 * replacement stored. Each store opens the shortlist database for itself, and y-dexie keeps one
 * document per database instance: a copy left loaded elsewhere keeps the changes the office
 * refused under its client id, so its next change depended on them, the office never had them
 * and kept it waiting for good, applying only its deletions (a colleague's tags went, and the
 * actor with them, from every member's list). A holder drops its copy and loads the new one after.
 */
export function onListDocReplaced(listener: (shortlistId: number, replaced: Promise<void>) => void): () => void {
  replacementListeners.add(listener);
  return () => replacementListeners.delete(listener);
}

/** Runs `replace` (storing list `shortlistId`'s new document) with every holder told first and every load waiting for it. */
export async function replacingListDoc(shortlistId: number, replace: () => Promise<void>): Promise<void> {
  const replaced = replace();
  replacements.set(shortlistId, replaced.catch(() => undefined));
  for (const listener of replacementListeners) listener(shortlistId, replaced.catch(() => undefined));
  try {
    await replaced;
  } finally {
    replacements.delete(shortlistId);
  }
}
