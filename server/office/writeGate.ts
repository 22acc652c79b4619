/**
 * Every write a connection sends passes this gate before Hocuspocus applies and acknowledges it:
 * the per-connection rate limit, the message and document size limits, a readable update, a
 * reviewer's limits (reviewerUpdate.ts), and then the durable log (documentStore.ts), so an
 * acknowledged update is on disk. A refused write closes that document's connection with a code
 * and reason; the document stays up for everyone else. Viewers' connections are read-only in
 * Hocuspocus itself (authentication sets connectionConfig.readOnly).
 */
import type { Connection, Extension } from '@hocuspocus/server';
import * as Y from 'yjs';
import { Refusal, refusalCodes, type DocumentLedger } from './documentLedger.ts';
import type { DocumentStore } from './documentStore.ts';
import type { OfficeContext } from './officeAuthentication.ts';
import { accessRemovedReason } from '../../contract/officeRoles.ts';
import { checkReviewerUpdate } from './reviewerUpdate.ts';
import { carriesChanges, isSyncWrite } from './syncMessages.ts';

export interface WriteLimits {
  maxMessageBytes: number;
  maxDocumentBytes: number;
  /** Messages a connection may send in a burst, and refilled per second after. */
  rateBurst: number;
  ratePerSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function writeGate(store: DocumentStore, ledger: DocumentLedger, limits: WriteLimits, log: (line: string) => void): Extension {
  const buckets = new WeakMap<Connection, Bucket>();
  const pendingRows = new WeakMap<Connection, string[]>();
  return {
    extensionName: 'castdesk-office-write-gate',
    async beforeHandleMessage({ connection, update }) {
      if (update.byteLength > limits.maxMessageBytes) throw new Refusal(refusalCodes.tooLarge, 'message-too-large');
      const now = performance.now();
      const bucket = buckets.get(connection) ?? { tokens: limits.rateBurst, at: now };
      bucket.tokens = Math.min(limits.rateBurst, bucket.tokens + ((now - bucket.at) / 1000) * limits.ratePerSecond);
      bucket.at = now;
      if (bucket.tokens < 1) throw new Refusal(refusalCodes.rateLimited, 'rate-limited');
      bucket.tokens -= 1;
      buckets.set(connection, bucket);
    },
    async beforeSync({ connection, document, documentName, type, payload }) {
      if (!isSyncWrite(type) || connection.readOnly) return;
      const entry = ledger.of(document);
      if (entry.loadFailed) throw new Refusal(refusalCodes.unavailable, 'document-unavailable');
      if (!carriesChanges(type, payload)) return;
      try {
        Y.decodeUpdate(payload);
      } catch {
        throw new Refusal(refusalCodes.malformed, 'malformed-update');
      }
      if (entry.estimatedBytes + payload.byteLength > limits.maxDocumentBytes) throw new Refusal(refusalCodes.tooLarge, 'document-too-large');
      const context = connection.context as OfficeContext;
      if (context.role === 'reviewer') {
        const verdict = checkReviewerUpdate(document, payload, context.memberId);
        if (!verdict.ok) throw new Refusal(refusalCodes.forbidden, 'reviewer-limited');
      }
      let rowId: string | null;
      try {
        rowId = await store.append(documentName, payload);
      } catch (error) {
        log(`office: logging an update of ${documentName} failed, it is refused: ${(error as Error).message}`);
        throw new Refusal(refusalCodes.unavailable, 'store-unavailable');
      }
      // The list was removed from the office while this update was on its way: the member's app keeps its copy.
      if (rowId === null) throw new Refusal(refusalCodes.forbidden, accessRemovedReason);
      entry.estimatedBytes += payload.byteLength;
      pendingRows.set(connection, [...(pendingRows.get(connection) ?? []), rowId]);
    },
    async afterHandleMessage({ connection, document }) {
      const rows = pendingRows.get(connection);
      if (!rows || rows.length === 0) return;
      pendingRows.delete(connection);
      ledger.of(document).appliedRowIds.push(...rows);
    },
  };
}
