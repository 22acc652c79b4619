/**
 * pg_trgm's word similarity, as the directory's `q` applies it (`q <% search_name`, threshold 0.6),
 * computed for one query word against one name word so the offline search matches typos the way
 * the directory does. Ported from pg_trgm's iterate_word_similarity: the greedy scan over the name's
 * trigram sequence (duplicates kept) is not always the true maximum, and parity needs its answer.
 */

/** The similarity `<%` requires (pg_trgm.word_similarity_threshold). */
export const wordSimilarityThreshold = 0.6;

/** pg_trgm's trigrams of one folded word, in order: padded with two spaces before and one after. */
export function trigramsOfWord(word: string): string[] {
  const padded = `  ${word} `;
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) trigrams.push(padded.slice(i, i + 3));
  return trigrams;
}

/** pg_trgm's CALCSML in float4, as the service compares it. */
function similarityOf(common: number, queryUnique: number, extentUnique: number): number {
  return Math.fround(common / (queryUnique + extentUnique - common));
}

/** A query's distinct trigram codes (a Set will do), its size counting trigrams no name has. */
export interface TrigramSet {
  has(code: number): boolean;
  readonly size: number;
}

/**
 * The word similarity of a query (its distinct trigram codes) to the trigram sequence
 * `sequence[start, end)` of one name word.
 */
export function wordSimilarity(query: TrigramSet, sequence: ArrayLike<number>, start: number, end: number): number {
  const length = end - start;
  const unique: number[] = [];
  const indexOf = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    const code = sequence[start + i]!;
    let at = unique.indexOf(code);
    if (at < 0) at = unique.push(code) - 1;
    indexOf[i] = at;
  }
  const found = unique.map((code) => query.has(code));
  const lastPosition = new Int32Array(unique.length).fill(-1);
  const queryUnique = query.size;
  let lower = -1;
  let count = 0;
  let extentUnique = 0;
  let best = 0;
  for (let i = 0; i < length; i++) {
    const trigram = indexOf[i]!;
    if (lower >= 0 || found[trigram]) {
      if (lastPosition[trigram]! < 0) {
        extentUnique += 1;
        if (found[trigram]) count += 1;
      }
      lastPosition[trigram] = i;
    }
    if (!found[trigram]) continue;
    if (lower === -1) {
      lower = i;
      extentUnique = 1;
    }
    let current = similarityOf(count, queryUnique, extentUnique);
    let trialCount = count;
    let trialUnique = extentUnique;
    const previousLower = lower;
    for (let trialLower = lower; trialLower <= i; trialLower++) {
      const trial = similarityOf(trialCount, queryUnique, trialUnique);
      if (trial > current) {
        current = trial;
        extentUnique = trialUnique;
        lower = trialLower;
        count = trialCount;
      }
      const dropped = indexOf[trialLower]!;
      if (lastPosition[dropped] === trialLower) {
        trialUnique -= 1;
        if (found[dropped]) trialCount -= 1;
      }
    }
    if (current > best) best = current;
    for (let dropLower = previousLower; dropLower < lower; dropLower++) {
      const dropped = indexOf[dropLower]!;
      if (lastPosition[dropped] === dropLower) lastPosition[dropped] = -1;
    }
  }
  return best;
}
