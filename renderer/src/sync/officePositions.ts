/**
 * Fractional positions for a shared list's order (contract/officeList.ts): base-36 strings compared
 * as plain strings, so a move changes one entry's `position` and never an index in a Y.Array (a
 * move inside a Y.Array duplicates the entry when two people move it at once). A position never
 * ends in '0', so there is always room between two of them.
 */
const digits = '0123456789abcdefghijklmnopqrstuvwxyz';
const base = digits.length;

function digitAt(value: string | null, index: number, past: number): number {
  if (value === null || index >= value.length) return past;
  const digit = digits.indexOf(value[index]);
  if (digit < 0) throw new RangeError(`"${value}" is not a list position.`);
  return digit;
}

/**
 * A position after `before` and before `after` (null: the start or the end of the list). Throws
 * RangeError when `before` is not below `after`.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) throw new RangeError(`No position between "${before}" and "${after}".`);
  let result = '';
  for (let index = 0; ; index += 1) {
    const low = digitAt(before, index, 0);
    const high = digitAt(after, index, base);
    if (high - low > 1) return result + digits[Math.floor((low + high) / 2)];
    // No digit fits between: take `before`'s and look one place further. The result stays below
    // `after` (equal so far, or already lower at an earlier place) and at or above `before`.
    result += digits[low];
  }
}
