/**
 * Starts the directory service: opens its database, fills it (a fixture, demo data, or what the
 * data folder already holds) and listens. The CLI, the app's demo launcher and the tests all start
 * it through here.
 */
import type { AddressInfo } from 'node:net';
import { openPglite, openPostgres, type Database, type Queryable } from './db/database.ts';
import { ensureSchema } from './db/schema.ts';
import { generateDemoFixture } from './demo/generateDemoFixture.ts';
import { loadFixture } from './fixture/loadFixture.ts';
import { parseFixture, readFixtureFile } from './fixture/parseFixture.ts';
import type { Fixture, FixtureAgency, FixtureInput } from './fixture/schema.ts';
import { readKeyRights } from './http/accessKeys.ts';
import { buildApp } from './http/buildApp.ts';
import { CountCache } from './http/countCache.ts';
import type { RateLimitConfig } from './http/rateLimit.ts';
import type { RouteContext } from './http/routeContext.ts';

export interface DemoSize {
  actors?: number;
  crew?: number;
  castingCalls?: number;
  seed?: number;
}

export interface DirectoryOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** PGlite folder, reused on later starts; omitted means in memory. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** A fixture file path or object: exactly this data is served. */
  fixture?: string | FixtureInput;
  /** Demo data of this size; a data folder already holding the same demo is reused. */
  demo?: DemoSize;
  rateLimit?: RateLimitConfig | false;
  /** The service's clock, which decides `current`. */
  now?: () => Date;
  log?: (line: string) => void;
}

export interface RunningDirectory {
  baseUrl: string;
  keys: { key: string; description: string }[];
  /** Swaps all data for a fixture without restarting (creating PGlite takes seconds). */
  replaceData(fixture: string | FixtureInput): Promise<void>;
  close(): Promise<void>;
}

export const defaultDemoSize = { actors: 2000, crew: 300, castingCalls: 60, seed: 1 } as const;
export const defaultRateLimit: RateLimitConfig = { limit: 300, windowSeconds: 300 };

async function fixtureFrom(source: string | FixtureInput): Promise<Fixture> {
  return typeof source === 'string' ? readFixtureFile(source) : parseFixture(source);
}

async function storedSource(db: Queryable): Promise<unknown> {
  const [row] = await db.query<{ value: unknown }>(`SELECT value FROM service_meta WHERE key = 'data_source'`);
  return row?.value;
}

async function recordSource(db: Queryable, source: unknown): Promise<void> {
  await db.query(
    `INSERT INTO service_meta (key, value) VALUES ('data_source', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(source)],
  );
}

/** Fills the database as the options ask; demo data already in the folder is kept. */
async function prepareData(db: Database, options: DirectoryOptions, log: (line: string) => void): Promise<void> {
  if (options.fixture !== undefined) {
    await loadFixture(db, await fixtureFrom(options.fixture));
    await recordSource(db, { kind: 'fixture', path: typeof options.fixture === 'string' ? options.fixture : null });
    return;
  }
  const stored = (await storedSource(db)) as Record<string, unknown> | undefined;
  if (!options.demo && stored) return;
  const size = { ...defaultDemoSize, ...options.demo };
  const wanted: Record<string, unknown> = { kind: 'demo', ...size };
  if (stored && Object.keys(wanted).every((key) => stored[key] === wanted[key])) {
    log('Reusing the demo data already in the data folder.');
    return;
  }
  const started = Date.now();
  log(`Generating demo data: ${size.actors} actors, ${size.crew} crew, ${size.castingCalls} casting calls (seed ${size.seed}) …`);
  await loadFixture(db, generateDemoFixture({ ...size, now: new Date() }));
  await recordSource(db, wanted);
  log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function readAgencies(db: Queryable): Promise<Map<number, FixtureAgency>> {
  const rows = await db.query<FixtureAgency>('SELECT id, name, categories, regions FROM agencies');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function startDirectory(options: DirectoryOptions = {}): Promise<RunningDirectory> {
  const log = options.log ?? (() => undefined);
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await ensureSchema(db, log);
    await prepareData(db, options, log);
    const context: RouteContext = {
      db,
      keys: await readKeyRights(db),
      agencies: await readAgencies(db),
      now: options.now ?? (() => new Date()),
      counts: new CountCache(),
    };
    const app = buildApp(context, { rateLimit: options.rateLimit ?? defaultRateLimit, log });
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8787 });
    const address = app.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const describeKeys = () => [...context.keys.values()].map(({ key, description }) => ({ key, description }));
    const running: RunningDirectory = {
      baseUrl: `http://${host}:${address.port}`,
      keys: describeKeys(),
      async replaceData(fixture) {
        await loadFixture(db, await fixtureFrom(fixture));
        context.counts.clear();
        await recordSource(db, { kind: 'fixture', path: typeof fixture === 'string' ? fixture : null });
        context.keys = await readKeyRights(db);
        context.agencies = await readAgencies(db);
        running.keys = describeKeys();
      },
      async close() {
        await app.close();
        await db.close();
      },
    };
    return running;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
