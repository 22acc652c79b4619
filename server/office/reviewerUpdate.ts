/**
 * Whether a reviewer's update changes only that reviewer's picks and comments. The update is
 * applied to a scratch copy of the document, never to the document itself, and every type the
 * transaction changed must be the `picks` or `comments` map of an existing entry, changed under
 * the reviewer's own member id, with a value of the right kind (listDocument.ts).
 */
import * as Y from 'yjs';
import { annotationMapsOf, entriesOf } from './listDocument.ts';

export type ReviewerVerdict = { ok: true } | { ok: false; reason: string };

export function checkReviewerUpdate(current: Y.Doc, update: Uint8Array, memberId: string): ReviewerVerdict {
  const scratch = new Y.Doc({ gc: false });
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(current));
  const allowed = new Map<unknown, { kind: 'picks' | 'comments'; map: Y.Map<unknown> }>();
  for (const entry of entriesOf(scratch).values()) {
    if (!(entry instanceof Y.Map)) continue;
    const { picks, comments } = annotationMapsOf(entry);
    if (picks) allowed.set(picks, { kind: 'picks', map: picks });
    if (comments) allowed.set(comments, { kind: 'comments', map: comments });
  }
  let verdict: ReviewerVerdict = { ok: true };
  scratch.on('afterTransaction', (transaction: Y.Transaction) => {
    for (const [type, keys] of transaction.changed) {
      const annotation = allowed.get(type);
      if (!annotation) {
        verdict = { ok: false, reason: 'a reviewer may change only their own picks and comments' };
        return;
      }
      for (const key of keys) {
        if (key !== memberId) {
          verdict = { ok: false, reason: 'a reviewer may change only their own picks and comments' };
          return;
        }
        const value = annotation.map.get(memberId);
        const expected = annotation.kind === 'picks' ? 'boolean' : 'string';
        if (value !== undefined && typeof value !== expected) {
          verdict = { ok: false, reason: `a ${annotation.kind === 'picks' ? 'pick' : 'comment'} is a ${expected}` };
          return;
        }
      }
    }
  });
  try {
    Y.applyUpdate(scratch, update);
  } catch {
    return { ok: false, reason: 'the update is malformed' };
  } finally {
    scratch.destroy();
  }
  // Structs waiting for missing parts would be applied later, by someone else's update, unchecked.
  if (verdict.ok && (scratch.store.pendingStructs !== null || scratch.store.pendingDs !== null)) {
    return { ok: false, reason: 'the update depends on changes the server does not have' };
  }
  return verdict;
}
