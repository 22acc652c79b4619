/**
 * The office bench's server process: one or two office instances (two behind the Redis at
 * REDIS_URL) sharing one PGlite database, so the bench measures the server's memory apart from its
 * clients. Prints one JSON line: the instances' URLs, the office id and the owner token. Run with
 * --expose-gc, it answers each line `memory` on stdin with a JSON line of its V8 heap in use after a
 * full collection and its RSS (MB): RSS keeps what a heap once grew to, so a change in it is a poor
 * measure of what the documents hold.
 */
import { join } from 'node:path';
import { openOfficeDatabase } from '../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../server/office/startOffice.ts';

const [dataDir, instanceCount] = process.argv.slice(2);
const db = await openOfficeDatabase({ dataDir: join(dataDir, 'data') });
const offices: RunningOffice[] = [];
for (let i = 0; i < Number(instanceCount); i++) {
  offices.push(
    await startOffice({
      host: '127.0.0.1',
      port: 0,
      database: db,
      redisUrl: process.env.REDIS_URL || undefined,
      // The bench's members open 200 lists at once: a burst far above one person's typing.
      limits: { rateBurst: 10_000, ratePerSecond: 10_000 },
      log: (line) => process.stderr.write(`${line}\n`),
    }),
  );
}
const created = await offices[0].members.createOffice('Bench Office', 'Owner');
process.stdout.write(`${JSON.stringify({ urls: offices.map((office) => office.url), ...created })}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    for (const office of offices) await office.close();
    await db.close();
    process.exit(0);
  })();
});

const gc = (globalThis as { gc?: () => void }).gc;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (lines: string) => {
  for (const line of lines.split('\n')) {
    if (line.trim() !== 'memory' || !gc) continue;
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ heapUsedMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 })}\n`);
  }
});
