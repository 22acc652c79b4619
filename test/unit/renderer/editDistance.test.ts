/**
 * The bounded typo distance fills only the band of its alignment table that can stay within the
 * bound: it must answer as the whole table does (optimal string alignment), for whole words and
 * for the closest prefix of a word still being typed.
 */
import { describe, expect, it } from 'vitest';
import { boundedDistance } from '../../../renderer/src/search/editDistance.ts';
import { Random } from '../../../server/src/demo/random.ts';

/** The whole optimal-string-alignment table; `asPrefix`: the best cell of the last row. */
function plainDistance(typed: string, word: string, asPrefix: boolean): number {
  const table = Array.from({ length: typed.length + 1 }, (_, i) => Array.from({ length: word.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= typed.length; i++) {
    for (let j = 1; j <= word.length; j++) {
      let cost = Math.min(table[i - 1]![j - 1]! + (typed[i - 1] === word[j - 1] ? 0 : 1), table[i - 1]![j]! + 1, table[i]![j - 1]! + 1);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) cost = Math.min(cost, table[i - 2]![j - 2]! + 1);
      table[i]![j] = cost;
    }
  }
  return asPrefix ? Math.min(...table[typed.length]!) : table[typed.length]![word.length]!;
}

describe('bounded typo distance', () => {
  it('answers as the whole alignment table does, capped at bound + 1, for random words and bounds 0 to 3', () => {
    const random = new Random(42);
    const letters = 'aeilnorst';
    const wordOf = (length: number) => Array.from({ length }, () => letters[random.int(0, letters.length - 1)]).join('');
    for (let n = 0; n < 20_000; n++) {
      const typed = wordOf(random.int(0, 9));
      // Words near the typed one (a few random edits) as well as unrelated ones.
      let word = n % 2 === 0 ? typed : wordOf(random.int(0, 11));
      for (let e = random.int(0, 3); e > 0; e--) {
        const at = random.int(0, word.length);
        const kind = random.int(0, 3);
        if (kind === 0) word = word.slice(0, at) + wordOf(1) + word.slice(at);
        else if (kind === 1) word = word.slice(0, at) + word.slice(at + 1);
        else if (kind === 2) word = word.slice(0, at) + wordOf(1) + word.slice(at + 1);
        else word = word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
      }
      const bound = n % 4;
      for (const asPrefix of [false, true]) {
        const expected = Math.min(plainDistance(typed, word, asPrefix), bound + 1);
        expect({ typed, word, bound, asPrefix, distance: boundedDistance(typed, word, bound, asPrefix) }).toEqual({ typed, word, bound, asPrefix, distance: expected });
      }
    }
  });

  it('answers a bound of one (checked without the table) as the whole table does, on words of few letters with repeats', () => {
    const random = new Random(7);
    // Two or three letters make runs of one letter, where an edit can sit at several places.
    for (const letters of ['ab', 'abc']) {
      const wordOf = (length: number) => Array.from({ length }, () => letters[random.int(0, letters.length - 1)]).join('');
      for (let n = 0; n < 20_000; n++) {
        const typed = wordOf(random.int(0, 8));
        const word = n % 3 === 0 ? wordOf(random.int(0, 10)) : typed.slice(0, random.int(0, typed.length)) + wordOf(random.int(0, 2)) + typed.slice(random.int(0, typed.length)) + wordOf(random.int(0, 3));
        for (const asPrefix of [false, true]) {
          const expected = Math.min(plainDistance(typed, word, asPrefix), 2);
          expect({ typed, word, asPrefix, distance: boundedDistance(typed, word, 1, asPrefix) }).toEqual({ typed, word, asPrefix, distance: expected });
        }
      }
    }
  });
});
