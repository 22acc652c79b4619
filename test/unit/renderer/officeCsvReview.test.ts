/**
 * The CSV of a shared list carries the office's review: who picked each actor and what each member
 * said, by name, as the list's document holds it when the member exports (a colleague's later
 * comment is in the next export); members of one name are numbered. A personal list keeps its
 * columns. A real office server on 127.0.0.1; Ben's app with its real stores, Anna (the owner)
 * reviewing from her own client.
 */
import { expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { parseCsv, shortlistCsvColumns } from '../../../renderer/src/shortlists/shortlistCsv.ts';
import { useShortlistExportStore } from '../../../renderer/src/stores/shortlistExport.ts';
import { writeComment, writePick } from '../../../renderer/src/sync/officeAnnotations.ts';
import { closedAfterEach, memberWithSharedList, ownersList, useOfficeServer } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-csv-', 'Anna Casting');
const open = closedAfterEach();

/** Ben's app (English) with Anna's three-actor list opened from the office and synced; Anna's client on it. */
async function bensCopy() {
  const { listId, owner: anna } = await ownersList(server, origin, { name: 'Tatort – Kommissarin' });
  open.clients.push(anna);
  const { app, shortlistId, shortlists } = await memberWithSharedList(server, open, listId);
  await vi.waitFor(() => expect(app.store.memberName(shortlistId, server.ownerId)).toBe('Anna Casting'), { timeout: 30_000, interval: 10 });
  const page = createApp({}).use(app.pinia).use(createCastdeskI18n('en')).provide(castdeskBridgeKey, app.bridge);
  const exports = page.runWithContext(() => useShortlistExportStore());
  return { shortlistId, anna, office: app.store, shortlists, exports };
}

/** The CSV the export store hands over for `listId`, parsed. */
async function exported(exports: ReturnType<typeof useShortlistExportStore>, listId: number): Promise<string[][]> {
  const made: Blob[] = [];
  const keep = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    made.push(blob as Blob);
    return 'blob:castdesk-test';
  });
  try {
    expect(await exports.exportCsv(listId)).toBe(true);
  } finally {
    keep.mockRestore();
  }
  expect(exports.error).toBeNull();
  expect(made).toHaveLength(1);
  return parseCsv(await made[0]!.text());
}

it("a shared list's CSV names who picked each actor and what they said, as the office's document holds it at export time", { timeout: 60_000 }, async () => {
  const { shortlistId, anna, office, exports } = await bensCopy();
  // Anna picks and comments on actor 2; a member the office does not name (one who left) picked it too.
  const key = officeEntryKey(origin, 2);
  anna.doc.transact(() => {
    writePick(anna.doc, key, server.ownerId, true);
    writePick(anna.doc, key, 'member-who-left', true);
    writeComment(anna.doc, key, server.ownerId, 'Strong, warm voice.\nSee her showreel.');
  });
  // Ben picks actor 2 and comments on it from his app, as the list view does.
  await vi.waitFor(() => expect(office.annotationsOf(shortlistId, origin, 2).picks).toHaveLength(2), { timeout: 30_000, interval: 10 });
  expect(office.setPick(shortlistId, origin, 2, true)).toBe(true);
  expect(office.setComment(shortlistId, origin, 2, '=Callback')).toBe(true);

  const [header, ...rows] = await exported(exports, shortlistId);
  expect(header!.slice(shortlistCsvColumns.length)).toEqual(['Picked by', 'Comments']);
  const review = (actorId: number) => rows.find((row) => row[1] === String(actorId))!.slice(shortlistCsvColumns.length);
  expect(review(2)).toEqual(['A member, Anna Casting, Ben', 'Anna Casting: Strong, warm voice.\nSee her showreel.\nBen: =Callback']);
  expect(review(1)).toEqual(['', '']);

  // Anna changes her mind after the first export: the next one says so.
  writePick(anna.doc, key, server.ownerId, false);
  writeComment(anna.doc, key, server.ownerId, 'Too young for the part.');
  await vi.waitFor(() => expect(office.annotationsOf(shortlistId, origin, 2).comments[server.ownerId]).toBe('Too young for the part.'), { timeout: 30_000, interval: 10 });
  const [, ...later] = await exported(exports, shortlistId);
  expect(later.find((row) => row[1] === '2')!.slice(shortlistCsvColumns.length)).toEqual(['A member, Ben', 'Anna Casting: Too young for the part.\nBen: =Callback']);
});

it('a shared list no view holds open is exported with the review stored on this computer', { timeout: 60_000 }, async () => {
  const { shortlistId, anna, office, exports } = await bensCopy();
  writePick(anna.doc, officeEntryKey(origin, 3), server.ownerId, true);
  await vi.waitFor(() => expect(office.annotationsOf(shortlistId, origin, 3).picks).toEqual([server.ownerId]), { timeout: 30_000, interval: 10 });
  office.detach(shortlistId);
  const [, ...rows] = await exported(exports, shortlistId);
  expect(rows.find((row) => row[1] === '3')!.slice(shortlistCsvColumns.length)).toEqual(['Anna Casting', '']);
});

it('two members of one name who picked an actor are numbered in the CSV, as the list shows them', { timeout: 60_000 }, async () => {
  const { shortlistId, anna, office, exports } = await bensCopy();
  // Bo lost his token and joined again: each membership picked actor 1.
  const memberships = [await server.join('Bo Booker', 'reviewer'), await server.join('Bo Booker', 'reviewer')];
  anna.doc.transact(() => memberships.forEach((member) => writePick(anna.doc, officeEntryKey(origin, 1), member.memberId, true)));
  await vi.waitFor(() => expect(memberships.map((member) => office.memberName(shortlistId, member.memberId))).toEqual(['Bo Booker', 'Bo Booker']), { timeout: 30_000, interval: 10 });
  const [, ...rows] = await exported(exports, shortlistId);
  expect(rows.find((row) => row[1] === '1')!.slice(shortlistCsvColumns.length)).toEqual(['Bo Booker (1), Bo Booker (2)', '']);
});

it("a personal list's CSV keeps its columns, with no review", { timeout: 60_000 }, async () => {
  const { shortlists, exports } = await bensCopy();
  const personal = (await shortlists.createList('Own ideas'))!;
  const [header] = await exported(exports, personal);
  expect(header).toHaveLength(shortlistCsvColumns.length);
  expect(header!.at(-1)).toBe('Role');
});
