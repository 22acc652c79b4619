/** Consecutive ids per kind of record (pictures, showreels, vita entries, roles …) for one run. */
export class IdSequence {
  private readonly counters = new Map<string, number>();

  constructor(private readonly starts: Readonly<Record<string, number>> = {}) {}

  next(kind: string): number {
    const value = this.counters.get(kind) ?? this.starts[kind] ?? 1;
    this.counters.set(kind, value + 1);
    return value;
  }
}
