/**
 * What exports carry. Private attributes (issue 22, item 7): an age the actor shows only to
 * verified casting professionals is left out of the CSV, the PDF's facts and the presentation
 * package by default; ticking "include private details" puts it in, marked, and the choice is
 * remembered after a restart. Driven through the whole app: the list page's export bar, the saved file read back.
 */
import { describe, expect, it } from 'vitest';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import { column, eventually, exportApp } from './exportApp.ts';
import { actorDetail, actorItem } from './fakeDirectory.ts';

const actors: ActorDetail[] = [
  { ...actorDetail(actorItem(1, 'Open Olsen')), age: 34, acting_age_from: 30, acting_age_to: 38, attribute_visibility: { age: 'public', acting_age: 'public' } },
  { ...actorDetail(actorItem(2, 'Young Yilmaz')), age: 15, acting_age_from: 14, acting_age_to: 17, attribute_visibility: { age: 'private', acting_age: 'private' } },
];

const { mountApp, exportFile, unmount } = exportApp('private-exports', actors);

let listId: number;

describe('private attributes in exports', () => {
  it('leaves private values out of the CSV and the package by default, and puts them in marked when chosen', async () => {
    const { view, router, shortlists } = await mountApp('/shortlists');
    await eventually(() => expect(shortlists.available(2)).toBe(true));
    listId = (await shortlists.createList('Youth cast'))!;
    await shortlists.addActors(listId, [1, 2]);
    await router.push({ name: 'shortlist', params: { id: listId } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));

    const checkbox = view.get<HTMLInputElement>('[data-testid="export-include-private"]');
    expect(checkbox.element.checked).toBe(false);
    const plain = await exportFile(view, 'export-csv');
    expect(column(plain.text, 'Age')).toEqual(new Map([['1', '34'], ['2', '']]));
    expect(column(plain.text, 'Acting age')).toEqual(new Map([['1', '30–38'], ['2', '']]));
    const plainPackage = await exportFile(view, 'export-package');
    expect(plainPackage.text).toContain('30–38');
    expect(plainPackage.text).not.toContain('14–17');

    await checkbox.setValue(true);
    const marked = await exportFile(view, 'export-csv');
    expect(column(marked.text, 'Age')).toEqual(new Map([['1', '34'], ['2', '15 (private)']]));
    expect(column(marked.text, 'Acting age').get('2')).toBe('14–17 (private)');
    const markedPackage = await exportFile(view, 'export-package');
    expect(markedPackage.text).toContain('14–17 (private)');
  });

  it('remembers the choice after a restart', async () => {
    const { view, router } = await mountApp('/shortlists');
    await router.push({ name: 'shortlist', params: { id: listId } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    expect(view.get<HTMLInputElement>('[data-testid="export-include-private"]').element.checked).toBe(true);
    const marked = await exportFile(view, 'export-csv');
    expect(column(marked.text, 'Age').get('2')).toBe('15 (private)');
  });
});

describe('the user\'s notes in exports (walk W2)', () => {
  it('are a remembered choice, off until ticked (the export store\'s includeNotes, which the PDF and the package both read)', async () => {
    const first = await mountApp('/shortlists');
    await eventually(() => expect(first.shortlists.available(1)).toBe(true));
    const notesList = (await first.shortlists.createList('Notes'))!;
    await first.shortlists.addActors(notesList, [1, 2]);
    await first.router.push({ name: 'shortlist', params: { id: notesList } });
    await eventually(() => expect(first.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    const box = first.view.get<HTMLInputElement>('[data-testid="package-include-notes"]');
    expect(box.element.checked).toBe(false);
    await box.setValue(true);
    unmount();
    const again = await mountApp('/shortlists');
    await again.router.push({ name: 'shortlist', params: { id: notesList } });
    await eventually(() => expect(again.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    expect(again.view.get<HTMLInputElement>('[data-testid="package-include-notes"]').element.checked).toBe(true);
    await again.view.get<HTMLInputElement>('[data-testid="package-include-notes"]').setValue(false);
  });
});
