/** The order of casting calls and which titles need more to be told apart (issue 22, item 11). */
import { describe, expect, it } from 'vitest';
import { nearIdenticalCalls, sortCalls } from '../../../renderer/src/search/castingCallOrder.ts';

const collator = new Intl.Collator('en');

describe('sortCalls', () => {
  it('puts open calls first by nearest deadline, then closed ones latest first, undated last in each', () => {
    const calls = [
      { id: 1, name: 'old closed', open: false, deadline: '2020-01-01T00:00:00Z' },
      { id: 2, name: 'open later', open: true, deadline: '2030-06-01T00:00:00Z' },
      { id: 3, name: 'open undated', open: true, deadline: null },
      { id: 4, name: 'recent closed', open: false, deadline: '2025-01-01T00:00:00Z' },
      { id: 5, name: 'open soon', open: true, deadline: '2030-02-01T00:00:00Z' },
      { id: 6, name: 'closed undated', open: false, deadline: null },
    ];
    expect(sortCalls(calls, 'deadline', collator).map((call) => call.id)).toEqual([5, 2, 3, 4, 1, 6]);
    expect(sortCalls(calls, 'name', collator).map((call) => call.name)).toEqual(['closed undated', 'old closed', 'open later', 'open soon', 'open undated', 'recent closed']);
  });
});

describe('nearIdenticalCalls', () => {
  it('finds titles that differ only in case, punctuation, umlaut spelling or a typo or two', () => {
    const calls = [
      { id: 1, name: 'Tatort Kiel' },
      { id: 2, name: 'Tatort: Kiel' },
      { id: 3, name: 'Die Brücke am Fluss' },
      { id: 4, name: 'Die Bruecke am Fluß' },
      { id: 5, name: 'Nachtschicht Folge 3' },
      { id: 6, name: 'Nachtschicht Folge 4' },
      { id: 7, name: 'Mia' },
      { id: 8, name: 'Max' },
      { id: 9, name: 'Something else entirely' },
    ];
    expect([...nearIdenticalCalls(calls)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
