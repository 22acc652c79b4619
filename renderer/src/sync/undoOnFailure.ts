/**
 * Takes a failed write's changes back out of its lists' documents.
 *
 * The shortlists store changes a list's rows and its Yjs document in one IndexedDB transaction
 * (stores/shortlists.ts writeWithDocs). When that transaction fails, the rows stay as they were,
 * but the document in memory already has the change: Yjs has no rollback. Kept, it would be stored
 * with the list's next write and sent to the office, so a removal the user was told had failed
 * would still take the entry away from every colleague, and a failed rename would rename the list
 * everywhere but in its own row. So each write watches its documents with a Y.UndoManager that
 * captures only the Yjs transactions made inside that write's IndexedDB transaction (another write
 * of the same list may run at the same time), and on failure undoes them: the inverse is a change
 * of its own, stored and sent together with the change it takes back (sync/unstoredDocUpdates.ts),
 * so every copy ends where it began.
 *
 * A keystroke's write does not use this: what was typed is kept (journaled, db/typedEdits.ts) and
 * its change goes in with the next write, never taken back.
 */
import { Dexie } from 'dexie';
import * as Y from 'yjs';
import { localEdit } from './listDocEdits.ts';

/** One write's hold on its documents' changes. */
export interface WriteUndo {
  /** Call first thing inside the write's transaction: only changes made within it are captured. */
  begin(): void;
  /** Ends the watch; `committed` false undoes what was captured first. */
  settle(committed: boolean): void;
}

export function undoOnFailure(docs: Iterable<Y.Doc>): WriteUndo {
  let ours: unknown = null;
  const managers = [...docs].map(
    (doc) =>
      new Y.UndoManager(doc, {
        trackedOrigins: new Set([localEdit]),
        // Every change is an item of its own: none merges with one of another write.
        captureTimeout: 0,
        captureTransaction: () => ours !== null && Dexie.currentTransaction === ours,
      }),
  );
  return {
    begin() {
      ours = Dexie.currentTransaction;
    },
    settle(committed) {
      for (const manager of managers) {
        if (!committed && !manager.doc.isDestroyed) {
          while (manager.canUndo()) manager.undo();
        }
        // Clearing lets Yjs forget what the undo would have needed (it keeps deleted content while an item can be undone).
        if (!manager.doc.isDestroyed) manager.clear();
        manager.destroy();
      }
    },
  };
}
