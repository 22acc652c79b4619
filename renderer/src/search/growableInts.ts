/** An Int32Array that grows as values are appended: postings and word lists built one profile at a time. */
export class GrowableInts {
  values: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.values = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** Keeps the values `keep` returns a number ≥ 0 for, replaced by that number, in order. */
  rewrite(keep: (value: number) => number): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const replaced = keep(this.values[i]!);
      if (replaced >= 0) this.values[kept++] = replaced;
    }
    this.length = kept;
  }
}
