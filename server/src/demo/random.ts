/**
 * The seeded pseudo-random source of the demo generator (sfc32). Every profile and casting call
 * draws from its own stream, derived from the seed and its index, so the output is deterministic
 * and a change in one part of the generator does not reshuffle everything else.
 */

/** A 32-bit FNV-1a hash of the parts, used to derive independent stream seeds. */
export function hashParts(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

/** Parsed weight objects, so a hoisted weight table is read once. */
const weightTables = new WeakMap<object, { keys: string[]; weights: number[] }>();

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A stream seeded from any parts (e.g. `new Random(seed, 'actor', 17)`). */
  constructor(...parts: (string | number)[]) {
    this.a = hashParts('a', ...parts);
    this.b = hashParts('b', ...parts);
    this.c = hashParts('c', ...parts);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    if (n === 0) return [];
    if (n * 4 <= items.length) {
      const picked = new Array<T>(n);
      for (let filled = 0; filled < n; ) {
        const item = items[Math.floor(this.next() * items.length)]!;
        if (picked.indexOf(item) === -1) picked[filled++] = item;
      }
      return picked;
    }
    const pool = [...items];
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, n);
  }

  /** One of the keys of `weights`, chosen in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    let table = weightTables.get(weights);
    if (!table) {
      table = { keys: Object.keys(weights), weights: Object.values(weights) as number[] };
      weightTables.set(weights, table);
    }
    return table.keys[this.count(table.weights)] as K;
  }

  /** An index of `weights`, chosen in proportion to its weight (e.g. how many of something). */
  count(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let roll = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      roll -= weights[i]!;
      if (roll < 0) return i;
    }
    return weights.length - 1;
  }

  /** A roughly normal value (sum of three uniforms) with the given mean and spread. */
  normal(mean: number, spread: number): number {
    return mean + (this.next() + this.next() + this.next() - 1.5) * spread;
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  /** `length` characters of [A-Za-z0-9_-], like video or place ids. */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * 64)];
    return out;
  }
}
