/**
 * `npm run directory -- …`: the directory service from the command line. A thin wrapper over
 * startDirectory that parses flags, prints the base URL and the keys it serves, and stops cleanly.
 */
import { parseArgs } from 'node:util';
import { FixtureError } from './src/fixture/parseFixture.ts';
import { parsePublicUrl } from './src/http/publicUrl.ts';
import { mediaRateLimitFor, parseRateLimit, type RateLimitConfig } from './src/http/rateLimit.ts';
import { startDirectory, type DemoSize } from './src/startDirectory.ts';
import { onStopRequest } from './src/stopRequests.ts';

const usage = `Usage: npm run directory -- [--host 127.0.0.1] [--port 8787] [--data-dir DIR]
                     [--fixture FILE.json | --demo [--actors N] [--crew N] [--casting-calls N] [--seed S]]
                     [--rate-limit 300/300s | --rate-limit off] [--media-rate-limit 3000/300s | off]
                     [--public-url https://directory.example] [--live-changes 60s | off]
--public-url is where clients reach the service (behind a proxy, say): Link headers and media
URLs are built on it. Default: the listen address.
--live-changes makes demo data change as a real directory does: every interval a few actors get a
new picture, credit or agency, one is retired and a casting call with a role is added, the same
way for the same seed. Default: off.
Set DATABASE_URL to use a PostgreSQL server instead of the embedded PGlite.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

function wholeNumber(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) fail(`--${name} takes a whole number from ${min} to ${max}, not ${JSON.stringify(value)}.`);
  return number;
}

/** `--live-changes 60s` (or `60`): seconds between steps, at least 5; `off`: none. */
function parseLiveChanges(value: string): { everySeconds: number } | undefined {
  if (value === 'off') return undefined;
  const match = /^(\d+)s?$/.exec(value);
  const seconds = match ? Number(match[1]) : NaN;
  if (!(seconds >= 5 && seconds <= 86_400)) fail(`--live-changes takes seconds from 5 to 86400 (like 60s) or off, not ${JSON.stringify(value)}.`);
  return { everySeconds: seconds };
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8787' },
        'data-dir': { type: 'string' },
        fixture: { type: 'string' },
        demo: { type: 'boolean', default: false },
        actors: { type: 'string' },
        crew: { type: 'string' },
        'casting-calls': { type: 'string' },
        seed: { type: 'string' },
        'rate-limit': { type: 'string', default: '300/300s' },
        'media-rate-limit': { type: 'string' },
        'public-url': { type: 'string' },
        'live-changes': { type: 'string', default: 'off' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (args.fixture && args.demo) fail('Give either --fixture or --demo, not both.');
  const sizeGiven = args.actors ?? args.crew ?? args['casting-calls'] ?? args.seed;
  if (sizeGiven !== undefined && !args.demo) fail('--actors, --crew, --casting-calls and --seed go with --demo.');
  const demo: DemoSize | undefined = args.demo
    ? {
        actors: wholeNumber('actors', args.actors, 0, 200_000),
        crew: wholeNumber('crew', args.crew, 0, 200_000),
        castingCalls: wholeNumber('casting-calls', args['casting-calls'], 0, 100_000),
        seed: wholeNumber('seed', args.seed, 0, 2 ** 31 - 1),
      }
    : undefined;
  for (const key of Object.keys(demo ?? {}) as (keyof DemoSize)[]) if (demo?.[key] === undefined) delete demo?.[key];
  const parsed = <T>(parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      fail((error as Error).message);
    }
  };
  const rateLimit = parsed(() => parseRateLimit(args['rate-limit']));
  const mediaRateLimit = args['media-rate-limit'] === undefined
    ? mediaRateLimitFor(rateLimit)
    : parsed(() => parseRateLimit(args['media-rate-limit']!, '--media-rate-limit'));
  const publicUrl = args['public-url'] === undefined ? undefined : parsed(() => parsePublicUrl(args['public-url']!));
  const liveChanges = parseLiveChanges(args['live-changes']);
  if (liveChanges && !args.demo) fail('--live-changes goes with --demo.');
  const describeLimit = (limit: RateLimitConfig | false) => (limit ? `${limit.limit} requests per ${limit.windowSeconds} s per client` : 'off');

  // Heard from the start: a stop asked for while the demo data is generated waits for the database
  // to be complete and closes it then, instead of ending the process in the middle of a write.
  const started: { directory?: Awaited<ReturnType<typeof startDirectory>> } = {};
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${why}: stopping the directory service …\n`);
    if (!started.directory) return;
    await started.directory.close();
    process.exit(0);
  };
  onStopRequest((why) => void stop(why));

  const directory = await startDirectory({
    host: args.host,
    port: wholeNumber('port', args.port, 0, 65535),
    dataDir: args['data-dir'],
    databaseUrl: process.env.DATABASE_URL || undefined,
    fixture: args.fixture,
    demo,
    rateLimit,
    mediaRateLimit,
    publicUrl,
    liveChanges,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  started.directory = directory;
  if (stopping) {
    await directory.close();
    process.exit(0);
  }

  process.stdout.write(`Directory service listening on ${directory.baseUrl}\n`);
  if (directory.publicUrl !== directory.baseUrl) process.stdout.write(`Public URL (links and media): ${directory.publicUrl}\n`);
  process.stdout.write(`Rate limit: ${describeLimit(rateLimit)} on /api, ${describeLimit(mediaRateLimit)} on /media\n`);
  if (directory.keys.length > 0) {
    process.stdout.write('API keys (send "Authorization: Token token=<KEY>"):\n');
    for (const { key, description } of directory.keys) process.stdout.write(`  ${key}  ${description}\n`);
  } else {
    process.stdout.write('API keys: those of the fixture loaded into this data folder (the database keeps only their hashes).\n');
  }

}

main().catch((error: unknown) => {
  if (error instanceof FixtureError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`The directory service could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
