/**
 * Two members edit the same list offline and reconnect: both converge to one list and nothing
 * typed is lost (fast-check over random operation sequences: reorder by fractional position,
 * delete against annotate, the same note typed by both, a rating changed by both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, converged, openList } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-converge-'));
let office: RunningOffice;
let officeId: string;
let token: string;

beforeAll(async () => {
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'data'), log: () => undefined });
  ({ officeId, token } = await office.members.createOffice('Office', 'Lea'));
}, 120_000);

afterAll(async () => {
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const entryIds = ['e0', 'e1', 'e2', 'e3'];
const operation = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), entry: fc.constantFrom(...entryIds), position: fc.stringMatching(/^[a-z]{1,4}$/) }),
  fc.record({ kind: fc.constant('delete' as const), entry: fc.constantFrom(...entryIds) }),
  fc.record({ kind: fc.constant('type' as const), entry: fc.constantFrom(...entryIds), atEnd: fc.boolean() }),
  fc.record({ kind: fc.constant('rate' as const), entry: fc.constantFrom(...entryIds), rating: fc.integer({ min: 1, max: 5 }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** Applies an operation; a typed note carries a unique word so the test can find it afterwards. */
function apply(doc: Y.Doc, op: Operation, word: string): void {
  const entry = entriesOf(doc).get(op.entry)!;
  if (op.kind === 'move') entry.set('position', op.position);
  else if (op.kind === 'delete') entry.set('deleted', true);
  else if (op.kind === 'rate') entry.set('rating', op.rating);
  else {
    // At the start or the end, never inside an earlier word (that would split the word the test looks for).
    const note = entry.get('note') as Y.Text;
    note.insert(op.atEnd ? note.length : 0, word);
  }
}

let run = 0;
it('two members offline converge on reconnect, and every typed word survives', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { maxLength: 12 }), fc.array(operation, { maxLength: 12 }), async (opsA, opsB) => {
      const name = officeDocumentName(officeId, `list-${run++}`);
      let a = openList(office.url, name, token);
      let b = openList(office.url, name, token);
      try {
        await Promise.all([a.synced, b.synced]);
        entryIds.forEach((id, index) => addEntry(a.doc, id, { position: `m${index}`, actor: { origin: 'https://d.example', id: index, name: `Actor ${index}` } }));
        await acknowledged(a);
        await converged(a.doc, b.doc);
        // Offline: no connection at all, as when the app runs without the office; the documents stay.
        a.destroy();
        b.destroy();
        const words: string[] = [];
        for (const [doc, ops, side] of [[a.doc, opsA, 'A'], [b.doc, opsB, 'B']] as const) {
          ops.forEach((op, i) => {
            apply(doc, op, `<${side}${i}>`);
            if (op.kind === 'type') words.push(`<${side}${i}>`);
          });
        }
        a = openList(office.url, name, token, a.doc);
        b = openList(office.url, name, token, b.doc);
        await Promise.all([acknowledged(a), acknowledged(b)]);
        await converged(a.doc, b.doc);
        expect(entriesOf(a.doc).toJSON()).toEqual(entriesOf(b.doc).toJSON());
        expect([...entriesOf(a.doc).keys()].sort()).toEqual(entryIds);
        const notes = entryIds.map((id) => (entriesOf(a.doc).get(id)!.get('note') as Y.Text).toString()).join('|');
        for (const word of words) expect(notes.split(word).length - 1).toBe(1);
        for (const [ops, side] of [[opsA, 'A'], [opsB, 'B']] as const) {
          for (const op of ops) if (op.kind === 'delete') expect(entriesOf(a.doc).get(op.entry)!.get('deleted'), side).toBe(true);
        }
        for (const id of entryIds) {
          const ratings = [...opsA, ...opsB].filter((op) => op.kind === 'rate' && op.entry === id).map((op) => (op as { rating: number }).rating);
          if (ratings.length > 0) expect(ratings).toContain(entriesOf(a.doc).get(id)!.get('rating'));
        }
      } finally {
        a.destroy();
        b.destroy();
      }
    }),
    { numRuns: 15 },
  );
}, 300_000);
