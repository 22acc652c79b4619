/**
 * A director's picks for a shared list, pasted on another member's computer: the package one
 * member sent names the office's list, so the picks apply on the copy of whichever colleague gets
 * the director's answer, and reach the office. Before, a package's id was the list's id and time
 * on the computer that made it, and every other member's copy refused the picks as "another
 * package". A real office server on 127.0.0.1; the member's app with its real stores.
 */
import { expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { openShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { picksText, presentationPackageId } from '../../../renderer/src/shortlists/directorPicks.ts';
import { usePresentationPackageStore } from '../../../renderer/src/stores/presentationPackage.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import type { ListClient } from '../../integration/office/officeSupport.ts';
import { closedAfterEach, memberCredentials, officeStoreApp, ownersList, useOfficeServer } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-picks-', 'Anna Casting');

const open = closedAfterEach();

/** Anna's list in the office, three actors, as her app shared it. */
async function annasList(): Promise<{ listId: string; anna: ListClient }> {
  const { listId, owner } = await ownersList(server, origin, { name: 'Tatort – Kommissarin' });
  open.clients.push(owner);
  return { listId, anna: owner };
}

/** Ben's app with Anna's list opened from the office and synced: his list id and his package store. */
async function bensCopy(listId: string) {
  const { grant, view } = memberCredentials(server, await server.join('Ben'), 'Ben');
  const app = officeStoreApp(grant, [view]);
  open.store = app.store;
  const shortlistDb = (open.db = await openShortlistDb());
  // Ben's copy has its own id and time: another list than Anna's 1 of 2026-11-02.
  const shortlistId = await openSharedList(shortlistDb, { officeRecordId: view.id, officeId: server.officeId }, listId, 'Shared');
  await app.store.refresh();
  await app.store.attach(shortlistId);
  await vi.waitFor(async () => expect(await shortlistDb.entries.where('shortlistId').equals(shortlistId).count()).toBe(3), { timeout: 30_000, interval: 10 });
  await vi.waitFor(() => expect(app.store.mayEdit(shortlistId)).toBe(true), { timeout: 30_000, interval: 10 });
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  const page = createApp({}).use(app.pinia).use(createCastdeskI18n('en')).provide(castdeskBridgeKey, app.bridge);
  const packages = page.runWithContext(() => usePresentationPackageStore());
  return { shortlistId, packages, shortlistDb };
}

it('picks for the package a colleague sent tag the picked entries on this computer, and reach the office', { timeout: 60_000 }, async () => {
  const { listId, anna } = await annasList();
  const annasPackage = await presentationPackageId({ id: 1, createdAt: '2026-11-02T09:00:00.000Z' }, { officeId: server.officeId, listId });
  const { shortlistId, packages, shortlistDb } = await bensCopy(listId);

  const text = `Here you go:\n${picksText(annasPackage, [{ position: 2, actorId: 2, name: 'Actor 2' }])}`;
  expect(await packages.applyPicks(shortlistId, text)).toBe(true);
  expect(packages.picksError).toBeNull();

  const tag = "director's pick";
  const rows = await shortlistDb.entries.where('shortlistId').equals(shortlistId).sortBy('position');
  expect(rows.map((row) => row.tags)).toEqual([[], [tag], []]);
  await vi.waitFor(() => expect(entriesOf(anna.doc).get(officeEntryKey(origin, 2))?.toJSON().tags).toEqual([tag]), { timeout: 30_000, interval: 10 });
  expect(entriesOf(anna.doc).get(officeEntryKey(origin, 1))?.toJSON().tags).toEqual([]);
});

it('the package a member makes of a shared list names the office\'s list: the package a colleague would make', { timeout: 60_000 }, async () => {
  const { listId } = await annasList();
  const annasPackage = await presentationPackageId({ id: 1, createdAt: '2026-11-02T09:00:00.000Z' }, { officeId: server.officeId, listId });
  const { shortlistId, packages } = await bensCopy(listId);
  const made: Blob[] = [];
  const keep = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    made.push(blob as Blob);
    return 'blob:castdesk-test';
  });
  try {
    expect(await packages.exportPackage(shortlistId, false)).toBe(true);
  } finally {
    keep.mockRestore();
  }
  expect(packages.error).toBeNull();
  expect(made).toHaveLength(1);
  expect(await made[0]!.text()).toContain(`Castdesk picks v1 ${annasPackage}`);
});

it('picks for another office list are still refused, and change nothing', { timeout: 60_000 }, async () => {
  const { listId } = await annasList();
  const { shortlistId, packages, shortlistDb } = await bensCopy(listId);
  const otherList = await presentationPackageId({ id: 1, createdAt: '2026-11-02T09:00:00.000Z' }, { officeId: server.officeId, listId: `${listId}0` });

  expect(await packages.applyPicks(shortlistId, picksText(otherList, [{ position: 2, actorId: 2, name: 'Actor 2' }]))).toBe(false);
  expect(packages.picksError).toMatchObject({ key: 'shortlistExport.picksOtherPackage' });
  const rows = await shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray();
  expect(rows.every((row) => row.tags.length === 0)).toBe(true);
});
