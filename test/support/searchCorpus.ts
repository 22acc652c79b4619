/**
 * Realistic names and a typed-query corpus for the search benchmark and the search quality and
 * parity tests: names drawn from the demo generator's name pools (origin by weight, feminine
 * surname forms, some neutral given names), and for sampled names the queries people type:
 * exact, reversed, a surname with the start of the given name, one- and two-letter typos, swapped
 * letters, umlauts spelled out or dropped, and every keystroke on the way.
 */
import { feminineLastName, nameOrigins, neutralFirstNames } from '../../server/src/demo/namePools.ts';
import { Random } from '../../server/src/demo/random.ts';

export interface PersonName {
  first: string;
  last: string;
}

/** `count` names, the same for the same seed. */
export function realisticNames(count: number, seed: number): PersonName[] {
  const random = new Random(seed, 'search-names');
  const totalWeight = nameOrigins.reduce((sum, origin) => sum + origin.weight, 0);
  const names: PersonName[] = [];
  for (let i = 0; i < count; i++) {
    let pick = random.next() * totalWeight;
    const origin = nameOrigins.find((candidate) => (pick -= candidate.weight) < 0) ?? nameOrigins[0]!;
    const feminine = random.chance(0.5);
    const first = random.chance(0.03) ? random.pick(neutralFirstNames) : random.pick(feminine ? origin.female : origin.male);
    const last = feminine ? feminineLastName(origin, random.pick(origin.last)) : random.pick(origin.last);
    names.push({ first, last });
  }
  return names;
}

export type QueryKind = 'exact' | 'reversed' | 'surnameAndStart' | 'typo1' | 'swap' | 'deletion' | 'insertion' | 'typo2' | 'spelledOut' | 'dropped';

export interface TypedQuery {
  kind: QueryKind;
  /** The whole query as typed. */
  text: string;
  /** The display name the user is looking for ("First Last"). */
  target: string;
}

const asciiSpelled: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ø: 'oe', æ: 'ae', œ: 'oe', ł: 'l', ı: 'i', đ: 'd', þ: 'th', ð: 'd' };
const asciiDropped: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', ı: 'i', đ: 'd', þ: 'th', ð: 'd' };

/** A name typed on a plain keyboard: special letters as `table` spells them, other accents dropped. */
function typedAscii(text: string, table: Record<string, string>): string {
  return text
    .toLowerCase()
    .replace(/[äöüßøæœłıđþð]/g, (letter) => table[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** `word` with one letter (not the first) replaced, swapped with its neighbour, left out or doubled. */
function withTypo(random: Random, word: string, kind: 'typo1' | 'swap' | 'deletion' | 'insertion'): string {
  const at = random.int(1, Math.max(1, word.length - 2));
  if (kind === 'swap') return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 'deletion') return word.slice(0, at) + word.slice(at + 1);
  if (kind === 'insertion') return word.slice(0, at) + random.pick([...letters]) + word.slice(at);
  let replacement = random.pick([...letters]);
  while (replacement === word[at]) replacement = random.pick([...letters]);
  return word.slice(0, at) + replacement + word.slice(at + 1);
}

/** Typed queries for `sampleCount` names of `names` (a fixed sample for the seed). */
export function typedQueries(names: readonly PersonName[], sampleCount: number, seed: number): TypedQuery[] {
  const random = new Random(seed, 'search-queries');
  const queries: TypedQuery[] = [];
  for (let i = 0; i < sampleCount; i++) {
    const person = names[random.int(0, names.length - 1)]!;
    const target = `${person.first} ${person.last}`;
    const first = typedAscii(person.first, asciiSpelled);
    const last = typedAscii(person.last, asciiSpelled);
    const add = (kind: QueryKind, text: string) => queries.push({ kind, text, target });
    add('exact', target.toLowerCase());
    add('reversed', `${last} ${first}`);
    add('surnameAndStart', `${last} ${first.slice(0, 2)}`);
    const surname = last.split(/[\s-]/)[0]!;
    if (surname.length >= 5) {
      const kind = random.pick(['typo1', 'swap', 'deletion', 'insertion'] as const);
      add(kind, `${first} ${withTypo(random, surname, kind)}`);
    }
    if (surname.length >= 8) add('typo2', `${first} ${withTypo(random, withTypo(random, surname, 'typo1'), 'typo1')}`);
    if (/[^\x20-\x7e]/.test(target)) {
      add('spelledOut', `${first} ${last}`);
      add('dropped', `${typedAscii(person.first, asciiDropped)} ${typedAscii(person.last, asciiDropped)}`);
    }
  }
  return queries;
}

/** Every keystroke of every query: "m", "ma", "mal", … as the list searches them. */
export function keystrokes(queries: readonly TypedQuery[]): string[] {
  const steps: string[] = [];
  for (const query of queries) for (let length = 1; length <= query.text.length; length++) steps.push(query.text.slice(0, length));
  return steps;
}
