/**
 * Offline name search against the directory's `q`, on the same 1,200 names: for several hundred
 * typed queries the app's result set must equal the service's, or differ only by these rules,
 * each asserted row by row:
 * - typo: a row only the app finds has a name word within the typo bound of a typed word (or a
 *   mistyped start of one), which the service's trigram similarity does not reach;
 * - words on their own: for a query of several words the app matches each word anywhere in the
 *   name, in any order; the service matches the text as one string, so the app's extra rows do
 *   not contain the typed text as it stands;
 * - extents across words: a row only the service finds is word-similar to the query through
 *   trigrams spanning two name words (or, for several typed words, through the query as a
 *   whole), while some typed word matches no single word of the name.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchForms, foldForSearch } from '../../contract/name-folding.ts';
import { ProfileIndex, emptyQuery } from '../../renderer/src/search/profileIndex.ts';
import { boundedDistance } from '../../renderer/src/search/editDistance.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from '../../renderer/src/search/trigramSimilarity.ts';
import { typoBound } from '../../renderer/src/search/wordMatches.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { realisticNames, typedQueries, type PersonName } from '../support/searchCorpus.ts';
import { searchRowsOf } from '../support/searchRows.ts';
import { Random } from '../../server/src/demo/random.ts';

const key = 'k-search-parity-all';
const hardCases: PersonName[] = [
  { first: 'Malte', last: 'Müller' },
  { first: 'Emre', last: 'Yılmaz' },
  { first: 'Mette', last: 'Sørensen' },
  { first: 'Łukasz', last: 'Kowalski' },
  { first: 'Đorđe', last: 'Petrović' },
  { first: 'Jörg', last: 'Weiß' },
  { first: 'Anne-Marie', last: 'Schäfer-Lüdenscheidt' },
  { first: 'Þóra', last: 'Jónsdóttir' },
];
const people = [...hardCases, ...realisticNames(1200, 21)];
const firstId = 5000;

/** The conformance fixture's first actor, cloned under every name. */
const template = JSON.parse(readFileSync(new URL('../conformance/fixtures/directory.json', import.meta.url), 'utf8')) as {
  agencies: { id: number }[];
  actor_profiles: (Record<string, unknown> & { talent_agency_connections: unknown[] })[];
};

function fixture(): FixtureInput {
  const base = template.actor_profiles[0]!;
  const actors = people.map((person, i) => ({
    ...base,
    id: firstId + i,
    first_name: person.first,
    last_name: person.last,
    name: `${person.first} ${person.last}`,
    talent_agency_connections: base.talent_agency_connections.slice(0, 1),
    pictures: [],
    showreels: [],
    external_showreels: [],
    showreel_ids: [],
    showreel_medium_ids: [],
    mentioned_in_blog_post_ids: [],
  }));
  return {
    agencies: template.agencies,
    api_keys: [{ key, agency_ids: template.agencies.map((agency) => agency.id), casting_calls: [], invited_role_ids: [] }],
    actor_profiles: actors,
    crew_profiles: [],
    casting_calls: [],
  } as unknown as FixtureInput;
}

/** Several hundred queries: whole names as typed (typos, orders, spellings) and single words being typed. */
function parityQueries(): string[] {
  const queries = new Set<string>(typedQueries(people, 50, 4).map((query) => query.text));
  const random = new Random(9, 'parity-words');
  for (let i = 0; i < 120; i++) {
    const person = people[random.int(0, people.length - 1)]!;
    const word = (random.chance(0.5) ? person.last : person.first).toLowerCase();
    queries.add(word.slice(0, random.int(2, word.length)));
    if (word.length > 3) queries.add(word.slice(random.int(1, 2), random.int(3, word.length)));
  }
  for (const query of ['mueler', 'muller', 'yilmaz', 'sorensen', 'weis', 'jon', 'ann', 'becker', 'xyz', 'schmiiiidt', 'weberrrr']) queries.add(query);
  return [...queries];
}

/** pg_trgm word similarity of a typed text to a whole searchable text (extents may cross words). */
function wholeSimilarity(typed: string, text: string): number {
  const codes = new Map<string, number>();
  const code = (trigram: string) => codes.get(trigram) ?? codes.set(trigram, codes.size).get(trigram)!;
  const query = new Set(typed.split(' ').flatMap(trigramsOfWord).map(code));
  const sequence = text.split(' ').flatMap(trigramsOfWord).map(code);
  return wordSimilarity(query, sequence, 0, sequence.length);
}

/** Whether one typed word matches one name word by the app's own rules (reference, brute force). */
function wordMatches(typed: string, word: string): boolean {
  const bound = typoBound(typed.length);
  return (
    word.includes(typed) ||
    (bound > 0 && boundedDistance(typed, word, bound, false) <= bound) ||
    (typed.length >= 5 && boundedDistance(typed, word, 1, true) <= 1) ||
    wholeSimilarity(typed, word) >= wordSimilarityThreshold
  );
}

let directory: RunningDirectory;
const index = new ProfileIndex();
const rows = searchRowsOf(people, firstId);
const searchText = new Map(rows.map((row) => [row.id, searchForms(row.name)]));

beforeAll(async () => {
  directory = await startDirectory({ host: '127.0.0.1', port: 0, fixture: fixture(), rateLimit: false });
  index.upsert(rows);
}, 180_000);
afterAll(async () => {
  await directory?.close();
});

async function serviceIds(q: string): Promise<Set<number>> {
  const found = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await fetch(`${directory.baseUrl}/api/v1/actor_profiles?q=${encodeURIComponent(q)}&per_page=1000&page=${page}&fields=id`, {
      headers: { authorization: `Token token=${key}` },
    });
    expect(answer.status).toBe(200);
    const items = (await answer.json()) as { id: number }[];
    for (const item of items) found.add(item.id);
    if (items.length < 1000) return found;
  }
}

describe('offline search and the service agree', () => {
  it('on several hundred queries, up to the asserted rules', async () => {
    const queries = parityQueries();
    expect(queries.length).toBeGreaterThan(300);
    let identical = 0;
    const ruleCounts = { typo: 0, wordsOnTheirOwn: 0, extentsAcrossWords: 0 };
    for (const q of queries) {
      const folded = foldForSearch(q);
      const typedWords = folded.split(' ');
      const service = await serviceIds(q);
      const offline = new Set(index.query({ ...emptyQuery(), text: q, sort: 'relevance' }, { counts: false }).ids);
      let same = true;
      for (const id of offline) {
        if (service.has(id)) continue;
        same = false;
        const text = searchText.get(id)!;
        const words = text.split(' ');
        // The service would have found a row containing the typed text as it stands.
        expect(text.includes(folded), `${q}: ${text}`).toBe(false);
        expect(typedWords.every((typed) => words.some((word) => wordMatches(typed, word))), `${q}: ${text}`).toBe(true);
        if (typedWords.length > 1) ruleCounts.wordsOnTheirOwn += 1;
        else {
          const bound = typoBound(folded.length);
          const typo = words.some((word) => (bound > 0 && boundedDistance(folded, word, bound, false) <= bound) || (folded.length >= 5 && boundedDistance(folded, word, 1, true) <= 1));
          expect(typo, `${q}: ${text}`).toBe(true);
          ruleCounts.typo += 1;
        }
      }
      for (const id of service) {
        if (offline.has(id)) continue;
        same = false;
        const text = searchText.get(id)!;
        const words = text.split(' ');
        expect(wholeSimilarity(folded, text), `${q}: ${text}`).toBeGreaterThanOrEqual(wordSimilarityThreshold);
        expect(typedWords.some((typed) => !words.some((word) => wordMatches(typed, word))), `${q}: ${text}`).toBe(true);
        ruleCounts.extentsAcrossWords += 1;
      }
      if (same) identical += 1;
    }
    // Most queries agree exactly; the rest differ only as the rules above allow.
    expect(identical / queries.length).toBeGreaterThan(0.5);
    console.log(`search parity: ${identical} of ${queries.length} queries identical; rows by rule ${JSON.stringify(ruleCounts)}`);
  }, 600_000);
});
