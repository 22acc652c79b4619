/**
 * What routes share: the database, the keys and agencies read at the last data load, the clock.
 * Held in one mutable object so replacing the data swaps it for every route at once.
 */
import type { Database } from '../db/database.ts';
import type { FixtureAgency } from '../fixture/schema.ts';
import type { KeyRights } from './accessKeys.ts';
import type { CountCache } from './countCache.ts';

export interface RouteContext {
  db: Database;
  keys: Map<string, KeyRights>;
  agencies: Map<number, FixtureAgency>;
  now: () => Date;
  counts: CountCache;
  /** Where clients reach the service (publicUrl.ts): the base of every absolute URL it writes. */
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated key's rights; set for every /api route. */
    rights: KeyRights;
  }
}
