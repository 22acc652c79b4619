/**
 * A director's picks for a shared list, pasted on another member's computer: the package one
 * member sent names the office's list, so the picks apply on the copy of whichever colleague gets
 * the director's answer, and reach the office. Before, a package's id was the list's id and time
 * on the computer that made it, and every other member's copy refused the picks as "another
 * package". A real office server on 127.0.0.1; the member's app with its real stores.
 *
 * Also what the office changes around the picks: an actor a colleague removed after the package was
 * sent (the others still apply), a colleague's picks tag in another language (not tagged again), a
 * role that may not change the list (refused in words where the picks are pasted), a text for
 * another list (named by its intro, never by the package id), and a second round of picks (the
 * earlier round's tags are counted and can be taken off).
 */
import { expect, it, vi } from 'vitest';
import { createApp, inject } from 'vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { castdeskComposerKey, createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { listMessageText, type ListMessage } from '../../../renderer/src/i18n/listMessage.ts';
import { picksText, presentationPackageId } from '../../../renderer/src/shortlists/directorPicks.ts';
import { usePresentationPackageStore } from '../../../renderer/src/stores/presentationPackage.ts';
import type { ListClient } from '../../integration/office/officeSupport.ts';
import { closedAfterEach, memberWithSharedList, ownersList, useOfficeServer, type OfficeRoleName } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-picks-', 'Anna Casting');

const open = closedAfterEach();

/** Anna's list in the office, three actors, as her app shared it. */
async function annasList(): Promise<{ listId: string; anna: ListClient }> {
  const { listId, owner } = await ownersList(server, origin, { name: 'Tatort – Kommissarin' });
  open.clients.push(owner);
  return { listId, anna: owner };
}

/** Ben's app with Anna's list opened from the office and synced, Ben in `role`: his list id, his stores and the messages as his (English) app words them. */
async function bensCopy(listId: string, role: OfficeRoleName = 'editor') {
  const { app, shortlistId, shortlistDb, shortlists } = await memberWithSharedList(server, open, listId, { role });
  const page = createApp({}).use(app.pinia).use(createCastdeskI18n('en')).provide(castdeskBridgeKey, app.bridge);
  const packages = page.runWithContext(() => usePresentationPackageStore());
  const composer = page.runWithContext(() => inject(castdeskComposerKey))!;
  const shown = (message: ListMessage | null) => listMessageText(message, shortlistId, composer.t, composer.n);
  const tagsOf = async () => (await shortlistDb.entries.where('shortlistId').equals(shortlistId).sortBy('position')).map((row) => [row.actorId, row.tags]);
  return { shortlistId, packages, shortlistDb, shortlists, office: app.store, shown, tagsOf };
}

/** Anna's package of her list: the id a director's text names. */
function annasPackageOf(listId: string): Promise<string> {
  return presentationPackageId({ id: 1, createdAt: '2026-11-02T09:00:00.000Z' }, { officeId: server.officeId, listId });
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

it('a picked actor a colleague removed after the package was sent does not block the other picks, and is named as the text names them', { timeout: 60_000 }, async () => {
  const { listId, anna } = await annasList();
  const annasPackage = await annasPackageOf(listId);
  const { shortlistId, packages, shortlistDb, shown, tagsOf } = await bensCopy(listId);
  // Anna takes actor 3 off the list after the package went out.
  entriesOf(anna.doc).get(officeEntryKey(origin, 3))!.set('deleted', true);
  await vi.waitFor(async () => expect(await shortlistDb.entries.where('shortlistId').equals(shortlistId).count()).toBe(2), { timeout: 30_000, interval: 10 });

  const text = picksText(annasPackage, [
    { position: 3, actorId: 3, name: 'Jonas Weber' },
    { position: 2, actorId: 2, name: 'Actor 2' },
  ]);
  expect(await packages.applyPicks(shortlistId, text)).toBe(true);
  expect(packages.picksError).toBeNull();
  expect(await tagsOf()).toEqual([
    [1, []],
    [2, ["director's pick"]],
  ]);
  expect(shown(packages.picksApplied)).toBe('Marked as director’s pick (1): Actor 2.');
  expect(shown(packages.picksNotOnList)).toBe('1 pick was not applied because the actor is no longer on this list: Jonas Weber (#3).');
  await vi.waitFor(() => expect(entriesOf(anna.doc).get(officeEntryKey(origin, 2))?.toJSON().tags).toEqual(["director's pick"]), { timeout: 30_000, interval: 10 });

  // A text whose picks are all gone changes nothing, and says so.
  expect(await packages.applyPicks(shortlistId, picksText(annasPackage, [{ position: 3, actorId: 3, name: 'Jonas Weber' }]))).toBe(false);
  expect(shown(packages.picksError)).toBe('These actors are no longer on this shortlist: Jonas Weber (#3). Nothing was changed.');
  expect(packages.picksNotOnList).toBeNull();
  expect(await tagsOf()).toEqual([
    [1, []],
    [2, ["director's pick"]],
  ]);
});

it('an entry a colleague working in another language marked as a pick is not tagged a second time, in English', { timeout: 60_000 }, async () => {
  const { listId, anna } = await annasList();
  const annasPackage = await annasPackageOf(listId);
  const { shortlistId, packages, shortlistDb, tagsOf } = await bensCopy(listId);
  // Anna's app speaks German: her picks of an earlier round carry the German tag.
  entriesOf(anna.doc).get(officeEntryKey(origin, 2))!.set('tags', ['Wahl der Regie', 'callback']);
  await vi.waitFor(async () => expect((await shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray()).some((row) => row.tags.includes('Wahl der Regie'))).toBe(true), {
    timeout: 30_000,
    interval: 10,
  });

  const text = picksText(annasPackage, [
    { position: 1, actorId: 1, name: 'Actor 1' },
    { position: 2, actorId: 2, name: 'Actor 2' },
  ]);
  expect(await packages.applyPicks(shortlistId, text)).toBe(true);
  expect(await tagsOf()).toEqual([
    [1, ["director's pick"]],
    [2, ['Wahl der Regie', 'callback']],
    [3, []],
  ]);
  await vi.waitFor(() => expect(entriesOf(anna.doc).get(officeEntryKey(origin, 1))?.toJSON().tags).toEqual(["director's pick"]), { timeout: 30_000, interval: 10 });
  expect(entriesOf(anna.doc).get(officeEntryKey(origin, 2))?.toJSON().tags).toEqual(['Wahl der Regie', 'callback']);
});

it('a reviewer who pastes picks is told in the dialog that the role does not change the list, and nothing changes', { timeout: 60_000 }, async () => {
  const { listId } = await annasList();
  const annasPackage = await annasPackageOf(listId);
  const { shortlistId, packages, office, shown, tagsOf } = await bensCopy(listId, 'reviewer');

  expect(await packages.applyPicks(shortlistId, picksText(annasPackage, [{ position: 2, actorId: 2, name: 'Actor 2' }]))).toBe(false);
  expect(packages.picksError).toMatchObject({ key: 'shortlistExport.picksReviewer' });
  expect(shown(packages.picksError)).toContain('As a reviewer');
  // Not a change the office went back on: nothing shows behind the dialog.
  expect(office.refusals.get(shortlistId)).toBeUndefined();
  expect(await tagsOf()).toEqual([
    [1, []],
    [2, []],
    [3, []],
  ]);
});

it('a write that fails is told in the dialog, where the picks were pasted', { timeout: 60_000 }, async () => {
  const { listId } = await annasList();
  const annasPackage = await annasPackageOf(listId);
  const { shortlistId, packages, shortlists } = await bensCopy(listId);
  // The disk is full: the shortlists store says so and writes nothing.
  vi.spyOn(shortlists, 'updateEntry').mockImplementation(async () => {
    shortlists.error = { code: 'storage_full', message: 'QuotaExceededError' };
    return false;
  });

  expect(await packages.applyPicks(shortlistId, picksText(annasPackage, [{ position: 2, actorId: 2, name: 'Actor 2' }]))).toBe(false);
  expect(packages.picksError).toEqual({ listId: shortlistId, key: 'errors.storage_full', named: {} });
  expect(packages.picksApplied).toBeNull();
});

it('picks for another list name that list when the text says it, in the language it was made in, never the package id', { timeout: 60_000 }, async () => {
  const { listId } = await annasList();
  const { shortlistId, packages, shown } = await bensCopy(listId);
  const otherList = await presentationPackageId({ id: 1, createdAt: '2026-11-02T09:00:00.000Z' }, { officeId: server.officeId, listId: `${listId}0` });
  const picks = picksText(otherList, [{ position: 2, actorId: 2, name: 'Actor 2' }]);
  const germanIntro = 'Auswahl der Regie für „Polizeiruf – Kommissar“ (02.11.2026). Bitte die nächste Zeile stehen lassen: Sie sagt Castdesk, zu welcher Präsentation diese Auswahl gehört.';

  expect(await packages.applyPicks(shortlistId, `${germanIntro}\n${picks}`)).toBe(false);
  expect(shown(packages.picksError)).toBe('These picks are for “Polizeiruf – Kommissar”, not for this list. Nothing was changed.');
  expect(await packages.applyPicks(shortlistId, picks)).toBe(false);
  expect(shown(packages.picksError)).toBe("These picks are for another list's package, not for this shortlist. Nothing was changed.");
  // An intro with this list's own name (another list of the same name): naming it would say nothing.
  expect(await packages.applyPicks(shortlistId, `${germanIntro.replace('Polizeiruf – Kommissar', 'Tatort – Kommissarin')}\n${picks}`)).toBe(false);
  expect(packages.picksError).toMatchObject({ key: 'shortlistExport.picksOtherPackage' });
  expect(shown(packages.picksError)).not.toContain('office-');
});

it('a second round of picks says which entries keep the tag from the first, and one click takes exactly theirs off', { timeout: 60_000 }, async () => {
  const { listId, anna } = await annasList();
  const annasPackage = await annasPackageOf(listId);
  const { shortlistId, packages, shortlistDb, shown, tagsOf } = await bensCopy(listId);
  entriesOf(anna.doc).get(officeEntryKey(origin, 1))!.set('tags', ['callback']);
  await vi.waitFor(async () => expect((await shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray()).some((row) => row.tags.includes('callback'))).toBe(true), {
    timeout: 30_000,
    interval: 10,
  });
  const round = (actorIds: number[]) => picksText(annasPackage, actorIds.map((actorId) => ({ position: actorId, actorId, name: `Actor ${actorId}` })));

  expect(await packages.applyPicks(shortlistId, round([1, 2]))).toBe(true);
  expect(packages.earlierPicks).toBeNull();
  expect(await packages.applyPicks(shortlistId, round([3]))).toBe(true);
  expect(shown(packages.picksApplied)).toBe('Marked as director’s pick (1): Actor 3.');
  expect(shown(packages.earlierPicks)).toBe('2 entries not in these picks keep the director’s pick tag from an earlier round.');

  expect(await packages.removeEarlierPicksTag(shortlistId)).toBe(true);
  expect(packages.earlierPicks).toBeNull();
  expect(await tagsOf()).toEqual([
    [1, ['callback']],
    [2, []],
    [3, ["director's pick"]],
  ]);
  await vi.waitFor(() => expect(entriesOf(anna.doc).get(officeEntryKey(origin, 2))?.toJSON().tags).toEqual([]), { timeout: 30_000, interval: 10 });
  expect(entriesOf(anna.doc).get(officeEntryKey(origin, 1))?.toJSON().tags).toEqual(['callback']);
  expect(entriesOf(anna.doc).get(officeEntryKey(origin, 3))?.toJSON().tags).toEqual(["director's pick"]);

  // One entry left over from an earlier round: said in the singular.
  expect(await packages.applyPicks(shortlistId, round([1]))).toBe(true);
  expect(shown(packages.earlierPicks)).toBe('1 entry not in these picks keeps the director’s pick tag from an earlier round.');
});
