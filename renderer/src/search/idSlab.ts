/**
 * Result id arrays cut from shared buffers. V8 gives every typed array over 64 bytes a buffer of its
 * own outside the JS heap, about a microsecond to make: more than the rest of a typical keystroke's
 * search. A view on a shared buffer costs tens of nanoseconds. Views are never reused or written
 * after they are handed out; a result keeps its whole buffer alive, so buffers are small and large
 * results get their own.
 */

/** Doubles per shared buffer (256 KiB). */
const slabLength = 32_768;
/** Results longer than this get their own buffer (the allocation is small beside filling them). */
const ownBufferFrom = 2_048;

export class IdSlab {
  private buffer: ArrayBuffer | null = null;
  private used = slabLength;

  /** A new zeroed array of `length` doubles, independent of every other one handed out. */
  take(length: number): Float64Array {
    if (length >= ownBufferFrom) return new Float64Array(length);
    if (this.used + length > slabLength || !this.buffer) {
      this.buffer = new ArrayBuffer(slabLength * Float64Array.BYTES_PER_ELEMENT);
      this.used = 0;
    }
    const ids = new Float64Array(this.buffer, this.used * Float64Array.BYTES_PER_ELEMENT, length);
    this.used += length;
    return ids;
  }
}
