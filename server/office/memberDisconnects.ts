/**
 * Revoking a member, or changing their role, disconnects them at once: every WebSocket that member
 * has open on this instance is closed (the provider then reconnects and is authenticated afresh,
 * with the new role or not at all). A list taken out of the office closes only that list's
 * connections, each with `accessRemovedReason` (Hocuspocus's close message for one document of a
 * socket, as the write gate's refusals): the members' other lists on the same socket stay as they
 * are. With REDIS_URL each order is published on a channel, so the sockets on the other instances
 * close too. Each instance first forgets the members' cached access (accessCache.ts), so no socket
 * of theirs opens a document on the old answer.
 */
import type { Hocuspocus } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import { accessRemovedReason } from '../../contract/officeRoles.ts';
import { refusalCodes } from './documentLedger.ts';
import type { OfficeContext } from './officeAuthentication.ts';

export const revokedCloseCode = 4401;

export interface MemberDisconnects {
  disconnect(memberId: string, reason: string): Promise<void>;
  /** Closes every connection to document `name` (a list taken out of the office), having forgotten the access of `memberIds`. */
  closeList(name: string, memberIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

type Order = { memberId: string; reason: string } | { list: string; memberIds: string[] };

function closeListHere(instance: () => Hocuspocus, forget: (memberId: string) => void, name: string, memberIds: readonly string[]): void {
  for (const memberId of memberIds) forget(memberId);
  for (const connection of instance().documents.get(name)?.getConnections() ?? []) {
    connection.close({ code: refusalCodes.forbidden, reason: accessRemovedReason });
  }
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
  const carryOut = (order: Order) => {
    if ('list' in order) closeListHere(instance, forget, order.list, order.memberIds);
    else disconnectHere(instance, forget, order.memberId, order.reason);
  };
  if (!redisUrl) {
    return {
      async disconnect(memberId, reason) {
        carryOut({ memberId, reason });
      },
      async closeList(name, memberIds) {
        carryOut({ list: name, memberIds: [...memberIds] });
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
      carryOut(JSON.parse(message) as Order);
    } catch (error) {
      log(`office: an unreadable disconnect order on Redis: ${(error as Error).message}`);
    }
  });
  const publish = async (order: Order) => {
    carryOut(order);
    await publisher.publish(channel, JSON.stringify(order));
  };
  return {
    disconnect: (memberId, reason) => publish({ memberId, reason }),
    closeList: (name, memberIds) => publish({ list: name, memberIds: [...memberIds] }),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
