/**
 * Totals of list queries, remembered until the data is replaced. The service is read-only, so a
 * count for the same table and conditions cannot change; a client paging through a list (a sync)
 * pays for the count once instead of once per page.
 */
import type { Queryable } from '../db/database.ts';
import type { SqlFilter } from './sqlFilter.ts';

const maxEntries = 2000;

export class CountCache {
  private readonly totals = new Map<string, number>();
  /** Bumped by clear(), so a count begun before a data change is never remembered after it. */
  private generation = 0;

  async count(db: Queryable, table: string, filter: SqlFilter): Promise<number> {
    const sql = `SELECT count(*)::integer AS total FROM ${table} ${filter.where}`;
    const key = `${sql}\u0000${JSON.stringify(filter.params)}`;
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const generation = this.generation;
    const [{ total }] = await db.query<{ total: number }>(sql, filter.params);
    if (generation !== this.generation) return total;
    if (this.totals.size >= maxEntries) this.totals.delete(this.totals.keys().next().value as string);
    this.totals.set(key, total);
    return total;
  }

  /** Called whenever the data changes. */
  clear(): void {
    this.generation += 1;
    this.totals.clear();
  }
}
