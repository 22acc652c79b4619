import type { WordMatches } from './matchedWords.ts';
import { classCount, noClass } from './wordMatches.ts';

/**
 * Every dictionary word's class for one typed word (`noClass` where it does not match), for
 * checking a row's words. The tables of the latest typed words are kept and recycled, never
 * allocated per keystroke: one the size of the dictionary costs a buffer of its own (about a
 * microsecond), and the words before the one being typed repeat every keystroke.
 */
export class ClassTables {
  /** Most recently used last. */
  private readonly tables = new Map<WordMatches, Uint8Array>();

  /** `kept`: how many tables to keep before recycling (as many as a search has typed words). */
  constructor(
    private readonly wordCount: number,
    private readonly kept: number,
  ) {}

  /** The table of `matches`; tables of `inUse` (the current search's words) are not recycled. */
  of(matches: WordMatches, inUse: readonly WordMatches[]): Uint8Array {
    let table = this.tables.get(matches);
    if (table) {
      this.tables.delete(matches);
      this.tables.set(matches, table);
      return table;
    }
    table = this.recycled(inUse) ?? new Uint8Array(this.wordCount).fill(noClass);
    const { words, classStarts } = matches;
    for (let c = 0; c < classCount; c++) for (let i = classStarts[c]!; i < classStarts[c + 1]!; i++) table[words[i]!] = c;
    this.tables.set(matches, table);
    return table;
  }

  /** The least recently used table not in use, cleared, once there are enough for every typed word. */
  private recycled(inUse: readonly WordMatches[]): Uint8Array | null {
    if (this.tables.size < this.kept) return null;
    for (const [matches, table] of this.tables) {
      if (inUse.includes(matches)) continue;
      this.tables.delete(matches);
      for (const word of matches.words) table[word] = noClass;
      return table;
    }
    return null;
  }
}
