/**
 * The service's tables. Each profile keeps its whole fixture record in `doc` (served by detail
 * routes), the list fields in `list_doc` (served by list routes without touching the large detail),
 * and the columns that filters, access rules and ordering need, each indexed for 50,000+ rows.
 */
import type { Database, Queryable } from './database.ts';

export const schemaVersion = 5;

const ddl = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE IF NOT EXISTS service_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS agencies (
  id integer PRIMARY KEY,
  name text NOT NULL,
  categories text[] NOT NULL,
  regions text[] NOT NULL,
  -- the whole fixture record: the talent agency endpoint's address, links, texts and employees
  doc text NOT NULL
);

-- Keys are stored as their SHA-256 only (accessKeys.ts).
CREATE TABLE IF NOT EXISTS api_keys (
  key_sha256 text PRIMARY KEY,
  description text NOT NULL,
  agency_ids integer[] NOT NULL,
  all_public_casting_calls boolean NOT NULL,
  casting_call_ids integer[] NOT NULL,
  invited_role_ids integer[] NOT NULL
);

CREATE TABLE IF NOT EXISTS actor_profiles (
  id integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('active', 'deleted', 'merged')),
  merged_into integer,
  agency_ids integer[] NOT NULL,
  search_name text NOT NULL,
  sort_name text NOT NULL,
  sort_last_name text NOT NULL,
  gender_searchability text[] NOT NULL,
  acting_age_from integer,
  acting_age_to integer,
  language_codes text[] NOT NULL,
  showreel_ids integer[] NOT NULL,
  showreel_medium_ids integer[] NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS crew_profiles (
  id integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('active', 'deleted', 'merged')),
  merged_into integer,
  agency_ids integer[] NOT NULL,
  search_name text NOT NULL,
  sort_name text NOT NULL,
  sort_last_name text NOT NULL,
  gender text,
  professions text[] NOT NULL,
  showreel_ids integer[] NOT NULL,
  showreel_medium_ids integer[] NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The served documents live beside the filter columns, not in them: scans and counts over the
-- narrow profile tables stay fast, and a page reads only the documents it serves.
CREATE TABLE IF NOT EXISTS actor_records (
  id integer PRIMARY KEY,
  list_doc text NOT NULL,
  doc text NOT NULL
);
CREATE TABLE IF NOT EXISTS crew_records (
  id integer PRIMARY KEY,
  list_doc text NOT NULL,
  doc text NOT NULL
);

CREATE TABLE IF NOT EXISTS casting_calls (
  id integer PRIMARY KEY,
  visibility text NOT NULL CHECK (visibility IN ('public', 'private')),
  deadline timestamptz,
  list_doc text NOT NULL,
  doc text NOT NULL
);

-- Records are stored uncompressed: loading is twice as fast, and the detail read is one lookup.
ALTER TABLE actor_records ALTER COLUMN doc SET STORAGE EXTERNAL;
ALTER TABLE crew_records ALTER COLUMN doc SET STORAGE EXTERNAL;
ALTER TABLE casting_calls ALTER COLUMN doc SET STORAGE EXTERNAL;

CREATE TABLE IF NOT EXISTS casting_roles (
  id integer PRIMARY KEY,
  casting_call_id integer NOT NULL REFERENCES casting_calls (id) ON DELETE CASCADE,
  deadline timestamptz,
  active boolean NOT NULL,
  deleted boolean NOT NULL
);
`;

/**
 * Secondary indexes. A bulk load drops them and builds them again once the rows are in, which is
 * several times faster than maintaining a trigram index row by row.
 */
const indexDdl = `
CREATE INDEX IF NOT EXISTS actor_profiles_search_name ON actor_profiles USING gin (search_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS actor_profiles_agency_ids ON actor_profiles USING gin (agency_ids);
CREATE INDEX IF NOT EXISTS actor_profiles_language_codes ON actor_profiles USING gin (language_codes);
CREATE INDEX IF NOT EXISTS actor_profiles_sort_name ON actor_profiles (sort_name, id);
CREATE INDEX IF NOT EXISTS actor_profiles_sort_last_name ON actor_profiles (sort_last_name, id);
CREATE INDEX IF NOT EXISTS actor_profiles_updated_at ON actor_profiles (updated_at);
CREATE INDEX IF NOT EXISTS actor_profiles_showreel_ids ON actor_profiles USING gin (showreel_ids);
CREATE INDEX IF NOT EXISTS actor_profiles_showreel_medium_ids ON actor_profiles USING gin (showreel_medium_ids);
CREATE INDEX IF NOT EXISTS crew_profiles_search_name ON crew_profiles USING gin (search_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS crew_profiles_agency_ids ON crew_profiles USING gin (agency_ids);
CREATE INDEX IF NOT EXISTS crew_profiles_sort_name ON crew_profiles (sort_name, id);
CREATE INDEX IF NOT EXISTS crew_profiles_sort_last_name ON crew_profiles (sort_last_name, id);
CREATE INDEX IF NOT EXISTS crew_profiles_updated_at ON crew_profiles (updated_at);
CREATE INDEX IF NOT EXISTS crew_profiles_showreel_ids ON crew_profiles USING gin (showreel_ids);
CREATE INDEX IF NOT EXISTS crew_profiles_showreel_medium_ids ON crew_profiles USING gin (showreel_medium_ids);
CREATE INDEX IF NOT EXISTS casting_roles_call ON casting_roles (casting_call_id);
`;
const indexNames = [...indexDdl.matchAll(/INDEX IF NOT EXISTS (\w+) ON/g)].map((match) => match[1]);

export async function dropIndexes(db: Queryable): Promise<void> {
  for (const name of indexNames) await db.query(`DROP INDEX IF EXISTS ${name}`);
}

export async function createIndexes(db: Queryable): Promise<void> {
  for (const statement of indexDdl.split(';').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
}

async function storedSchemaVersion(db: Database): Promise<number | undefined> {
  const [table] = await db.query<{ name: string | null }>(`SELECT to_regclass('service_meta')::text AS name`);
  if (!table?.name) return undefined;
  const [row] = await db.query<{ value: number }>(`SELECT value FROM service_meta WHERE key = 'schema_version'`);
  return row?.value;
}

/**
 * Creates the tables, or brings a database written by an older service up to date. Everything
 * stored is reloadable (a fixture or demo data), so an older layout is dropped and rebuilt rather
 * than migrated; the next start regenerates its data. A newer layout is refused.
 */
export async function ensureSchema(db: Database, log: (line: string) => void = () => undefined): Promise<void> {
  const stored = await storedSchemaVersion(db);
  if (stored !== undefined && stored > schemaVersion) {
    throw new Error(`The database was written by a newer directory service (schema ${stored}; this one knows ${schemaVersion}).`);
  }
  if (stored !== undefined && stored < schemaVersion) {
    log(`The database holds an older layout (schema ${stored}); rebuilding it as schema ${schemaVersion}.`);
    await db.exec(`DROP TABLE IF EXISTS service_meta, ${dataTables.join(', ')} CASCADE`);
  }
  await db.exec(ddl);
  await createIndexes(db);
  await db.query(
    `INSERT INTO service_meta (key, value) VALUES ('schema_version', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(schemaVersion)],
  );
}

/** Every data table; a load empties them all at once. */
export const dataTables = ['casting_roles', 'casting_calls', 'actor_records', 'actor_profiles', 'crew_records', 'crew_profiles', 'api_keys', 'agencies'] as const;
