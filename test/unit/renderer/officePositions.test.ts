/** Fractional positions keep their order under any sequence of inserts, and never run out of room. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { positionBetween } from '../../../renderer/src/sync/officePositions.ts';
import { spreadPositions } from '../../../renderer/src/db/listDocShape.ts';

it('a position between two neighbours sorts between them, whatever the inserts', () => {
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 200 }), (slots) => {
      const order: string[] = [];
      for (const slot of slots) {
        const at = slot % (order.length + 1);
        const position = positionBetween(order[at - 1] ?? null, order[at] ?? null);
        order.splice(at, 0, position);
      }
      expect([...order].sort()).toEqual(order);
      expect(new Set(order).size).toBe(order.length);
      for (const position of order) expect(position.endsWith('0')).toBe(false);
    }),
  );
});

it('spread positions ascend, are distinct and short', () => {
  for (const count of [0, 1, 2, 35, 36, 500, 5000]) {
    const positions = spreadPositions(count);
    expect(positions).toHaveLength(count);
    expect([...positions].sort()).toEqual(positions);
    expect(new Set(positions).size).toBe(count);
    for (const position of positions) expect(position.length).toBeLessThanOrEqual(4);
  }
});

it('refuses bounds in the wrong order', () => {
  expect(() => positionBetween('b', 'a')).toThrow(RangeError);
});
