/**
 * Revoking a member, or changing their role, disconnects them at once: every WebSocket that member
 * has open on this instance is closed (the provider then reconnects and is authenticated afresh,
 * with the new role or not at all). With REDIS_URL the order is published on a channel, so the
 * member's sockets on the other instances close too. Each instance first forgets the member's
 * cached access (accessCache.ts), so no socket of theirs opens another document on the old answer.
 */
import type { Hocuspocus } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import type { OfficeContext } from './officeAuthentication.ts';

export const revokedCloseCode = 4401;

export interface MemberDisconnects {
  disconnect(memberId: string, reason: string): Promise<void>;
  close(): Promise<void>;
}

function disconnectHere(instance: () => Hocuspocus, forget: (memberId: string) => void, memberId: string, reason: string): void {
  forget(memberId);
  for (const document of instance().documents.values()) {
    for (const connection of document.getConnections()) {
      if ((connection.context as OfficeContext | undefined)?.memberId === memberId) {
        connection.webSocket.close(revokedCloseCode, reason);
      }
    }
  }
}

export async function memberDisconnects(
  instance: () => Hocuspocus,
  forget: (memberId: string) => void,
  redisUrl: string | undefined,
  log: (line: string) => void,
): Promise<MemberDisconnects> {
  if (!redisUrl) {
    return {
      async disconnect(memberId, reason) {
        disconnectHere(instance, forget, memberId, reason);
      },
      async close() {},
    };
  }
  const channel = 'castdesk-office:disconnect-member';
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { memberId, reason } = JSON.parse(message) as { memberId: string; reason: string };
      disconnectHere(instance, forget, memberId, reason);
    } catch (error) {
      log(`office: an unreadable disconnect order on Redis: ${(error as Error).message}`);
    }
  });
  return {
    async disconnect(memberId, reason) {
      disconnectHere(instance, forget, memberId, reason);
      await publisher.publish(channel, JSON.stringify({ memberId, reason }));
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
