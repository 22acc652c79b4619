/**
 * Hocuspocus hooks that load and store office documents. They never throw: a throwing load hook
 * leaves the document and its awareness timer alive (ueberdosis/hocuspocus#1156), a throwing store
 * hook keeps it loaded forever. A failed load is logged and marked instead, so the document's
 * connections are refused and it is never stored (an empty document must not overwrite a stored
 * list); a failed store is logged and the update log keeps everything until the next store.
 */
import type { Extension } from '@hocuspocus/server';
import * as Y from 'yjs';
import { refusalCodes, type DocumentLedger } from './documentLedger.ts';
import type { DocumentStore } from './documentStore.ts';

export function documentPersistence(store: DocumentStore, ledger: DocumentLedger, log: (line: string) => void): Extension {
  return {
    extensionName: 'castdesk-office-persistence',
    /**
     * A document's guid is its name. Without one, Yjs makes a random UUID from 31 calls of
     * crypto.getRandomValues: 0.3 ms per document on Node 24 under load, about 60 ms of the
     * server's CPU in a member's first sync of 200 lists (issue 25). Nothing reads the guid of a
     * root document (it names subdocuments, which lists have none).
     */
    async onCreateDocument({ documentName }) {
      return { guid: documentName };
    },
    async onLoadDocument({ document, documentName }) {
      const entry = ledger.of(document);
      try {
        const updates = await store.load(documentName);
        for (const update of updates) {
          try {
            Y.applyUpdate(document, update);
          } catch (error) {
            log(`office: skipped an unreadable stored update of ${documentName}: ${(error as Error).message}`);
          }
        }
        entry.estimatedBytes = updates.reduce((sum, update) => sum + update.byteLength, 0);
      } catch (error) {
        entry.loadFailed = true;
        log(`office: loading ${documentName} failed, its connections are refused: ${(error as Error).message}`);
      }
    },
    async connected({ connection, documentName, instance }) {
      const document = instance.documents.get(documentName);
      if (document && ledger.of(document).loadFailed) {
        connection.close({ code: refusalCodes.unavailable, reason: 'document-unavailable' });
      }
    },
    async onStoreDocument({ document, documentName }) {
      const entry = ledger.of(document);
      if (entry.loadFailed) return;
      const applied = entry.appliedRowIds.splice(0);
      const state = Y.encodeStateAsUpdate(document);
      try {
        await store.store(documentName, state, applied);
        entry.estimatedBytes = state.byteLength;
      } catch (error) {
        // The rows stay in the log (and in the next store's list): nothing acknowledged is lost.
        entry.appliedRowIds.unshift(...applied);
        log(`office: storing ${documentName} failed, its update log keeps the changes: ${(error as Error).message}`);
      }
    },
  };
}
