/**
 * A WHERE clause built from parts, each with its own parameters, so filters compose in any
 * combination without hand-counting `$n` placeholders.
 */
export class SqlFilter {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a condition; `?` placeholders in it take `values` in order. */
  and(condition: string, ...values: unknown[]): this {
    let index = 0;
    const text = condition.replace(/\?/g, () => {
      this.params.push(values[index++]);
      return `$${this.params.length}`;
    });
    this.parts.push(`(${text})`);
    return this;
  }

  /** Adds a parameter and returns its placeholder, for LIMIT and OFFSET. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get where(): string {
    return this.parts.length > 0 ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}
