/**
 * At most one update check a day, remembered across restarts in `<userData>/update-check.json`. A
 * check counts from the moment it starts (a check that fails or crashes the app is not retried in a
 * loop). A damaged file, or a last check in the future (the clock was wrong then), makes a check due:
 * the worst that costs is one request early.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/atomicWrite.ts';

export const updateCheckFileName = 'update-check.json';
export const checkIntervalMs = 24 * 60 * 60 * 1000;

const fileSchema = z.object({ lastCheckAt: z.string().datetime({ offset: true }) }).strict();

export interface CheckSchedule {
  /** Null when a check is due now; else when the next one is. */
  nextCheckAt(): Promise<number | null>;
  /** Remembers that a check starts now. */
  recordCheck(): Promise<void>;
}

export function openCheckSchedule(options: { userDataDir: string; now: () => number }): CheckSchedule {
  const file = join(options.userDataDir, updateCheckFileName);

  async function lastCheckAt(): Promise<number | null> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      return parsed.success ? Date.parse(parsed.data.lastCheckAt) : null;
    } catch {
      return null;
    }
  }

  return {
    async nextCheckAt() {
      const last = await lastCheckAt();
      const now = options.now();
      if (last === null || last > now) return null;
      const next = last + checkIntervalMs;
      return next <= now ? null : next;
    },
    async recordCheck() {
      await writeFileAtomic(file, `${JSON.stringify({ lastCheckAt: new Date(options.now()).toISOString() })}\n`);
    },
  };
}
