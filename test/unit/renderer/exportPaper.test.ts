/**
 * The contact sheet's paper: the choice is remembered after a restart and for every list (it went
 * back to the system language's default on every visit), and the file name carries the paper as
 * the export bar names it in the UI language ("(A4)", "(Carta)"), not the internal "(a4)".
 * Driven through the whole app; the PDF maker and its fonts are stood in for (the PDF itself is
 * shortlistPdf.test.ts's and the e2e's): this is about which paper is asked for and the file's name.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import type { ContactSheetInput } from '../../../renderer/src/shortlists/shortlistPdf.ts';
import { eventually, exportApp } from './exportApp.ts';
import { actorDetail, actorItem } from './fakeDirectory.ts';

/** The paper of every contact sheet asked for, in order. */
const papers = vi.hoisted(() => [] as string[]);
vi.mock('../../../renderer/src/shortlists/shortlistPdf.ts', () => ({
  shortlistPdf: async (input: ContactSheetInput) => {
    papers.push(input.paper);
    return new TextEncoder().encode('%PDF-');
  },
}));
vi.mock('../../../renderer/src/shortlists/contactSheetFonts.ts', () => ({ loadContactSheetFonts: async () => ({ regular: new Uint8Array(), bold: new Uint8Array() }) }));

const actors: ActorDetail[] = [actorDetail(actorItem(1, 'Open Olsen'))];
const { mountApp, exportFile, unmount } = exportApp('export-paper', actors);

/** The app in `locale` on list `name` (made on the first visit), its export bar's paper choice and the list's id. */
async function onList(name: string, locale: 'en' | 'es' | 'fr' = 'en') {
  const app = await mountApp('/shortlists', locale);
  await eventually(() => expect(app.shortlists.available(1)).toBe(true));
  const listId = app.shortlists.lists.find((list) => list.name === name)?.id ?? (await app.shortlists.createList(name))!;
  if (!(await app.shortlists.listWithEntries(listId)).entries.length) await app.shortlists.addActors(listId, [1]);
  await app.router.push({ name: 'shortlist', params: { id: listId } });
  await eventually(() => expect(app.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(1));
  return { ...app, paper: () => app.view.get<HTMLSelectElement>('[data-testid="export-paper"]') };
}

describe("the contact sheet's paper", () => {
  it('is the one last chosen, after a restart and on another list', async () => {
    const first = await onList('Callbacks');
    // happy-dom's system language is en-US: Letter until the user chooses.
    expect(first.paper().element.value).toBe('letter');
    await first.paper().setValue('a4');
    expect((await exportFile(first.view, 'export-pdf')).name).toBe('Callbacks (A4).pdf');
    expect(papers.at(-1)).toBe('a4');
    unmount();

    const again = await onList('Callbacks');
    expect(again.paper().element.value).toBe('a4');
    expect((await exportFile(again.view, 'export-pdf')).name).toBe('Callbacks (A4).pdf');
    expect(papers.at(-1)).toBe('a4');
    unmount();

    const other = await onList('Second round');
    expect(other.paper().element.value).toBe('a4');
    await other.paper().setValue('letter');
    expect((await exportFile(other.view, 'export-pdf')).name).toBe('Second round (Letter).pdf');
    expect(papers.at(-1)).toBe('letter');
  });

  it("is named in the file as the export bar names it in the UI language", async () => {
    for (const [locale, letter] of [
      ['es', 'Carta'],
      ['fr', 'US Letter'],
    ] as const) {
      const app = await onList('Callbacks', locale);
      await app.paper().setValue('letter');
      const shown = app.paper().find('option[value="letter"]').text();
      expect(shown).toBe(letter);
      expect((await exportFile(app.view, 'export-pdf')).name).toBe(`Callbacks (${shown}).pdf`);
      unmount();
    }
  });
});
