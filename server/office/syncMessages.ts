/**
 * Which y-protocols sync messages a connection writes with: SyncStep2 and Update carry changes,
 * except the empty update (no structs, no deletions) that a client already in step sends as its
 * SyncStep2 on every attach. The write gate and the history both tell them apart the same way.
 */

/** SyncStep2 (1) or Update (2): a message that may change the document. */
export function isSyncWrite(type: number): boolean {
  return type === 1 || type === 2;
}

/** A SyncStep2 or Update that holds at least one change. */
export function carriesChanges(type: number, payload: Uint8Array): boolean {
  return isSyncWrite(type) && !(payload.byteLength === 2 && payload[0] === 0 && payload[1] === 0);
}
