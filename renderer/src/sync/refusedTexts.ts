/**
 * What the user typed into a change the office refused, kept ("bad input gets a clear error and
 * loses nothing"). A reviewer comments offline, or an editor writes a note, and the owner lowers
 * their role to viewer meanwhile: when the app reconnects, the office refuses the change and the
 * list goes back to the office's version (stores/officeLists.ts revert), since Yjs cannot take the
 * change out of the document it is in. The comments and notes it would have written are read out
 * before and kept on the list's row (`ShortlistRow.refusedTexts`) in the transaction that replaces
 * the document, until the user dismisses each (components/shortlists/OfficeRefusedTexts.vue).
 */
import * as Y from 'yjs';
import { officeActorSchema } from '../../../contract/officeList.ts';
import { writeLibrary } from '../db/libraryDb.ts';
import { entriesOf } from '../db/listDocShape.ts';
import type { RefusedText, ShortlistDb } from '../db/shortlistDb.ts';

/** A refused text as read from the documents, before it is kept (the id and time are the keeping's). */
export type RefusedTextFields = Omit<RefusedText, 'id' | 'refusedAt'>;

const textOf = (value: unknown): string => (value instanceof Y.Text ? value.toString() : '');

/**
 * The comments and notes a refused change would have written. The document here (its state,
 * `mine`) applied onto the office's version (`office`) gives the list as the office would hold it
 * had it taken the change: a comment or note that is not empty and reads differently there than in
 * the office's version was typed here, and would be lost with the revert. A colleague's change the
 * office took meanwhile is in both, so it counts for nothing; a note both typed into reads merged,
 * as it would have. An entry deleted meanwhile counts too: the text was typed all the same. In
 * the list's order, an entry's note before its comments, as the member reads them on the list.
 */
export function refusedTypedTexts(mine: Uint8Array, office: Y.Doc): RefusedTextFields[] {
  const merged = new Y.Doc();
  try {
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(office));
    Y.applyUpdate(merged, mine);
    const officeEntries = entriesOf(office);
    const texts: (RefusedTextFields & { position: string })[] = [];
    for (const [key, entry] of entriesOf(merged).entries()) {
      if (!(entry instanceof Y.Map)) continue;
      const actor = officeActorSchema.safeParse(entry.get('actor'));
      if (!actor.success) continue;
      const position = entry.get('position');
      const named = { directoryOrigin: actor.data.origin, actorId: actor.data.id, actorName: actor.data.name, position: typeof position === 'string' ? position : '' };
      const officeEntry = officeEntries.get(key);
      const note = textOf(entry.get('note'));
      if (note.trim() && note !== textOf(officeEntry?.get('note'))) texts.push({ kind: 'note', ...named, text: note });
      const comments = entry.get('comments');
      const officeComments = officeEntry?.get('comments');
      if (!(comments instanceof Y.Map)) continue;
      for (const [member, comment] of comments.entries()) {
        const officeComment = officeComments instanceof Y.Map ? officeComments.get(member) : undefined;
        if (typeof comment === 'string' && comment.trim() && comment !== officeComment) texts.push({ kind: 'comment', ...named, text: comment });
      }
    }
    // A stable sort: an entry's note was listed before its comments.
    return texts.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0)).map(({ position: _position, ...text }) => text);
  } finally {
    merged.destroy();
  }
}

const sameText = (a: RefusedTextFields, b: RefusedTextFields) =>
  a.kind === b.kind && a.directoryOrigin === b.directoryOrigin && a.actorId === b.actorId && a.text === b.text;

/**
 * Keeps `texts` on list `shortlistId`'s row, each once: a revert that runs again (the app went away
 * before it ended) finds the same texts kept. Runs inside the caller's transaction, whose scope must
 * hold `shortlists`, so the texts are kept exactly when the document that lost them is replaced.
 */
export async function keepRefusedTexts(db: ShortlistDb, shortlistId: number, texts: readonly RefusedTextFields[], at: string): Promise<void> {
  if (texts.length === 0) return;
  const kept = (await db.shortlists.get(shortlistId))?.refusedTexts ?? [];
  const fresh = texts.filter((text) => !kept.some((one) => sameText(one, text)));
  if (fresh.length === 0) return;
  await db.shortlists.update(shortlistId, { refusedTexts: [...kept, ...fresh.map((text) => ({ id: crypto.randomUUID(), ...text, refusedAt: at }))] });
}

/** Every list's refused texts the user has not dismissed yet (a list page asks as it opens: the app may have restarted since). */
export async function keptRefusedTexts(db: ShortlistDb): Promise<Map<number, RefusedText[]>> {
  const texts = new Map<number, RefusedText[]>();
  await db.shortlists.each((row) => {
    if (row.refusedTexts?.length && row.id !== undefined) texts.set(row.id, row.refusedTexts);
  });
  return texts;
}

/** The user dismissed refused text `id` of list `shortlistId`: it is gone for good. Answers the texts still kept. */
export async function dismissRefusedText(db: ShortlistDb, shortlistId: number, id: string): Promise<RefusedText[]> {
  return writeLibrary(db, [db.shortlists], async () => {
    const left = ((await db.shortlists.get(shortlistId))?.refusedTexts ?? []).filter((text) => text.id !== id);
    await db.shortlists.update(shortlistId, { refusedTexts: left.length > 0 ? left : undefined });
    return left;
  });
}
