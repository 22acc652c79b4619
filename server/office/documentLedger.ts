/**
 * What the office server tracks per loaded document beside the Y.Doc: whether loading it failed
 * (then it is never stored and every connection to it is refused), its size as stored plus what
 * was accepted since, and the log rows it has applied (which the next store may drop).
 */
import type { Document } from '@hocuspocus/server';

export interface DocumentEntry {
  loadFailed: boolean;
  estimatedBytes: number;
  appliedRowIds: string[];
}

export class DocumentLedger {
  private readonly entries = new WeakMap<Document, DocumentEntry>();

  of(document: Document): DocumentEntry {
    let entry = this.entries.get(document);
    if (!entry) {
      entry = { loadFailed: false, estimatedBytes: 0, appliedRowIds: [] };
      this.entries.set(document, entry);
    }
    return entry;
  }
}

/**
 * A refusal Hocuspocus understands: thrown from a message hook, it closes that document's
 * connection with this code and reason; the document and everyone else's connections stay.
 */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const refusalCodes = {
  forbidden: 4403,
  malformed: 4400,
  tooLarge: 4413,
  rateLimited: 4429,
  unavailable: 4503,
} as const;
