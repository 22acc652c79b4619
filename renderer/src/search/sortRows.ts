/** Sorting a search's rows (name ranks) where they arrive as a few ascending runs. */

/** Ranges this short are sorted in place here; a builtin sort's call costs more than the sorting. */
const shortRange = 32;
/** Ranges of up to this many ascending runs are merged run by run, more by the builtin sort. */
const mergedRuns = 32;

/**
 * Sorts rows[start, end) ascending, using scratch[start, end). A tier's rows arrive as a few
 * ascending runs (each matched word's postings): they are merged pairwise, log2(runs) passes,
 * instead of sorted from scratch.
 */
export function sortRange(rows: Int32Array, start: number, end: number, scratch: Int32Array): void {
  if (end - start <= shortRange) {
    insertionSort(rows, start, end);
    return;
  }
  let runs = 1;
  for (let i = start + 1; i < end; i++) if (rows[i]! < rows[i - 1]!) runs += 1;
  if (runs === 1) return;
  if (runs > mergedRuns) {
    rows.subarray(start, end).sort();
    return;
  }
  let source = rows;
  let target = scratch;
  while (runs > 1) {
    runs = 0;
    let out = start;
    for (let first = start; first < end; runs += 1) {
      let second = first + 1;
      while (second < end && source[second]! > source[second - 1]!) second += 1;
      let stop = Math.min(second + 1, end);
      while (stop < end && source[stop]! > source[stop - 1]!) stop += 1;
      let a = first;
      let b = second;
      while (a < second && b < stop) target[out++] = source[a]! < source[b]! ? source[a++]! : source[b++]!;
      while (a < second) target[out++] = source[a++]!;
      while (b < stop) target[out++] = source[b++]!;
      first = stop;
    }
    [source, target] = [target, source];
  }
  if (source !== rows) rows.set(source.subarray(start, end), start);
}

function insertionSort(rows: Int32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const row = rows[i]!;
    let j = i - 1;
    while (j >= start && rows[j]! > row) {
      rows[j + 1] = rows[j]!;
      j -= 1;
    }
    rows[j + 1] = row;
  }
}
