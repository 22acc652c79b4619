/**
 * Whether a message from the office says a change sent on this list was not applied. Hocuspocus
 * answers each change (and the sync step that carries what the office lacks) with a sync status;
 * a read-only connection's change is answered "not applied" (Hocuspocus 4, MessageReceiver
 * readSyncMessage). The provider only keeps such a change counted as unsynced, and that count is
 * above zero too while a sync waits for its answer (every reconnection starts at 1), so only the
 * answer itself tells a refused change from one on its way: a member whose role was lowered while
 * the list was open was told at every reconnection that a change they never made was not kept.
 */
import { MessageType } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';

export function changeNotApplied(data: ArrayBuffer | Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(data instanceof Uint8Array ? data : new Uint8Array(data));
    // The document's routing key, then the message type and, for a sync status, 1 (applied) or 0.
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder) === MessageType.SyncStatus && decoding.readVarUint(decoder) === 0;
  } catch {
    // Not a message this reads (too short): nothing was said about a change.
    return false;
  }
}
