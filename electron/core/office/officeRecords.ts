/**
 * The offices this computer joined, in `<userData>/offices.json` (written atomically): where each
 * office is, who the user is there. The member's token is never in this file: it is in the OS
 * keychain under the record's `id` (officeMembership.ts). A file that cannot be read is moved aside
 * and reported, never overwritten unnoticed, as settings.json is.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/atomicWrite.ts';

export const officesFileName = 'offices.json';

export const officeRecordSchema = z.object({
  /** This computer's id for the membership: the keychain account of its token is `office-<id>`. */
  id: z.uuid(),
  /** The office's id on its server (document names are `<officeId>/<listId>`). */
  officeId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** The office server's address (https, or http on loopback), canonical (connections/baseUrl.ts). */
  url: z.string(),
  memberId: z.string().nullable(),
  memberName: z.string(),
  /** Added with the owner's token rather than an invite. */
  isOwner: z.boolean(),
  joinedAt: z.string(),
});
export type OfficeRecord = z.infer<typeof officeRecordSchema>;

const officesFileSchema = z.object({ version: z.literal(1), offices: z.array(officeRecordSchema) });

export interface OfficeRecordsFile {
  read(): Promise<{ offices: OfficeRecord[]; problem: string | null }>;
  write(offices: readonly OfficeRecord[]): Promise<void>;
}

export function officeRecordsFile(userDataDir: string, now: () => Date = () => new Date()): OfficeRecordsFile {
  const file = join(userDataDir, officesFileName);
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { offices: [], problem: null };
        throw error;
      }
      let parsed: ReturnType<typeof officesFileSchema.safeParse> | null;
      try {
        parsed = officesFileSchema.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
      if (parsed?.success) return { offices: parsed.data.offices, problem: null };
      const keptAt = `${file}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, keptAt);
      return { offices: [], problem: `${officesFileName} could not be read; it was kept as ${keptAt}.` };
    },
    async write(offices) {
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, offices }, null, 2)}\n`);
    },
  };
}
