/**
 * Starts the casting office server: a Hocuspocus server (WebSocket and HTTP on one port) with the
 * office's authentication, write gate, storage in PGlite or PostgreSQL, membership API, and, with
 * a Redis URL, extension-redis so several instances serve the same documents side by side.
 */
import { randomUUID } from 'node:crypto';
import { Server, type Extension, type Hocuspocus } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import type { Database } from '../src/db/database.ts';
import { AccessCache } from './accessCache.ts';
import { activityLog } from './activityLog.ts';
import { DocumentLedger } from './documentLedger.ts';
import { documentPersistence } from './documentPersistence.ts';
import { documentStore } from './documentStore.ts';
import { listDirectory } from './listDirectory.ts';
import { listRemoval } from './listRemoval.ts';
import { memberDisconnects } from './memberDisconnects.ts';
import { members as openMembers, type Members } from './members.ts';
import { defaultActivityTiming, officeActivity, type ActivityTiming } from './officeActivity.ts';
import { memberNames } from './memberNames.ts';
import { officeAuthentication } from './officeAuthentication.ts';
import { openOfficeDatabase } from './officeDatabase.ts';
import { officeHttp } from './officeHttp.ts';
import { officePresence } from './officePresence.ts';
import { PresenceRelayingRedis } from './presenceRelayingRedis.ts';
import { writeGate, type WriteLimits } from './writeGate.ts';

export interface OfficeOptions {
  host: string;
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  /**
   * An open database to use instead of opening one (left open on close): instances in one process
   * share it, as instances in several processes share a PostgreSQL database (tests, the bench).
   */
  database?: Database;
  redisUrl?: string;
  limits?: Partial<WriteLimits>;
  /** How long after the last change a document is stored (its log already holds every change). */
  storeDebounceMs?: number;
  /** When a member's burst of changes becomes one history record (officeActivity.ts). */
  activity?: Partial<ActivityTiming>;
  log: (line: string) => void;
}

export interface RunningOffice {
  url: string;
  port: number;
  members: Members;
  /** Stops taking connections, stores every loaded document, then closes the database. */
  close(): Promise<void>;
}

export const defaultLimits: WriteLimits = {
  maxMessageBytes: 1024 * 1024,
  maxDocumentBytes: 8 * 1024 * 1024,
  rateBurst: 300,
  ratePerSecond: 50,
};

export async function startOffice(options: OfficeOptions): Promise<RunningOffice> {
  const limits = { ...defaultLimits, ...options.limits };
  const db = options.database ?? (await openOfficeDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }));
  const closeDatabase = async () => {
    if (!options.database) await db.close();
  };
  const instanceId = randomUUID();
  const store = documentStore(db, instanceId);
  const ledger = new DocumentLedger();
  const members = openMembers(db);
  const accessCache = new AccessCache(members);
  // The server is made below, with extensions that need it later (disconnecting, health).
  const instance = (): Hocuspocus => server.hocuspocus;
  const disconnects = await memberDisconnects(instance, (memberId) => accessCache.forget(memberId), options.redisUrl, options.log);
  const extensions: Extension[] = [
    officeAuthentication(accessCache, options.log),
    memberNames(members, options.log),
    writeGate(store, ledger, limits, options.log),
    documentPersistence(store, ledger, options.log),
    officePresence(options.log),
    officeActivity(activityLog(db), { ...defaultActivityTiming, ...options.activity }, options.log),
    officeHttp(members, disconnects, (officeId, roleOf) => listDirectory(db, officeId, roleOf), listRemoval(db), instance, options.log),
  ];
  if (options.redisUrl) {
    const redisUrl = options.redisUrl;
    extensions.unshift(new PresenceRelayingRedis({ createClient: () => new Redis(redisUrl), identifier: instanceId, prefix: 'castdesk-office' }, options.log));
  }
  const server = new Server({
    name: 'castdesk-office',
    address: options.host,
    port: options.port,
    quiet: true,
    stopOnSignals: false,
    debounce: options.storeDebounceMs ?? 2000,
    maxDebounce: 10_000,
    websocketOptions: { maxPayload: limits.maxMessageBytes },
    // A member's app attaches every shared list to one WebSocket at start (issue 25): an office
    // has hundreds of lists, more than Hocuspocus's default of 100 documents awaiting authentication.
    maxPendingDocuments: 2000,
    extensions,
  });
  try {
    await server.listen();
  } catch (error) {
    await disconnects.close();
    await closeDatabase();
    throw error;
  }
  const port = server.address.port;
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    port,
    members,
    close() {
      closing ??= (async () => {
        await server.destroy();
        await disconnects.close();
        await closeDatabase();
      })();
      return closing;
    },
  };
}
