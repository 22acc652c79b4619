/**
 * The media cache's index on disk: which URL holds which content hash, its type, size, last access
 * and whether it is kept offline. It is what lets a new run find pictures offline, so it is written atomically and read
 * defensively: a damaged index is set aside (kept for inspection) and the cache starts empty
 * rather than failing to open.
 */
import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import { storedMediaTypes } from './mediaAcceptance.ts';
import { writeFileAtomic } from '../files/atomicWrite.ts';

export const mediaIndexVersion = 1;

const entrySchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.enum(storedMediaTypes),
  size: z.number().int().nonnegative(),
  lastAccess: z.number().nonnegative(),
  /**
   * Who keeps it offline (a connection id) and since which pass (a generation): kept files are
   * evicted only when nothing else is left; a connection's pass releases what it no longer keeps.
   */
  keptBy: z.record(z.string(), z.number()).optional(),
});

const indexSchema = z.object({
  version: z.literal(mediaIndexVersion),
  entries: z.record(z.string(), entrySchema),
});

export type MediaIndexEntry = z.infer<typeof entrySchema>;

export interface LoadedMediaIndex {
  entries: Map<string, MediaIndexEntry>;
  /** Set when the file existed but could not be used; it was renamed to `setAsideAs`. */
  problem?: { message: string; setAsideAs: string };
}

/** Reads the index; a missing file is an empty index, a damaged one is renamed aside. */
export async function loadMediaIndex(path: string): Promise<LoadedMediaIndex> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: new Map() };
    throw error;
  }
  let message: string;
  try {
    const parsed = indexSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { entries: new Map(Object.entries(parsed.data.entries)) };
    const issue = parsed.error.issues[0]!;
    message = `${issue.path.join('.') || '(root)'}: ${issue.message}`;
  } catch (error) {
    message = (error as Error).message;
  }
  const setAsideAs = `${path}.damaged-${Date.now()}`;
  await rename(path, setAsideAs);
  return { entries: new Map(), problem: { message, setAsideAs } };
}

/** Writes the whole index atomically (temp, fsync, rename). */
export async function saveMediaIndex(path: string, entries: ReadonlyMap<string, MediaIndexEntry>): Promise<void> {
  const file = { version: mediaIndexVersion, entries: Object.fromEntries(entries) };
  await writeFileAtomic(path, JSON.stringify(file));
}
