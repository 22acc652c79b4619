/**
 * What the back end remembers of each connection's sync, in `<userData>/sync-memory.json`, outside
 * the renderer's storage. The browser may evict IndexedDB; when the renderer then finds its cache
 * empty while this file says a full sync had completed, it knows the cache was lost (not that the
 * directory is empty) and syncs in full again. Written atomically, read defensively: a damaged file
 * is set aside and counts as empty, since forgetting only costs one full sync.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { removeStaleTempFiles, writeFileAtomic } from '../files/atomicWrite.ts';

export const syncMemoryFileName = 'sync-memory.json';
export const syncMemoryVersion = 1;

const entrySchema = z.object({ completedFullSyncAt: z.string().datetime({ offset: true }).nullable() }).strict();
const fileSchema = z.object({ version: z.literal(syncMemoryVersion), connections: z.record(z.string(), entrySchema) }).strict();

export type SyncMemoryEntry = z.infer<typeof entrySchema>;

export interface SyncMemory {
  /** Set when the file existed but could not be used; it was renamed to `setAsideAs`. */
  readonly loadProblem: { message: string; setAsideAs: string } | null;
  get(connectionId: string): SyncMemoryEntry;
  set(connectionId: string, entry: SyncMemoryEntry): Promise<void>;
  /** Drops a removed connection's entry. */
  forget(connectionId: string): Promise<void>;
  /** Drops every entry whose connection is not in `connectionIds` (a removal interrupted by a crash). */
  retainOnly(connectionIds: readonly string[]): Promise<void>;
}

const empty: SyncMemoryEntry = { completedFullSyncAt: null };

async function load(file: string, now: () => number): Promise<{ entries: Map<string, SyncMemoryEntry>; problem: SyncMemory['loadProblem'] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: new Map(), problem: null };
    throw error;
  }
  let message: string;
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { entries: new Map(Object.entries(parsed.data.connections)), problem: null };
    const issue = parsed.error.issues[0]!;
    message = `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`;
  } catch (error) {
    message = `not valid JSON (${(error as Error).message})`;
  }
  const setAsideAs = `${file}.damaged-${now()}`;
  await rename(file, setAsideAs);
  return { entries: new Map(), problem: { message, setAsideAs } };
}

/** Opens the sync memory of `userDataDir`; `log` hears about a damaged file that was set aside. */
export async function openSyncMemory(options: { userDataDir: string; log?: (line: string) => void; now?: () => number }): Promise<SyncMemory> {
  const file = join(options.userDataDir, syncMemoryFileName);
  await removeStaleTempFiles(file);
  const { entries, problem } = await load(file, options.now ?? Date.now);
  if (problem) options.log?.(`The sync memory file was damaged (${problem.message}); set aside as ${problem.setAsideAs}, starting empty.`);

  // Writes run one after another, each with the state at its start, so the last change always wins on disk.
  let writing: Promise<void> = Promise.resolve();
  const persist = (): Promise<void> => {
    const write = writing.then(() => writeFileAtomic(file, `${JSON.stringify({ version: syncMemoryVersion, connections: Object.fromEntries(entries) }, null, 2)}\n`));
    writing = write.catch(() => undefined);
    return write;
  };

  return {
    loadProblem: problem,
    get: (connectionId) => ({ ...(entries.get(connectionId) ?? empty) }),
    async set(connectionId, entry) {
      const checked = entrySchema.parse(entry);
      const before = entries.get(connectionId);
      if (checked.completedFullSyncAt === null) entries.delete(connectionId);
      else entries.set(connectionId, checked);
      try {
        await persist();
      } catch (error) {
        // What the caller was told failed must not be remembered as done.
        if (before) entries.set(connectionId, before);
        else entries.delete(connectionId);
        throw error;
      }
    },
    async forget(connectionId) {
      if (!entries.delete(connectionId)) return;
      await persist();
    },
    async retainOnly(connectionIds) {
      const keep = new Set(connectionIds);
      let changed = false;
      for (const id of [...entries.keys()]) {
        if (!keep.has(id)) changed = entries.delete(id) || changed;
      }
      if (changed) await persist();
    },
  };
}
