/**
 * extension-redis, made to carry a dropped connection's presence removal to the other instances at
 * once (issue 25). Two steps of the stock extension lose it, and this closes both with the
 * extension's own channel and the standard awareness update, no message of our own:
 *
 * - Sending: Hocuspocus removes a closed connection's awareness states (null, at their last clock)
 *   after taking the connection off the document, and the extension publishes nothing for a
 *   document without connections (its guard for hocuspocus#1027, an awareness already destroyed
 *   on unload). When the member was the document's last connection here, the removal is
 *   published at once, while the document and its awareness are still loaded.
 * - Receiving: Hocuspocus re-encodes every incoming awareness update through a scratch awareness
 *   for `beforeHandleAwareness`, which keeps only present states, so a relayed null state never
 *   reaches the document. The null states of another instance's awareness updates on the
 *   document's channel are applied here as y-protocols would: a state is removed when its clock
 *   is not newer than the removal's.
 *
 * Without this, the member stays present on the other instances until their awareness times the
 * state out (30 s). Clients' own null states are still dropped (officePresence.ts): only a server
 * publishes a removal.
 */
import type { Document, onAwarenessUpdatePayload } from '@hocuspocus/server';
import { IncomingMessage, MessageType, OutgoingMessage } from '@hocuspocus/server';
import { Redis, type Configuration } from '@hocuspocus/extension-redis';
import { removeAwarenessStates } from 'y-protocols/awareness';

/** The client ids an awareness update sets to null, each with the clock of that removal. */
function removalsIn(update: Uint8Array): Map<number, number> {
  const message = new IncomingMessage(update);
  const removals = new Map<number, number>();
  const count = message.readVarUint();
  for (let i = 0; i < count; i++) {
    const clientId = message.readVarUint();
    const clock = message.readVarUint();
    if (JSON.parse(message.readVarString()) === null) removals.set(clientId, clock);
  }
  return removals;
}

export class PresenceRelayingRedis extends Redis {
  constructor(
    configuration: Partial<Configuration>,
    private readonly say: (line: string) => void,
  ) {
    super(configuration);
    this.sub.on('messageBuffer', (channel: Buffer, data: Buffer) => this.applyRelayedRemovals(channel.toString('utf8'), data));
  }

  override async onAwarenessUpdate(payload: onAwarenessUpdatePayload): Promise<void> {
    const { document, documentName, awareness, removed } = payload;
    if (document.connections.size === 0 && removed.length > 0) {
      try {
        const message = new OutgoingMessage(documentName).createAwarenessUpdateMessage(awareness, removed);
        await this.pub.publish(this.channelOf(documentName), Buffer.concat([this.messagePrefix, Buffer.from(message.toUint8Array())]));
      } catch (error) {
        this.say(`office: relaying the presence removal on ${documentName} failed: ${(error as Error).message}`);
      }
      return;
    }
    await super.onAwarenessUpdate(payload);
  }

  /** The document channel extension-redis publishes a document's updates on. */
  private channelOf(documentName: string): string {
    return `${this.configuration.prefix}:${documentName}`;
  }

  private applyRelayedRemovals(channel: string, data: Buffer): void {
    try {
      const senderLength = data[0] ?? 0;
      if (data.toString('utf8', 1, senderLength + 1) === this.configuration.identifier) return;
      const message = new IncomingMessage(data.subarray(senderLength + 1));
      const documentName = message.readVarString();
      if (channel !== this.channelOf(documentName) || message.readVarUint() !== MessageType.Awareness) return;
      const document: Document | undefined = this.instance?.documents.get(documentName);
      if (!document) return;
      const { awareness } = document;
      const removed = [...removalsIn(message.readVarUint8Array())]
        .filter(([clientId, clock]) => awareness.states.has(clientId) && (awareness.meta.get(clientId)?.clock ?? 0) <= clock)
        .map(([clientId]) => clientId);
      if (removed.length > 0) removeAwarenessStates(awareness, removed, this.redisTransactionOrigin);
    } catch (error) {
      this.say(`office: an unreadable awareness update on Redis channel ${channel}: ${(error as Error).message}`);
    }
  }
}
