import { describe, expect, it } from 'vitest';
import { CreditIndex, type CreditSearchResult, type PersonMatch } from '../../../renderer/src/search/creditIndex.ts';
import { creditTextsOf, type CreditSource } from '../../../renderer/src/search/creditTexts.ts';
import { markedSegments } from '../../../renderer/src/search/markedText.ts';

/** Five people with known credits: who holds which title, theatre and director is the expected answer of every query. */
const fixture: { kind: 'actor' | 'crew'; id: number; detail: CreditSource }[] = [
  {
    kind: 'actor',
    id: 1,
    detail: {
      vita: {
        television: [{ name: 'Tatort', episode_name: 'Der dunkle Fluss', role: 'Kommissarin Lena Brandt', director: 'Dominik Graf', station: 'ARD' }],
        theatre: [{ name: 'Hamlet', role: 'Ophelia', director: 'Thomas Ostermeier', theater_name: 'Schaubühne am Lehniner Platz' }],
      },
      about_me: 'Ich spiele gern in Krimis.',
    },
  },
  {
    kind: 'actor',
    id: 2,
    detail: {
      vita: {
        film: [{ name: 'Der Himmel über Berlin', role: 'Marion', director: 'Wim Wenders', caster: 'Anja Dihrberg' }],
        education: [{ name: 'Hochschule für Schauspielkunst Ernst Busch', info: 'Diplom' }],
        award: [{ name: 'Grimme-Preis', info: 'für „Polizeiruf 110“' }],
      },
      about_me: null,
    },
  },
  {
    kind: 'crew',
    id: 1,
    detail: {
      vita: {
        film: [{ name: 'Die Katze', role: 'Regie', producer: 'Bavaria Film' }],
        television: [{ name: 'Polizeiruf 110', role: 'Regie', station: 'BR' }],
      },
      about_me: 'Regisseur in München; arbeitet oft mit Dominik Graf.',
    },
  },
  {
    kind: 'actor',
    id: 3,
    detail: {
      vita: {
        theatre: [{ name: 'Die Räuber', role: 'Amalia', director: 'Leander Haußmann', theater_name: 'Berliner Ensemble' }],
        television: [{ name: 'Tatortreiniger', role: 'Kundin', director: 'Arne Feldhusen', station: 'NDR' }],
      },
    },
  },
  {
    kind: 'actor',
    id: 4,
    detail: { vita: { film: [{ name: 'Graf Dominik', role: 'Titelrolle', director: 'Maren Ade' }] } },
  },
];

function fixtureIndex(): CreditIndex {
  const index = new CreditIndex();
  for (const person of fixture) index.put(person.kind, person.id, creditTextsOf(person.detail));
  return index;
}

const people = (result: CreditSearchResult): string[] => result.people.map((person) => `${person.kind}:${person.id}`).sort();

/** The marked words of a person's best credit, as text. */
function markedWords(person: PersonMatch): string[] {
  return person.credits[0]!.fields.flatMap((field) => field.marks.map(([start, end]) => field.text.slice(start, end)));
}

describe('credit search', () => {
  const index = fixtureIndex();

  it('finds a production title and shows the credit it stands in', () => {
    const result = index.search('Tatort');
    // Tatortreiniger starts with "tatort": found as a prefix, after the exact title.
    expect(people(result)).toEqual(['actor:1', 'actor:3']);
    const [first] = result.people;
    expect(`${first!.kind}:${first!.id}`).toBe('actor:1');
    expect(first!.credits[0]).toMatchObject({ group: 'television', entry: 0, title: 'Tatort', wordCount: 1 });
    expect(markedWords(first!)).toEqual(['Tatort']);
  });

  it('finds a theatre with its umlaut written, spelled out or dropped', () => {
    for (const query of ['Schaubühne', 'schaubuehne', 'Schaubuhne', 'SCHAUBÜHNE']) {
      const result = index.search(query);
      expect(people(result), query).toEqual(['actor:1']);
      expect(result.people[0]!.credits[0]).toMatchObject({ group: 'theatre', title: 'Hamlet' });
      expect(markedWords(result.people[0]!), query).toEqual(['Schaubühne']);
    }
  });

  it('finds everyone who worked with a director, in either word order, and the about-me text that names him', () => {
    for (const query of ['Dominik Graf', 'graf dominik']) {
      const result = index.search(query);
      expect(people(result), query).toEqual(['actor:1', 'actor:4', 'crew:1']);
      const actor = result.people.find((person) => person.kind === 'actor' && person.id === 1)!;
      expect(actor.credits[0]).toMatchObject({ group: 'television', title: 'Tatort', wordCount: 2 });
      expect(actor.credits[0]!.fields.map((field) => field.field)).toEqual(['director']);
      const crew = result.people.find((person) => person.kind === 'crew')!;
      expect(crew.credits[0]).toMatchObject({ group: 'about_me', title: null, wordCount: 2 });
    }
  });

  it('ranks the typed phrase above the same words in the other order', () => {
    expect(index.search('Dominik Graf').people.at(-1)).toMatchObject({ kind: 'actor', id: 4 });
    expect(index.search('Graf Dominik').people[0]).toMatchObject({ kind: 'actor', id: 4 });
  });

  it('forgives one typo per word, and a typo in a word still being typed', () => {
    expect(people(index.search('Schaubüne'))).toEqual(['actor:1']);
    expect(people(index.search('Ostermaier'))).toEqual(['actor:1']);
    expect(people(index.search('Dominik Garf'))).toEqual(['actor:1', 'actor:4', 'crew:1']);
    expect(people(index.search('Hochschlue'))).toEqual(['actor:2']);
    expect(people(index.search('Ostermai'))).toEqual(['actor:1']);
  });

  it('needs every typed word, wherever in the person\'s texts it stands', () => {
    expect(people(index.search('Tatort Schaubühne'))).toEqual(['actor:1']);
    expect(people(index.search('Schaubühne Tatort'))).toEqual(['actor:1']);
    expect(people(index.search('Tatort Wenders'))).toEqual([]);
    const result = index.search('Tatort Schaubühne');
    expect(result.people[0]!.creditCount).toBe(2);
    expect(result.people[0]!.credits.map((credit) => credit.title).sort()).toEqual(['Hamlet', 'Tatort']);
  });

  it('searches every vita group: awards, education, casters, producers and stations', () => {
    expect(people(index.search('Grimme'))).toEqual(['actor:2']);
    expect(people(index.search('Ernst Busch'))).toEqual(['actor:2']);
    expect(people(index.search('Dihrberg'))).toEqual(['actor:2']);
    expect(people(index.search('Bavaria'))).toEqual(['crew:1']);
    expect(people(index.search('Polizeiruf 110'))).toEqual(['actor:2', 'crew:1']);
    expect(people(index.search('NDR'))).toEqual(['actor:3']);
  });

  it('keeps only the people a filter accepts, and counts them', () => {
    const result = index.search('Dominik Graf', { accept: (kind) => kind === 'actor' });
    expect(people(result)).toEqual(['actor:1', 'actor:4']);
    expect(result.total).toBe(2);
    expect(index.search('Dominik Graf', { limit: 1 })).toMatchObject({ total: 3, people: [{}] });
  });

  it('finds nothing for an empty query or a word nobody has', () => {
    expect(index.search('  ').people).toEqual([]);
    expect(index.search('Fassbinder').total).toBe(0);
  });
});

describe('credit index, incrementally', () => {
  it('adds, replaces and removes one profile without a rebuild', () => {
    const index = fixtureIndex();
    index.put('actor', 5, creditTextsOf({ vita: { theatre: [{ name: 'Faust', theater_name: 'Schaubühne' }] } }));
    expect(people(index.search('Schaubühne'))).toEqual(['actor:1', 'actor:5']);

    // A new detail replaces the old texts: the Schaubühne credit is gone, the new one is found.
    index.put('actor', 1, creditTextsOf({ vita: { film: [{ name: 'Toni Erdmann', director: 'Maren Ade' }] } }));
    expect(people(index.search('Schaubühne'))).toEqual(['actor:5']);
    expect(people(index.search('Tatort'))).toEqual(['actor:3']);
    expect(people(index.search('Maren Ade'))).toEqual(['actor:1', 'actor:4']);

    index.remove('actor', 5);
    expect(people(index.search('Schaubühne'))).toEqual([]);
    expect(index.size).toBe(5);
    index.put('actor', 4, []);
    expect(people(index.search('Maren Ade'))).toEqual(['actor:1']);
    expect(index.size).toBe(4);
  });

  it('stays right through many replacements (dead postings compacted away)', () => {
    const index = new CreditIndex();
    for (let round = 0; round < 30; round++) {
      for (let id = 1; id <= 200; id++) {
        const theatre = (id + round) % 2 === 0 ? 'Schaubühne' : 'Volksbühne';
        index.put('actor', id, creditTextsOf({ vita: { theatre: [{ name: `Stück ${id} Runde ${round}`, theater_name: theatre, director: 'Dominik Graf' }] } }));
      }
    }
    expect(index.size).toBe(200);
    expect(index.search('Schaubühne', { limit: 500 }).total).toBe(100);
    expect(index.search('Volksbühne', { limit: 500 }).people.every((person) => (person.id + 29) % 2 === 1)).toBe(true);
    expect(index.search('Runde 29', { limit: 500 }).total).toBe(200);
    // Only the number in Stück 28's title is left of round 28.
    expect(people(index.search('Runde 28', { limit: 500 }))).toEqual(['actor:28']);
  });
});

describe('marked text', () => {
  it('splits a text into plain and marked parts, cut around the first mark when long', () => {
    expect(markedSegments('Schaubühne am Lehniner Platz', [[0, 10]])).toEqual([
      { text: 'Schaubühne', marked: true },
      { text: ' am Lehniner Platz', marked: false },
    ]);
    const long = `${'a '.repeat(100)}Dominik Graf${' b'.repeat(100)}`;
    const segments = markedSegments(long, [[200, 207], [208, 212]], 20);
    expect(segments[0]!.text.startsWith('…')).toBe(true);
    expect(segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(['Dominik', 'Graf']);
    expect(segments.at(-1)!.text.endsWith('…')).toBe(true);
  });
});
