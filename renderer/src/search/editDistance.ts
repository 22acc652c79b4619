/**
 * Typo distance between a typed word and a name word: Damerau's optimal string alignment (a
 * substitution, a swap of neighbours, an insertion or a deletion each count one), bounded, so a
 * dictionary of thousands of words is scanned per keystroke: a word is dropped as soon as every
 * alignment costs more than the bound.
 */

let before = new Int32Array(64);
let previous = new Int32Array(64);
let current = new Int32Array(64);

function ensureScratch(length: number): void {
  if (current.length > length) return;
  before = new Int32Array(length * 2);
  previous = new Int32Array(length * 2);
  current = new Int32Array(length * 2);
}

/**
 * The distance from `typed` to `word` (`asPrefix`: to the closest prefix of `word`, for a word still
 * being typed), or `bound + 1` when it exceeds `bound`.
 */
export function boundedDistance(typed: string, word: string, bound: number, asPrefix: boolean): number {
  const rows = typed.length;
  const columns = word.length;
  if (!asPrefix && Math.abs(rows - columns) > bound) return bound + 1;
  if (asPrefix && columns < rows - bound) return bound + 1;
  ensureScratch(columns + 1);
  for (let j = 0; j <= columns; j++) previous[j] = j;
  for (let i = 1; i <= rows; i++) {
    current[0] = i;
    let rowMinimum = i;
    const letter = typed.charCodeAt(i - 1);
    for (let j = 1; j <= columns; j++) {
      const other = word.charCodeAt(j - 1);
      let cost = previous[j - 1]! + (letter === other ? 0 : 1);
      const deletion = previous[j]! + 1;
      const insertion = current[j - 1]! + 1;
      if (deletion < cost) cost = deletion;
      if (insertion < cost) cost = insertion;
      if (i > 1 && j > 1 && letter === word.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === other) {
        const swap = before[j - 2]! + 1;
        if (swap < cost) cost = swap;
      }
      current[j] = cost;
      if (cost < rowMinimum) rowMinimum = cost;
    }
    if (rowMinimum > bound) return bound + 1;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  if (!asPrefix) return Math.min(previous[columns]!, bound + 1);
  let best = bound + 1;
  for (let j = 0; j <= columns; j++) if (previous[j]! < best) best = previous[j]!;
  return best;
}
