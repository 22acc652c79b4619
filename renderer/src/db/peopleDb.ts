/**
 * The user's decisions on one person across directories (search/samePerson.ts): which profiles of
 * different directories are linked as one person, and which suggested pairs are different people.
 * Its own database (`castdesk-people`), like the shortlists: the user's work, never cleared with
 * the cache nor tied to a connection. One Dexie class, versioned schema.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { writeLibrary } from './libraryDb.ts';

/** The user's decision on a pair: linked as one person, or marked as different people. */
export type PairDecision = 'same' | 'different';

export interface PersonPairRow {
  /** search/samePerson.ts pairKey: the two profile keys, sorted, joined by '|'. */
  pair: string;
  /** The two profile keys (profileKey), `a` < `b`. */
  a: string;
  b: string;
  decision: PairDecision;
  decidedAt: string;
}

/** Every schema version, oldest first. Never edit a released version: add one. */
export const peopleSchemaVersions = {
  1: { pairs: 'pair, a, b, decision' },
} as const;

export const peopleDbName = 'castdesk-people';

export class PeopleDb extends Dexie {
  pairs!: Table<PersonPairRow, string>;

  /** `name` is for tests, which each need a database of their own. */
  constructor(options?: DexieOptions, name: string = peopleDbName) {
    super(name, options);
    this.version(1).stores(peopleSchemaVersions[1]);
  }
}

export async function openPeopleDb(options?: DexieOptions, name?: string): Promise<PeopleDb> {
  const db = new PeopleDb(options, name);
  await db.open();
  return db;
}

/** One write in one transaction; a full disk becomes `storage_full` and nothing is written. */
export function writePeople<T>(db: PeopleDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.pairs], work);
}
