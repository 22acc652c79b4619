/**
 * Result id arrays cut from shared buffers must behave as arrays of their own: zeroed, of the
 * asked length, and never sharing an element with another one handed out.
 */
import { describe, expect, it } from 'vitest';
import { IdSlab } from '../../../renderer/src/search/idSlab.ts';

describe('result id arrays from shared buffers', () => {
  it('hands out zeroed arrays that never overlap, across buffers, small and large', () => {
    const slab = new IdSlab();
    const taken: Float64Array[] = [];
    // Enough small arrays to fill several shared buffers, with a few large ones between them.
    for (let n = 0; n < 3_000; n++) {
      const length = n % 500 === 499 ? 5_000 : n % 37;
      const ids = slab.take(length);
      expect(ids.length).toBe(length);
      expect(ids.every((id) => id === 0)).toBe(true);
      ids.fill(n + 1);
      taken.push(ids);
    }
    // Every array still holds what was written to it: no later one wrote over it.
    taken.forEach((ids, n) => expect(ids.every((id) => id === n + 1)).toBe(true));
  });
});
