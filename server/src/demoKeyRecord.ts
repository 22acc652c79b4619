/**
 * The demo's keys on record: the database keeps only their hashes, so the keys themselves are
 * written once, when the demo data is created, to `demo-keys.json` in the data folder (readable by
 * its owner only) and printed from there on every later start. Without a data folder (in memory, or
 * a PostgreSQL server) there is nowhere to keep them, and a restart creates the demo anew.
 */
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export interface PrintedKey {
  key: string;
  description: string;
}

const recordSchema = z.object({ keys: z.array(z.object({ key: z.string().min(1), description: z.string() })) });

export function demoKeyRecordPath(dataDir: string): string {
  return join(dataDir, 'demo-keys.json');
}

export async function writeDemoKeyRecord(dataDir: string, keys: readonly PrintedKey[]): Promise<void> {
  const path = demoKeyRecordPath(dataDir);
  const partial = `${path}.partial`;
  await writeFile(partial, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile applies only to a new file.
  await chmod(partial, 0o600);
  await rename(partial, path);
}

/** The recorded keys, or undefined when there is no readable record. */
export async function readDemoKeyRecord(dataDir: string): Promise<PrintedKey[] | undefined> {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(await readFile(demoKeyRecordPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data.keys : undefined;
  } catch {
    return undefined;
  }
}
