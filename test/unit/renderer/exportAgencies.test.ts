/**
 * Agencies in exports (issue 22, walk N4): every agency the list shows, in its order, in the CSV
 * and the presentation package. Driven through the whole app: the list page's export bar, the saved
 * file read back. A file of its own: it needs the library read into the search index, which an App
 * mounted a second time in the same page (as privateExports.test.ts does) does not do again.
 */
import { describe, expect, it } from 'vitest';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import { column, eventually, exportApp } from './exportApp.ts';
import { actorDetail, actorItem } from './fakeDirectory.ts';

const actors: ActorDetail[] = [
  {
    ...actorDetail(actorItem(3, 'Two Agencies Tanner')),
    talent_agency_connections: [
      { talent_agency_id: 8, talent_agency_name: 'Spotlight Talents Berlin', categories: [], regions: ['Berlin'], connection_type: 'secondary_agency' },
      { talent_agency_id: 7, talent_agency_name: 'Agentur Alpenrot', categories: [], regions: ['München'], connection_type: 'primary_agency' },
    ],
  },
];

const { mountApp, exportFile } = exportApp('export-agencies', actors);

describe('agencies in exports (issue 22, walk N4)', () => {
  it('names every agency the list shows, in its order, in the CSV and the package', async () => {
    const { view, router, shortlists } = await mountApp('/shortlists');
    await eventually(() => expect(shortlists.available(3)).toBe(true));
    const id = (await shortlists.createList('Agencies'))!;
    await shortlists.addActors(id, [3]);
    await router.push({ name: 'shortlist', params: { id } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(1));
    const shown = 'Agentur Alpenrot, Spotlight Talents Berlin';
    await eventually(() => expect(view.find('[data-testid="entry-agency"]').text()).toBe(shown));
    const csv = await exportFile(view, 'export-csv');
    expect(column(csv.text, 'Agencies').get('3')).toBe('Agentur Alpenrot; Spotlight Talents Berlin');
    const pack = await exportFile(view, 'export-package');
    const facts = [...new DOMParser().parseFromString(pack.text, 'text/html').querySelectorAll('article dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(facts).toContainEqual(['Agencies', shown]);
  });
});
