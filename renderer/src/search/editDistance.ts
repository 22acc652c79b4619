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
 * being typed), or `bound + 1` when it exceeds `bound`. Only the diagonal band |i - j| <= bound of
 * the alignment table is filled: every cell outside it costs more than the bound.
 */
export function boundedDistance(typed: string, word: string, bound: number, asPrefix: boolean): number {
  const rows = typed.length;
  const columns = word.length;
  const over = bound + 1;
  if (!asPrefix && Math.abs(rows - columns) > bound) return over;
  if (asPrefix && columns < rows - bound) return over;
  if (bound === 1) return distanceUpToOne(typed, word, asPrefix);
  if (columns === 0) return Math.min(rows, over);
  ensureScratch(columns + 2);
  // Row 0 within the band; each row leaves `over` just past its band for the next row to read.
  const firstHigh = Math.min(columns, bound);
  for (let j = 0; j <= firstHigh; j++) previous[j] = j;
  if (firstHigh < columns) previous[firstHigh + 1] = over;
  for (let i = 1; i <= rows; i++) {
    const low = Math.max(1, i - bound);
    const high = Math.min(columns, i + bound);
    if (low > high) return over;
    current[low - 1] = low === 1 ? i : over;
    let rowMinimum = low === 1 ? i : over;
    const letter = typed.charCodeAt(i - 1);
    for (let j = low; j <= high; j++) {
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
      if (cost > over) cost = over;
      current[j] = cost;
      if (cost < rowMinimum) rowMinimum = cost;
    }
    if (high < columns) current[high + 1] = over;
    if (rowMinimum > bound) return over;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  if (!asPrefix) return Math.min(previous[columns]!, over);
  let best = over;
  for (let j = Math.max(0, rows - bound), last = Math.min(columns, rows + bound); j <= last; j++) if (previous[j]! < best) best = previous[j]!;
  return best;
}

/** Whether typed[from, to) equals word[at, at + to - from). */
function sameRun(typed: string, from: number, to: number, word: string, at: number): boolean {
  for (let i = from; i < to; i++) if (typed.charCodeAt(i) !== word.charCodeAt(at + i - from)) return false;
  return true;
}

/**
 * `boundedDistance` with a bound of one (most typed words), without the table: one edit leaves
 * everything before it equal, so from the first difference the rest must line up after exactly
 * one substitution, swap, extra letter or missing letter. Lengths are already within reach.
 */
function distanceUpToOne(typed: string, word: string, asPrefix: boolean): number {
  const rows = typed.length;
  const columns = word.length;
  let i = 0;
  const shared = Math.min(rows, columns);
  while (i < shared && typed.charCodeAt(i) === word.charCodeAt(i)) i++;
  if (i === rows && (asPrefix || columns === rows)) return 0;
  // As a prefix, `word`'s first rows letters, one fewer or one more, where it has them.
  if (asPrefix ? columns >= rows : columns === rows) {
    if (sameRun(typed, i + 1, rows, word, i + 1)) return 1;
    if (i + 1 < rows && typed.charCodeAt(i) === word.charCodeAt(i + 1) && typed.charCodeAt(i + 1) === word.charCodeAt(i) && sameRun(typed, i + 2, rows, word, i + 2)) return 1;
  }
  // `typed` has one letter more than the (prefix of the) word.
  if ((asPrefix ? columns >= rows - 1 : columns === rows - 1) && sameRun(typed, i + 1, rows, word, i)) return 1;
  // `typed` misses one letter of the (prefix of the) word.
  if ((asPrefix ? columns >= rows + 1 : columns === rows + 1) && sameRun(typed, i, rows, word, i + 1)) return 1;
  return 2;
}
