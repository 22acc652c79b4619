/**
 * Full-text search over the credits and about-me texts of every cached actor and crew detail:
 * "Tatort", "Schaubühne" or a director's name find the people and the credits that mention them.
 * Every typed word must match a word of the person's texts (in any order, folded and typo-tolerant
 * as in name search: creditVocabulary.ts); people rank by how well their words match, with a
 * bonus when typed words stand side by side in one field, in the typed order, and when one credit
 * holds them all. Results name the matching credits and where the typed words stand in them.
 *
 * Profiles are added, replaced and removed one at a time as details arrive: each holds a slot,
 * postings list slots per word (typed arrays), and a replaced or removed profile leaves dead
 * postings behind until they outweigh the live ones and are compacted away. Texts are interned:
 * titles, directors, theatres and stations repeat across thousands of vitas.
 */
import type { ProfileKind } from '../db/libraryDb.ts';
import { foldForSearch } from '../../../contract/name-folding.ts';
import { creditFieldCodes, creditGroups, type CreditField, type CreditGroup, type CreditText } from './creditTexts.ts';
import { CreditVocabulary, TYPO_PREFIX } from './creditVocabulary.ts';
import { GrowableInts } from './growableInts.ts';

/** Typed words beyond this many are ignored (a bit each in a 32-bit mask). */
const maxQueryWords = 8;
/** Credits returned per person; `creditCount` says how many matched. */
const creditsPerPerson = 3;
/** People ranked by their match details (adjacency, one credit holding every word); the rest by word classes alone. */
const minimumDetailed = 100;

/** The written tokens of a text: letters and digits with their combining marks. */
const tokenPattern = /[\p{L}\p{N}\p{M}]+/gu;

const kindCodes: Record<ProfileKind, number> = { actor: 0, crew: 1 };
const kindsByCode: readonly ProfileKind[] = ['actor', 'crew'];

/** A field reference packed in 31 bits: group (4 bits), field (4 bits), entry (23 bits). */
function packField(group: number, field: number, entry: number): number {
  return (group << 27) | (field << 23) | Math.min(entry, 0x7fffff);
}
const groupOf = (packed: number): number => packed >>> 27;
const fieldOf = (packed: number): number => (packed >>> 23) & 0xf;
const entryOf = (packed: number): number => packed & 0x7fffff;
/** The credit a field belongs to: its reference without the field. */
const creditOf = (packed: number): number => packed & ~(0xf << 23);

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * The first `count` of `slots[0 .. length)` by cost, ties in the order found: a counting sort
 * (costs are small: at most every word a typo in a word being typed), one pass per cost needed.
 */
function cheapestFirst(slots: Int32Array, length: number, costs: Uint8Array, count: number): number[] {
  const first: number[] = [];
  let lowest = 255;
  for (let i = 0; i < length; i++) if (costs[slots[i]!]! < lowest) lowest = costs[slots[i]!]!;
  for (let cost = lowest; cost <= maxQueryWords * TYPO_PREFIX && first.length < count; cost++) {
    for (let i = 0; i < length && first.length < count; i++) if (costs[slots[i]!] === cost) first.push(slots[i]!);
  }
  return first;
}

export interface MarkedField {
  field: CreditField;
  text: string;
  /** [start, end) UTF-16 offsets of the words a typed word matched, in order. */
  marks: [number, number][];
}

export interface CreditMatch {
  group: CreditGroup;
  /** The entry's position in its group (0 for the about-me text). */
  entry: number;
  /** The entry's title (its name field), null for the about-me text or an entry without one. */
  title: string | null;
  /** The fields holding a typed word. */
  fields: MarkedField[];
  /** How many of the typed words this credit holds. */
  wordCount: number;
}

export interface PersonMatch {
  kind: ProfileKind;
  id: number;
  score: number;
  /** The best matching credits, the one holding most typed words first. */
  credits: CreditMatch[];
  creditCount: number;
}

export interface CreditSearchResult {
  /** The folded typed words the search used. */
  words: string[];
  /** How many people match every word (and pass `accept`). */
  total: number;
  people: PersonMatch[];
}

export interface CreditSearchOptions {
  /** People returned (default 50). */
  limit?: number;
  /** Only people this accepts (the list's facets, a kind). */
  accept?: (kind: ProfileKind, id: number) => boolean;
}

interface Detail {
  slot: number;
  score: number;
  credits: { key: number; mask: number; adjacent: number; fields: number[] }[];
}

export class CreditIndex {
  private readonly vocabulary = new CreditVocabulary();
  /** Per word, the slots of the profiles whose texts hold it (a slot once per word). */
  private readonly postings: GrowableInts[] = [];
  private readonly slotOfProfile = new Map<string, number>();
  private slotCount = 0;
  private slotKinds = new Uint8Array(256);
  private slotIds = new Float64Array(256);
  private slotAlive = new Uint8Array(256);
  private slotWordCounts = new Int32Array(256);
  /** Per slot: pairs of packed field reference and text id. */
  private slotFields: (Int32Array | null)[] = [];
  private livePostings = 0;
  private deadPostings = 0;

  private readonly texts: string[] = [];
  private readonly textIds = new Map<string, number>();
  private textUses = new Int32Array(256);
  /** Per text: its tokens' word ids; a token's first word is stored as -(id + 1), its other forms as id. */
  private readonly textTokens: Int32Array[] = [];
  private readonly freeTexts: number[] = [];

  private wordLastSlot = new Int32Array(1024).fill(-1);
  private slotStamps = new Int32Array(256);
  private slotCosts = new Uint8Array(256);
  /** The people matching every word of the current search (a person once: its stamp moves on when found). */
  private candidates = new Int32Array(256);
  private stampBase = 0;
  private wordMasks = new Int32Array(1024);
  private wordMaskStamps = new Int32Array(1024);
  private searchStamp = 0;

  /** Profiles with texts. */
  get size(): number {
    return this.slotOfProfile.size;
  }

  /** Distinct folded words of every text. */
  get wordCount(): number {
    return this.vocabulary.size;
  }

  /** Adds a profile's texts, or replaces the ones it had; no texts removes it. */
  put(kind: ProfileKind, id: number, texts: readonly CreditText[]): void {
    this.detach(kind, id);
    if (texts.length > 0) this.attach(kind, id, texts);
    this.compactWhenWorthIt();
  }

  remove(kind: ProfileKind, id: number): void {
    this.detach(kind, id);
    this.compactWhenWorthIt();
  }

  private attach(kind: ProfileKind, id: number, texts: readonly CreditText[]): void {
    const slot = this.slotCount++;
    this.ensureSlots(this.slotCount);
    this.slotKinds[slot] = kindCodes[kind];
    this.slotIds[slot] = id;
    this.slotAlive[slot] = 1;
    this.slotOfProfile.set(`${kind}:${id}`, slot);
    const fields = new Int32Array(texts.length * 2);
    let words = 0;
    texts.forEach((text, index) => {
      const textId = this.intern(text.text);
      fields[index * 2] = packField(creditGroups.indexOf(text.group), creditFieldCodes.indexOf(text.field), text.entry);
      fields[index * 2 + 1] = textId;
      const tokens = this.textTokens[textId]!;
      this.ensureWords();
      for (let t = 0; t < tokens.length; t++) {
        const word = tokens[t]! < 0 ? -tokens[t]! - 1 : tokens[t]!;
        if (this.wordLastSlot[word] === slot) continue;
        this.wordLastSlot[word] = slot;
        this.postings[word]!.push(slot);
        words += 1;
      }
    });
    this.slotFields[slot] = fields;
    this.slotWordCounts[slot] = words;
    this.livePostings += words;
  }

  private detach(kind: ProfileKind, id: number): void {
    const key = `${kind}:${id}`;
    const slot = this.slotOfProfile.get(key);
    if (slot === undefined) return;
    this.slotOfProfile.delete(key);
    this.slotAlive[slot] = 0;
    this.livePostings -= this.slotWordCounts[slot]!;
    this.deadPostings += this.slotWordCounts[slot]!;
    const fields = this.slotFields[slot]!;
    for (let i = 1; i < fields.length; i += 2) this.release(fields[i]!);
    this.slotFields[slot] = null;
  }

  /** The id of a text, tokenized and folded the first time it is seen. */
  private intern(text: string): number {
    let id = this.textIds.get(text);
    if (id === undefined) {
      id = this.freeTexts.pop() ?? this.texts.length;
      this.texts[id] = text;
      this.textIds.set(text, id);
      const tokens: number[] = [];
      for (const [token] of text.matchAll(tokenPattern)) {
        const words = this.vocabulary.wordsOfToken(token);
        words.forEach((word, index) => tokens.push(index === 0 ? -word - 1 : word));
      }
      this.textTokens[id] = Int32Array.from(tokens);
      if (id >= this.textUses.length) {
        const grown = new Int32Array(Math.max(id + 1, this.textUses.length * 2));
        grown.set(this.textUses);
        this.textUses = grown;
      }
      this.textUses[id] = 0;
    }
    this.textUses[id]! += 1;
    return id;
  }

  private release(textId: number): void {
    this.textUses[textId]! -= 1;
    if (this.textUses[textId] !== 0) return;
    this.textIds.delete(this.texts[textId]!);
    this.texts[textId] = '';
    this.textTokens[textId] = new Int32Array(0);
    this.freeTexts.push(textId);
  }

  /** Renumbers the live slots and drops dead postings once they outnumber the live ones. */
  private compactWhenWorthIt(): void {
    if (this.deadPostings < 4096 || this.deadPostings < this.livePostings) return;
    const slotAfter = new Int32Array(this.slotCount).fill(-1);
    let live = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      if (!this.slotAlive[slot]) continue;
      slotAfter[slot] = live;
      this.slotKinds[live] = this.slotKinds[slot]!;
      this.slotIds[live] = this.slotIds[slot]!;
      this.slotAlive[live] = 1;
      this.slotWordCounts[live] = this.slotWordCounts[slot]!;
      this.slotFields[live] = this.slotFields[slot]!;
      live += 1;
    }
    this.slotAlive.fill(0, live, this.slotCount);
    this.slotFields.length = live;
    this.slotCount = live;
    for (const list of this.postings) list.rewrite((slot) => slotAfter[slot]!);
    for (const [key, slot] of this.slotOfProfile) this.slotOfProfile.set(key, slotAfter[slot]!);
    this.wordLastSlot.fill(-1);
    this.deadPostings = 0;
  }

  private ensureSlots(count: number): void {
    if (count <= this.slotKinds.length) return;
    const size = Math.max(count, this.slotKinds.length * 2);
    const grow = <T extends Uint8Array | Int32Array | Float64Array>(array: T, make: (size: number) => T): T => {
      const grown = make(size);
      grown.set(array);
      return grown;
    };
    this.slotKinds = grow(this.slotKinds, (n) => new Uint8Array(n));
    this.slotIds = grow(this.slotIds, (n) => new Float64Array(n));
    this.slotAlive = grow(this.slotAlive, (n) => new Uint8Array(n));
    this.slotWordCounts = grow(this.slotWordCounts, (n) => new Int32Array(n));
    this.slotStamps = grow(this.slotStamps, (n) => new Int32Array(n));
    this.slotCosts = grow(this.slotCosts, (n) => new Uint8Array(n));
    this.candidates = new Int32Array(size);
  }

  /** Per-word arrays follow the vocabulary as it grows. */
  private ensureWords(): void {
    const size = this.vocabulary.size;
    while (this.postings.length < size) this.postings.push(new GrowableInts(2));
    if (this.wordLastSlot.length >= size) return;
    const grown = Math.max(size, this.wordLastSlot.length * 2);
    const lastSlot = new Int32Array(grown).fill(-1);
    lastSlot.set(this.wordLastSlot);
    this.wordLastSlot = lastSlot;
    const masks = new Int32Array(grown);
    masks.set(this.wordMasks);
    this.wordMasks = masks;
    const stamps = new Int32Array(grown);
    stamps.set(this.wordMaskStamps);
    this.wordMaskStamps = stamps;
  }

  /** The people whose texts hold every word of `query`, best first, with their matching credits. */
  search(query: string, options: CreditSearchOptions = {}): CreditSearchResult {
    const limit = options.limit ?? 50;
    const words = [...new Set(foldForSearch(query).split(' ').filter((word) => word !== ''))].slice(0, maxQueryWords);
    if (words.length === 0) return { words, total: 0, people: [] };
    this.ensureWords();
    const searchStamp = ++this.searchStamp;
    const matches = words.map((word, index) => {
      const found = this.vocabulary.match(word, index === words.length - 1 || word.length >= 4);
      let postingCount = 0;
      for (const w of found.words) {
        if (this.wordMaskStamps[w] !== searchStamp) {
          this.wordMaskStamps[w] = searchStamp;
          this.wordMasks[w] = 0;
        }
        this.wordMasks[w]! |= 1 << index;
        postingCount += this.postings[w]!.length;
      }
      return { ...found, postingCount };
    });

    // The rarest word first: later words only ever look at the people the earlier ones left.
    const order = matches.map((_, index) => index).sort((a, b) => matches[a]!.postingCount - matches[b]!.postingCount);
    if (this.stampBase > 0x3fffffff) {
      this.slotStamps.fill(0);
      this.stampBase = 0;
    }
    const base = this.stampBase;
    this.stampBase += words.length + 1;
    const stamps = this.slotStamps;
    const costs = this.slotCosts;
    const alive = this.slotAlive;
    const candidates = this.candidates;
    let candidateCount = 0;
    order.forEach((index, round) => {
      const { words: found, classes } = matches[index]!;
      const before = base + round;
      const after = before + 1;
      const last = round === order.length - 1;
      for (let m = 0; m < found.length; m++) {
        const list = this.postings[found[m]!]!;
        const values = list.values;
        const matchClass = classes[m]!;
        for (let p = 0; p < list.length; p++) {
          const slot = values[p]!;
          if (!alive[slot]) continue;
          if (round === 0) {
            if (stamps[slot] === after) continue;
            stamps[slot] = after;
            costs[slot] = matchClass;
          } else {
            if (stamps[slot] !== before) continue;
            stamps[slot] = after;
            costs[slot]! += matchClass;
          }
          if (last) candidates[candidateCount++] = slot;
        }
      }
    });

    if (options.accept) {
      let kept = 0;
      for (let i = 0; i < candidateCount; i++) {
        const slot = candidates[i]!;
        if (options.accept(kindsByCode[this.slotKinds[slot]!]!, this.slotIds[slot]!)) candidates[kept++] = slot;
      }
      candidateCount = kept;
    }
    const detailed = cheapestFirst(candidates, candidateCount, costs, Math.max(minimumDetailed, limit * 2)).map((slot) => this.detail(slot, words.length, costs[slot]!));
    detailed.sort((a, b) => b.score - a.score || a.slot - b.slot);
    const people = detailed.slice(0, limit).map((detail) => this.personOf(detail));
    return { words, total: candidateCount, people };
  }

  /** Where the typed words stand in one person's texts, and the score that follows. */
  private detail(slot: number, wordCount: number, cost: number): Detail {
    const fields = this.slotFields[slot]!;
    const credits = new Map<number, Detail['credits'][number]>();
    let adjacentTotal = 0;
    for (let f = 0; f < fields.length; f += 2) {
      const tokens = this.textTokens[fields[f + 1]!]!;
      let fieldMask = 0;
      let previous = 0;
      let current = 0;
      let adjacent = 0;
      for (let t = 0; t <= tokens.length; t++) {
        const value = t < tokens.length ? tokens[t]! : -1;
        if (value < 0) {
          // A token ends: typed word i followed by typed word i + 1 reads as the typed phrase.
          adjacent += bitCount((previous << 1) & current);
          fieldMask |= current;
          previous = current;
          current = 0;
          if (t === tokens.length) break;
        }
        const word = value < 0 ? -value - 1 : value;
        if (this.wordMaskStamps[word] === this.searchStamp) current |= this.wordMasks[word]!;
      }
      if (fieldMask === 0) continue;
      const key = creditOf(fields[f]!);
      let credit = credits.get(key);
      if (!credit) {
        credit = { key, mask: 0, adjacent: 0, fields: [] };
        credits.set(key, credit);
      }
      credit.mask |= fieldMask;
      credit.adjacent += adjacent;
      credit.fields.push(f);
      adjacentTotal += adjacent;
    }
    const ranked = [...credits.values()].sort((a, b) => bitCount(b.mask) - bitCount(a.mask) || b.adjacent - a.adjacent || a.key - b.key);
    const coverage = ranked.length > 0 ? bitCount(ranked[0]!.mask) : 0;
    // Exact words beat typos; a phrase or one credit holding every word lifts a person above those merely mentioning each word somewhere.
    const score = -10 * cost + 8 * Math.min(adjacentTotal, wordCount) + (wordCount > 1 && coverage === wordCount ? 6 : 0);
    return { slot, score, credits: ranked };
  }

  private personOf(detail: Detail): PersonMatch {
    const fields = this.slotFields[detail.slot]!;
    const credits = detail.credits.slice(0, creditsPerPerson).map((credit): CreditMatch => {
      let title: string | null = null;
      for (let f = 0; f < fields.length; f += 2) {
        if (creditOf(fields[f]!) === credit.key && creditFieldCodes[fieldOf(fields[f]!)] === 'name') title = this.texts[fields[f + 1]!]!;
      }
      return {
        group: creditGroups[groupOf(credit.key)]!,
        entry: entryOf(credit.key),
        title,
        fields: credit.fields.map((f) => this.markedField(fields[f]!, this.texts[fields[f + 1]!]!)),
        wordCount: bitCount(credit.mask),
      };
    });
    return {
      kind: kindsByCode[this.slotKinds[detail.slot]!]!,
      id: this.slotIds[detail.slot]!,
      score: detail.score,
      credits,
      creditCount: detail.credits.length,
    };
  }

  private markedField(packed: number, text: string): MarkedField {
    const marks: [number, number][] = [];
    for (const match of text.matchAll(tokenPattern)) {
      const words = this.vocabulary.wordsOfToken(match[0]);
      const matched = words.some((word) => this.wordMaskStamps[word] === this.searchStamp && this.wordMasks[word] !== 0);
      if (matched) marks.push([match.index, match.index + match[0].length]);
    }
    return { field: creditFieldCodes[fieldOf(packed)]!, text, marks };
  }
}
