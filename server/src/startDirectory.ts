/**
 * Starts the directory service: opens its database, fills it (a fixture, demo data, or what the
 * data folder already holds) and listens. The CLI, the app's demo launcher and the tests all start
 * it through here.
 */
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { openPglite, openPostgres, type Database, type Queryable } from './db/database.ts';
import { ensureSchema } from './db/schema.ts';
import { applyLiveChangeStep } from './demo/liveChanges.ts';
import { withRandomSecrets } from './demo/apiKeys.ts';
import { demoWorkerSource } from './demo/demoWorkerSource.ts';
import { readDemoKeyRecord, writeDemoKeyRecord, type PrintedKey } from './demoKeyRecord.ts';
import { loadFixture, loadFixtureSource } from './fixture/loadFixture.ts';
import { parseFixture, readFixtureFile } from './fixture/parseFixture.ts';
import type { Fixture, FixtureAgency, FixtureInput } from './fixture/schema.ts';
import { hashApiKey } from './db/apiKeyHash.ts';
import { readKeyRights } from './http/accessKeys.ts';
import { buildApp } from './http/buildApp.ts';
import { CountCache } from './http/countCache.ts';
import { parsePublicUrl } from './http/publicUrl.ts';
import { ensurePrivateFolder } from './privateFolder.ts';
import { mediaRateLimitFor, type RateLimitConfig } from './http/rateLimit.ts';
import type { RouteContext } from './http/routeContext.ts';
import type { SocketLimits } from './http/socketLimits.ts';

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
  /**
   * PGlite folder, reused on later starts; omitted means in memory. Created, or tightened, to
   * owner only (privateFolder.ts): PGlite's own files are world-writable.
   */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** A fixture file path or object: exactly this data is served. */
  fixture?: string | FixtureInput;
  /** Demo data of this size; a data folder already holding the same demo is reused. */
  demo?: DemoSize;
  rateLimit?: RateLimitConfig | false;
  /** Per client on /media; default ten times the /api budget, off when that is off. */
  mediaRateLimit?: RateLimitConfig | false;
  /**
   * Where clients reach the service, the base of every absolute URL it writes (Link headers,
   * media URLs); default the listen address. Never taken from a request's Host header.
   */
  publicUrl?: string;
  /** Timeouts and socket caps; omitted ones are socketLimits.ts's defaults. */
  socketLimits?: Partial<SocketLimits>;
  /** The service's clock, which decides `current`. */
  now?: () => Date;
  /** Demo data that changes as a real directory does (demo/liveChanges.ts); off when omitted. */
  liveChanges?: LiveChangesOptions;
  log?: (line: string) => void;
}

export interface LiveChangesOptions {
  /** Seconds between two steps of changes. */
  everySeconds: number;
  /** Which profiles the steps touch; default the demo's seed. */
  seed?: number;
  /**
   * Calls `step` on the change clock and returns how to stop it; default every `everySeconds`.
   * Tests pass their own and step explicitly.
   */
  clock?: (step: () => Promise<void>, everySeconds: number) => () => void;
}

/** The default change clock: one step every `everySeconds`, never two at once. */
function intervalClock(step: () => Promise<void>, everySeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void step().finally(() => (running = false));
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

export interface RunningDirectory {
  /** The listen address. */
  baseUrl: string;
  /** The base of the absolute URLs the service writes (publicUrl, or the listen address). */
  publicUrl: string;
  /**
   * The keys this start knows in full: those of the fixture or demo it loaded, or the demo's keys
   * on record. Empty when it reuses a fixture's data: the database holds only hashes.
   */
  keys: PrintedKey[];
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

const demoSizeFields = ['actors', 'crew', 'castingCalls', 'seed'] as const;

const printable = (fixture: Pick<Fixture, 'api_keys'>): PrintedKey[] => fixture.api_keys.map(({ key, description }) => ({ key, description: description ?? '' }));

/** The demo keys on record in the data folder, when they are the ones the database holds. */
async function recordedDemoKeys(db: Queryable, dataDir: string | undefined): Promise<PrintedKey[] | undefined> {
  const recorded = dataDir ? await readDemoKeyRecord(dataDir) : undefined;
  if (!recorded) return undefined;
  const stored = new Set((await db.query<{ key_sha256: string }>('SELECT key_sha256 FROM api_keys')).map((row) => row.key_sha256));
  return recorded.every(({ key }) => stored.has(hashApiKey(key))) ? recorded : undefined;
}

const demoSizeOf = (demo: DemoSize): Required<DemoSize> => ({ ...defaultDemoSize, ...demo });

type DemoInWorker = ReturnType<typeof demoWorkerSource>;

/**
 * A demo this start is sure to create (asked for, in memory or in a data folder that is missing or
 * empty) starts generating before the database is created, which takes seconds of its own.
 */
async function demoSurelyCreated(options: DirectoryOptions): Promise<boolean> {
  if (!options.demo || options.fixture !== undefined || options.databaseUrl) return false;
  if (!options.dataDir) return true;
  try {
    return (await readdir(options.dataDir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Fills the database as the options ask and returns the keys it knows in full. Demo data already
 * in the folder is kept when its keys are on record; the demo created here gets random keys.
 */
async function prepareData(db: Database, options: DirectoryOptions, log: (line: string) => void, early: DemoInWorker | undefined): Promise<PrintedKey[]> {
  if (options.fixture !== undefined) {
    const fixture = await fixtureFrom(options.fixture);
    await loadFixture(db, fixture);
    await recordSource(db, { kind: 'fixture', path: typeof options.fixture === 'string' ? options.fixture : null });
    return printable(fixture);
  }
  const stored = (await storedSource(db)) as { kind?: string } | undefined;
  if (!options.demo && stored?.kind === 'fixture') return [];
  const storedDemo = stored?.kind === 'demo' ? (stored as Required<DemoSize>) : undefined;
  const size: Required<DemoSize> = options.demo ? demoSizeOf(options.demo) : (storedDemo ?? defaultDemoSize);
  const sameDemo = storedDemo !== undefined && demoSizeFields.every((field) => storedDemo[field] === size[field]);
  if (sameDemo) {
    const keys = await recordedDemoKeys(db, options.dataDir);
    if (keys) {
      log('Reusing the demo data already in the data folder.');
      return keys;
    }
    log('The demo keys are not on record (the database keeps only their hashes); creating the demo anew with new keys.');
  }
  const started = Date.now();
  log(`Generating demo data: ${size.actors} actors, ${size.crew} crew, ${size.castingCalls} casting calls (seed ${size.seed}) …`);
  const demo = early ?? demoWorkerSource({ ...size, now: new Date() });
  const apiKeys = await loadFixtureSource(db, {
    actorRowBatches: reportingProgress(demo.actorRowBatches, size.actors, log),
    remainder: async () => {
      const rest = await demo.remainder();
      return { ...rest, api_keys: withRandomSecrets(rest.api_keys) };
    },
  });
  await recordSource(db, { kind: 'demo', ...size });
  const keys = printable({ api_keys: apiKeys });
  if (options.dataDir) await writeDemoKeyRecord(options.dataDir, keys);
  log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return keys;
}

/**
 * The actor batches as they are, saying how many are written at every tenth of the total (the app's
 * first start shows it: "12,000 of 50,000 actors"), and once more at the end.
 */
async function* reportingProgress<Batch extends readonly unknown[]>(batches: AsyncIterable<Batch> | Iterable<Batch>, total: number, log: (line: string) => void): AsyncGenerator<Batch> {
  let written = 0;
  let reportedTenth = 0;
  for await (const batch of batches) {
    yield batch;
    written += batch.length;
    const tenth = Math.floor((written * 10) / Math.max(1, total));
    if (tenth > reportedTenth || written >= total) {
      reportedTenth = tenth;
      log(`Demo data: ${written} of ${total} actors written.`);
    }
  }
}

async function readAgencies(db: Queryable): Promise<Map<number, FixtureAgency>> {
  const rows = await db.query<{ doc: string }>('SELECT doc FROM agencies');
  return new Map(rows.map((row) => JSON.parse(row.doc) as FixtureAgency).map((agency) => [agency.id, agency]));
}

/** The seed of the demo this start serves (live changes follow it unless given their own). */
async function demoSeed(db: Queryable, options: DirectoryOptions): Promise<number> {
  const stored = (await storedSource(db)) as { seed?: number } | undefined;
  return options.liveChanges?.seed ?? stored?.seed ?? defaultDemoSize.seed;
}

/** Runs live changes on their clock; a failed step is logged and the next one tried on time. */
function startLiveChanges(db: Database, context: RouteContext, live: LiveChangesOptions, seed: number, log: (line: string) => void): () => void {
  log(`Live changes: a few profiles and a casting call change every ${live.everySeconds} s (seed ${seed}).`);
  const step = async () => {
    try {
      const changed = await applyLiveChangeStep(db, seed, context.now());
      context.counts.clear();
      if (changed) log(`Live changes, step ${changed.step}: actors ${changed.newPicture}, ${changed.newCredit}, ${changed.newAgency} edited, ${changed.retired} retired, casting call ${changed.castingCall} added.`);
    } catch (error) {
      log(`Live changes failed: ${(error as Error).message}`);
    }
  };
  return (live.clock ?? intervalClock)(step, live.everySeconds);
}

export async function startDirectory(options: DirectoryOptions = {}): Promise<RunningDirectory> {
  const log = options.log ?? (() => undefined);
  const configuredPublicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  if (options.dataDir) {
    const { problem } = await ensurePrivateFolder(options.dataDir);
    if (problem) log(`Warning: ${problem}`);
  }
  const early = (await demoSurelyCreated(options)) ? demoWorkerSource({ ...demoSizeOf(options.demo!), now: new Date() }) : undefined;
  let db: Database;
  try {
    db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  } catch (error) {
    await early?.stop();
    throw error;
  }
  try {
    await ensureSchema(db, log);
    const keys = await prepareData(db, options, log, early);
    await early?.stop();
    const context: RouteContext = {
      db,
      keys: await readKeyRights(db),
      agencies: await readAgencies(db),
      now: options.now ?? (() => new Date()),
      counts: new CountCache(),
      publicUrl: configuredPublicUrl ?? '',
    };
    const rateLimit = options.rateLimit ?? defaultRateLimit;
    const app = buildApp(context, { rateLimit, mediaRateLimit: options.mediaRateLimit ?? mediaRateLimitFor(rateLimit), socketLimits: options.socketLimits, log });
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8787 });
    const address = app.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const baseUrl = `http://${host}:${address.port}`;
    context.publicUrl ||= baseUrl;
    const stopChanges = options.liveChanges ? startLiveChanges(db, context, options.liveChanges, await demoSeed(db, options), log) : () => undefined;
    const running: RunningDirectory = {
      baseUrl,
      publicUrl: context.publicUrl,
      keys,
      async replaceData(source) {
        const fixture = await fixtureFrom(source);
        await loadFixture(db, fixture);
        context.counts.clear();
        await recordSource(db, { kind: 'fixture', path: typeof source === 'string' ? source : null });
        context.keys = await readKeyRights(db);
        context.agencies = await readAgencies(db);
        running.keys = printable(fixture);
      },
      async close() {
        stopChanges();
        await app.close();
        await db.close();
      },
    };
    return running;
  } catch (error) {
    await early?.stop();
    await db.close().catch(() => undefined);
    throw error;
  }
}
