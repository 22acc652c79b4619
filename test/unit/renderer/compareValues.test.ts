import { describe, expect, it } from 'vitest';
import { alignCells, cellsDiffer, nameToken, numberToken, type CompareItem } from '../../../renderer/src/components/compare/compareValues.ts';

const items = (...tokens: string[]): CompareItem[] => tokens.map((token) => ({ text: token.toUpperCase(), token }));

describe('comparison values', () => {
  it('reads numbers as numbers and names without case or extra spaces', () => {
    expect(numberToken(180)).toBe(numberToken('180'));
    expect(numberToken(180)).toBe(numberToken(180.0));
    expect(numberToken(180)).not.toBe(numberToken(181));
    expect(nameToken('  Agentur   Müller ')).toBe(nameToken('agentur müller'));
    // Composed and decomposed umlauts are one name.
    expect(nameToken('Mu\u0308ller')).toBe(nameToken('Müller'));
  });

  it('marks a row only when the known values differ as sets', () => {
    expect(cellsDiffer([items('deu:native', 'eng:fluent'), items('eng:fluent', 'deu:native')])).toBe(false);
    expect(cellsDiffer([items('a', 'a', 'b'), items('b', 'a')])).toBe(false);
    expect(cellsDiffer([items('deu:native'), items('deu:good')])).toBe(true);
    expect(cellsDiffer([items('a'), items()])).toBe(true);
    // Unknown cells do not count: one known value is nothing to differ from.
    expect(cellsDiffer([items('a'), null, items('a')])).toBe(false);
    expect(cellsDiffer([items('a'), null])).toBe(false);
    expect(cellsDiffer([null, null])).toBe(false);
  });

  it('lines up what every cell holds first, in the first cell’s order', () => {
    const aligned = alignCells([items('x', 'a', 'b'), items('b', 'y', 'a'), null]);
    expect(aligned.map((cell) => cell?.map((item) => `${item.token}${item.shared ? '*' : ''}`) ?? null)).toEqual([['a*', 'b*', 'x'], ['a*', 'b*', 'y'], null]);
    // An ordered list keeps its order.
    expect(alignCells([items('x', 'a'), items('a')], true)[0]!.map((item) => item.token)).toEqual(['x', 'a']);
    // Alone, nothing is shared.
    expect(alignCells([items('a'), null])[0]![0]!.shared).toBe(false);
  });
});
