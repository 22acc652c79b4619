/**
 * `npm run office -- …`: the casting office server from the command line. Parses flags, creates
 * the office on first use (`--create-office NAME` prints the owner's token once; only its hash is
 * kept), prints where it listens, and on SIGTERM or SIGINT stores every document before it exits.
 */
import { parseArgs } from 'node:util';
import { startOffice } from './office/startOffice.ts';

const usage = `Usage: npm run office -- [--host 127.0.0.1] [--port 8790] [--data-dir DIR]
                  [--create-office NAME [--owner-name NAME]]
Documents and members are stored in PGlite in --data-dir (default: ./office-data);
set DATABASE_URL to use a PostgreSQL server instead, and REDIS_URL to run several
instances side by side (they must share the PostgreSQL database).
--create-office makes a new office and prints its id and the owner's token (once).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8790' },
        'data-dir': { type: 'string', default: 'office-data' },
        'create-office': { type: 'string' },
        'owner-name': { type: 'string', default: 'Owner' },
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
  if (!/^\d+$/.test(args.port) || Number(args.port) > 65535) fail(`--port takes a whole number from 0 to 65535, not ${JSON.stringify(args.port)}.`);
  if (args['create-office'] !== undefined && args['create-office'].trim() === '') fail('--create-office needs a name.');

  const office = await startOffice({
    host: args.host,
    port: Number(args.port),
    dataDir: process.env.DATABASE_URL ? undefined : args['data-dir'],
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (args['create-office'] !== undefined) {
    const created = await office.members.createOffice(args['create-office'].trim(), args['owner-name']);
    process.stdout.write(`Office created: ${created.officeId}\nOwner member: ${created.memberId}\nOwner token (shown once): ${created.token}\n`);
  }
  process.stdout.write(`Office server listening on ${office.url} (health: ${office.url.replace(/^ws/, 'http')}/health)\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: storing every document and stopping the office server …\n`);
    await office.close();
    process.stdout.write('Office server stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The office server could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
