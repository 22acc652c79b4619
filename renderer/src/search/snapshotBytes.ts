/**
 * The container of a search index snapshot: one ArrayBuffer (IndexedDB stores and returns it as
 * one block, without walking any object graph) holding a header and a sequence of typed-array
 * sections, each 8-byte aligned so the reader can view it in place instead of copying it.
 *
 * Layout (little-endian 32-bit words): magic, format version, total byte length, checksum of
 * everything after the header, section count; then per section its element type, byte offset and
 * element count; then the sections. The reader checks every one of these and answers null for a
 * snapshot it cannot trust, so a damaged or foreign snapshot means a rebuild, never a crash.
 */

const magic = 0x58534443; // 'CDSX' read as little-endian bytes
const headerWords = 5;
const sectionWords = 3;

/** Section element types; strings are UTF-8 or UTF-16 text sections paired with their lengths. */
const elementTypes = {
  int32: 1,
  uint32: 2,
  uint16: 3,
  uint8: 4,
  float64: 5,
  int16: 6,
  utf8: 7,
  utf16: 8,
} as const;
type ElementType = (typeof elementTypes)[keyof typeof elementTypes];

const bytesPer: Record<ElementType, number> = { 1: 4, 2: 4, 3: 2, 4: 1, 5: 8, 6: 2, 7: 1, 8: 2 };

type Section = { type: ElementType; bytes: Uint8Array; count: number };

function align8(byteLength: number): number {
  return (byteLength + 7) & ~7;
}

/**
 * FNV-1a over 32-bit words in four interleaved lanes (independent multiplications overlap in the
 * CPU): a few milliseconds for tens of megabytes, and catches torn or flipped bytes.
 */
function checksumOf(words: Uint32Array): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  let c = 0x2545f491;
  let d = 0x9e3779b9;
  const whole = words.length & ~3;
  for (let i = 0; i < whole; i += 4) {
    a = Math.imul(a ^ words[i]!, 0x01000193);
    b = Math.imul(b ^ words[i + 1]!, 0x01000193);
    c = Math.imul(c ^ words[i + 2]!, 0x01000193);
    d = Math.imul(d ^ words[i + 3]!, 0x01000193);
  }
  for (let i = whole; i < words.length; i++) a = Math.imul(a ^ words[i]!, 0x01000193);
  return (Math.imul(Math.imul(Math.imul(a ^ b, 0x01000193) ^ c, 0x01000193) ^ d, 0x01000193) ^ words.length) >>> 0;
}

/** A lone surrogate, which UTF-8 cannot carry: such text is stored as UTF-16 code units instead. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` can go through UTF-8 unchanged (String.prototype.isWellFormed where the runtime has it). */
function wellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !loneSurrogate.test(text);
}

/** Null in an int32 number column. */
export const missingInt32 = -0x80000000;

/** Collects sections in order and writes them as one buffer. */
export class SnapshotWriter {
  private readonly sections: Section[] = [];

  constructor(private readonly version: number) {}

  private add(type: ElementType, array: ArrayBufferView, count: number): void {
    this.sections.push({ type, bytes: new Uint8Array(array.buffer, array.byteOffset, array.byteLength), count });
  }

  int32(array: Int32Array): void {
    this.add(elementTypes.int32, array, array.length);
  }
  uint32(array: Uint32Array): void {
    this.add(elementTypes.uint32, array, array.length);
  }
  uint16(array: Uint16Array): void {
    this.add(elementTypes.uint16, array, array.length);
  }
  uint8(array: Uint8Array): void {
    this.add(elementTypes.uint8, array, array.length);
  }
  int16(array: Int16Array): void {
    this.add(elementTypes.int16, array, array.length);
  }
  float64(array: Float64Array): void {
    this.add(elementTypes.float64, array, array.length);
  }

  /**
   * Run lengths (of a starts array: starts[i + 1] - starts[i]) in the narrowest type that holds
   * them: most runs are short, and this is the largest section of a snapshot.
   */
  lengths(starts: Int32Array): void {
    const count = starts.length - 1;
    let longest = 0;
    for (let i = 0; i < count; i++) longest = Math.max(longest, starts[i + 1]! - starts[i]!);
    const lengths = longest <= 0xff ? new Uint8Array(count) : longest <= 0xffff ? new Uint16Array(count) : new Uint32Array(count);
    for (let i = 0; i < count; i++) lengths[i] = starts[i + 1]! - starts[i]!;
    if (lengths instanceof Uint8Array) this.uint8(lengths);
    else if (lengths instanceof Uint16Array) this.uint16(lengths);
    else this.uint32(lengths);
  }

  /** Codes (non-negative integers) in the narrowest type that holds the largest. */
  codes(codes: Int32Array): void {
    let largest = 0;
    for (let i = 0; i < codes.length; i++) if (codes[i]! > largest) largest = codes[i]!;
    if (largest <= 0xff) this.uint8(Uint8Array.from(codes));
    else if (largest <= 0xffff) this.uint16(Uint16Array.from(codes));
    else this.int32(codes);
  }

  /**
   * Numbers or null (NaN): as int32 with the smallest int32 for null when every one is a whole
   * number in range (ages, heights, revs), else as float64.
   */
  numbers(values: Float64Array): void {
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (!Number.isNaN(value) && (!Number.isInteger(value) || value <= missingInt32 || value > 0x7fffffff)) {
        this.float64(values);
        return;
      }
    }
    const whole = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) whole[i] = Number.isNaN(values[i]!) ? missingInt32 : values[i]!;
    this.int32(whole);
  }

  /** A list of strings: their UTF-16 lengths, then their text in one section. */
  strings(values: readonly string[]): void {
    const lengths = new Uint32Array(values.length);
    for (let i = 0; i < values.length; i++) lengths[i] = values[i]!.length;
    const text = values.join('');
    this.uint32(lengths);
    if (!wellFormed(text)) {
      const units = new Uint16Array(text.length);
      for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
      this.add(elementTypes.utf16, units, units.length);
    } else {
      const bytes = new TextEncoder().encode(text);
      this.add(elementTypes.utf8, bytes, bytes.length);
    }
  }

  /** The snapshot: header, section table, sections. */
  finish(): ArrayBuffer {
    const tableBytes = align8((headerWords + sectionWords * this.sections.length) * 4);
    let byteLength = tableBytes;
    const offsets = this.sections.map((section) => {
      const offset = byteLength;
      byteLength = align8(byteLength + section.bytes.byteLength);
      return offset;
    });
    const buffer = new ArrayBuffer(byteLength);
    const bytes = new Uint8Array(buffer);
    const header = new Uint32Array(buffer, 0, tableBytes / 4);
    this.sections.forEach((section, i) => {
      header[headerWords + i * sectionWords] = section.type;
      header[headerWords + i * sectionWords + 1] = offsets[i]!;
      header[headerWords + i * sectionWords + 2] = section.count;
      bytes.set(section.bytes, offsets[i]!);
    });
    header[0] = magic;
    header[1] = this.version;
    header[2] = byteLength;
    header[4] = this.sections.length;
    header[3] = checksumOf(new Uint32Array(buffer, 4 * headerWords));
    return buffer;
  }
}

/** Thrown inside the reader when a section is not what the format expects; the caller answers null. */
export class SnapshotFormatError extends Error {}

/** Reads the sections of a snapshot in the order they were written, viewing them in place. */
export class SnapshotReader {
  private next = 0;

  private constructor(
    private readonly buffer: ArrayBuffer,
    private readonly table: Uint32Array,
    private readonly sectionCount: number,
  ) {}

  /** A reader over `buffer`, or null when it is not a whole, undamaged snapshot of `version`. */
  static open(buffer: unknown, version: number): SnapshotReader | null {
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < headerWords * 4 || buffer.byteLength % 8 !== 0) return null;
    const head = new Uint32Array(buffer, 0, headerWords);
    if (head[0] !== magic || head[1] !== version || head[2] !== buffer.byteLength) return null;
    const sectionCount = head[4]!;
    const tableBytes = align8((headerWords + sectionWords * sectionCount) * 4);
    if (tableBytes > buffer.byteLength) return null;
    if (checksumOf(new Uint32Array(buffer, 4 * headerWords)) !== head[3]) return null;
    const table = new Uint32Array(buffer, 0, tableBytes / 4);
    for (let i = 0; i < sectionCount; i++) {
      const type = table[headerWords + i * sectionWords] as ElementType;
      const offset = table[headerWords + i * sectionWords + 1]!;
      const count = table[headerWords + i * sectionWords + 2]!;
      const size = bytesPer[type];
      if (size === undefined || offset < tableBytes || offset % 8 !== 0 || offset + count * size > buffer.byteLength) return null;
    }
    return new SnapshotReader(buffer, table, sectionCount);
  }

  private take(...types: ElementType[]): { type: ElementType; offset: number; count: number } {
    if (this.next >= this.sectionCount) throw new SnapshotFormatError('the snapshot ends early');
    const at = headerWords + this.next * sectionWords;
    this.next += 1;
    const type = this.table[at] as ElementType;
    if (!types.includes(type)) throw new SnapshotFormatError(`section ${this.next - 1} has type ${type}, not ${types.join(' or ')}`);
    return { type, offset: this.table[at + 1]!, count: this.table[at + 2]! };
  }

  /** The next section, which must hold `length` elements when given. */
  private checked<T extends { length: number }>(view: T, length: number | undefined): T {
    if (length !== undefined && view.length !== length) throw new SnapshotFormatError(`a section holds ${view.length} elements, not ${length}`);
    return view;
  }

  int32(length?: number): Int32Array {
    const { offset, count } = this.take(elementTypes.int32);
    return this.checked(new Int32Array(this.buffer, offset, count), length);
  }
  uint32(length?: number): Uint32Array {
    const { offset, count } = this.take(elementTypes.uint32);
    return this.checked(new Uint32Array(this.buffer, offset, count), length);
  }
  uint16(length?: number): Uint16Array {
    const { offset, count } = this.take(elementTypes.uint16);
    return this.checked(new Uint16Array(this.buffer, offset, count), length);
  }
  uint8(length?: number): Uint8Array {
    const { offset, count } = this.take(elementTypes.uint8);
    return this.checked(new Uint8Array(this.buffer, offset, count), length);
  }
  int16(length?: number): Int16Array {
    const { offset, count } = this.take(elementTypes.int16);
    return this.checked(new Int16Array(this.buffer, offset, count), length);
  }
  float64(length?: number): Float64Array {
    const { offset, count } = this.take(elementTypes.float64);
    return this.checked(new Float64Array(this.buffer, offset, count), length);
  }

  /** Codes written by `SnapshotWriter.codes`, widened to int32. */
  codes(length?: number): Int32Array {
    const { type, offset, count } = this.take(elementTypes.uint8, elementTypes.uint16, elementTypes.int32);
    if (type === elementTypes.int32) return this.checked(new Int32Array(this.buffer, offset, count), length);
    return this.checked(Int32Array.from(type === elementTypes.uint8 ? new Uint8Array(this.buffer, offset, count) : new Uint16Array(this.buffer, offset, count)), length);
  }

  /** Numbers written by `SnapshotWriter.numbers`: NaN or `missingInt32` for null. */
  numbers(length: number): Float64Array | Int32Array {
    const { type, offset, count } = this.take(elementTypes.int32, elementTypes.float64);
    return this.checked(type === elementTypes.int32 ? new Int32Array(this.buffer, offset, count) : new Float64Array(this.buffer, offset, count), length);
  }

  /** The starts array (`length` + 1 entries, from 0) written by `SnapshotWriter.lengths`. */
  starts(length: number): Int32Array {
    const { type, offset, count } = this.take(elementTypes.uint8, elementTypes.uint16, elementTypes.uint32);
    if (count !== length) throw new SnapshotFormatError(`${count} run lengths, not ${length}`);
    const lengths =
      type === elementTypes.uint8
        ? new Uint8Array(this.buffer, offset, count)
        : type === elementTypes.uint16
          ? new Uint16Array(this.buffer, offset, count)
          : new Uint32Array(this.buffer, offset, count);
    const starts = new Int32Array(length + 1);
    let at = 0;
    for (let i = 0; i < length; i++) starts[i + 1] = at += lengths[i]!;
    if (at > 0x7fffffff) throw new SnapshotFormatError('run lengths overflow');
    return starts;
  }

  /**
   * The next list of strings as one decoded text and where each string ends in it: callers slice
   * the strings they need (slices share the text, so 250,000 names cost one decode).
   */
  stringTable(length?: number): StringTable {
    const lengths = this.uint32(length);
    const { type, offset, count } = this.take(elementTypes.utf8, elementTypes.utf16);
    let text: string;
    if (type === elementTypes.utf8) {
      text = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(this.buffer, offset, count));
    } else {
      const units = new Uint16Array(this.buffer, offset, count);
      const parts: string[] = [];
      for (let start = 0; start < units.length; start += 8192) parts.push(String.fromCharCode(...units.subarray(start, start + 8192)));
      text = parts.join('');
    }
    const ends = new Uint32Array(lengths.length);
    let end = 0;
    for (let i = 0; i < lengths.length; i++) ends[i] = end += lengths[i]!;
    if (end !== text.length) throw new SnapshotFormatError(`string lengths add up to ${end}, the text holds ${text.length}`);
    return new StringTable(text, ends);
  }

  /** The next list of strings as an array. */
  strings(length?: number): string[] {
    const table = this.stringTable(length);
    return Array.from({ length: table.size }, (_, i) => table.at(i));
  }

  /** Throws unless every section was read: a snapshot with more sections is another format. */
  finish(): void {
    if (this.next !== this.sectionCount) throw new SnapshotFormatError(`${this.sectionCount - this.next} sections left unread`);
  }
}

/** Strings decoded as one text, sliced on demand. */
export class StringTable {
  constructor(
    private readonly text: string,
    private readonly ends: Uint32Array,
  ) {}
  get size(): number {
    return this.ends.length;
  }
  at(i: number): string {
    if (i < 0 || i >= this.ends.length) throw new SnapshotFormatError(`string ${i} of ${this.ends.length}`);
    return this.text.slice(i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]!);
  }
}
