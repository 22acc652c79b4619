/**
 * The changes of loaded list documents that IndexedDB has not confirmed stored yet.
 *
 * y-dexie stores a document's change from its update event, inside the transaction the change is
 * made in: the document in memory has the change at once, the disk only once that transaction
 * commits. A page that goes away first (a reload on a busy machine) or a transaction that fails
 * leaves the document in memory ahead of the disk, and a later write worked out against it (the
 * pagehide flush's) builds on a change the disk lacks: Yjs keeps such an update waiting for its
 * missing part, so a note typed just before a reload lost its last words on a shared list, whose
 * rows the document then overwrote. Each change is therefore kept here until its transaction has
 * committed: the pagehide flush writes those of the open list along with its own, and a failed
 * write's go with the next write of its list. Yjs ignores an update it already has, so one stored
 * twice does no harm.
 */
import { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import type { ListDocUpdateRow } from '../db/shortlistDb.ts';

interface UnstoredChange {
  listId: number;
  update: Uint8Array;
  /** Its write is still under way (false: it failed, and the next write of the list stores it). */
  underWay: boolean;
}

/** One write's watch over the documents it changes. */
export interface DocWriteWatch {
  /** Changes of these lists a failed write left unstored: the write adds them in its transaction. */
  readonly retried: readonly ListDocUpdateRow[];
  /** The write is over: committed, its changes are stored; otherwise they wait for the next write. */
  settle(committed: boolean): void;
}

export class UnstoredDocUpdates {
  private readonly changes = new Set<UnstoredChange>();

  /** Watches `docs` for one write: every change y-dexie stores from them counts as unstored until `settle(true)`. */
  watch(docs: ReadonlyMap<number, Y.Doc>): DocWriteWatch {
    const mine = new Set<UnstoredChange>();
    const retried: ListDocUpdateRow[] = [];
    for (const change of this.changes) {
      if (change.underWay || !docs.has(change.listId)) continue;
      change.underWay = true;
      mine.add(change);
      retried.push({ k: change.listId, u: change.update, f: 1 });
    }
    const stops = [...docs].map(([listId, doc]) => {
      // y-dexie stores every change whose origin is not its own provider (which applies what is stored already).
      const keep = (update: Uint8Array, origin: unknown) => {
        if (origin === DexieYProvider.for(doc)) return;
        const change = { listId, update, underWay: true };
        mine.add(change);
        this.changes.add(change);
      };
      doc.on('updateV2', keep);
      return () => doc.off('updateV2', keep);
    });
    return {
      retried,
      settle: (committed) => {
        for (const stop of stops) stop();
        for (const change of mine) {
          if (committed) this.changes.delete(change);
          else change.underWay = false;
        }
      },
    };
  }

  /** Drops list `listId`'s unstored changes: its document was replaced by the office's, which refused them (listDocs.ts onListDocReplaced). */
  forgetList(listId: number): void {
    for (const change of this.changes) if (change.listId === listId) this.changes.delete(change);
  }

  /** Every unstored change of list `listId` (under way or failed) as one update, or null when there is none. */
  ofList(listId: number): Uint8Array | null {
    const updates = [...this.changes].filter((change) => change.listId === listId).map((change) => change.update);
    return updates.length > 0 ? Y.mergeUpdatesV2(updates) : null;
  }
}
