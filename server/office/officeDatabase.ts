/**
 * The office server's database: PGlite in its data folder (created 0700: it holds token hashes and
 * every shared list) or a PostgreSQL server when DATABASE_URL is given, which several instances
 * behind Redis share. Same engines as the directory service (server/src/db/database.ts).
 */
import { mkdir, chmod } from 'node:fs/promises';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';

const schema = `
CREATE TABLE IF NOT EXISTS office_offices (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS office_members (
  id text PRIMARY KEY,
  office_id text NOT NULL REFERENCES office_offices(id),
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  office_role text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS office_list_roles (
  member_id text NOT NULL REFERENCES office_members(id),
  list_id text NOT NULL,
  role text NOT NULL,
  PRIMARY KEY (member_id, list_id)
);
CREATE TABLE IF NOT EXISTS office_invites (
  code_hash text PRIMARY KEY,
  office_id text NOT NULL REFERENCES office_offices(id),
  office_role text NOT NULL,
  list_id text,
  list_role text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE IF NOT EXISTS office_documents (
  name text PRIMARY KEY,
  state bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS office_document_updates (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  instance text NOT NULL,
  update bytea NOT NULL
);
CREATE INDEX IF NOT EXISTS office_document_updates_by_name ON office_document_updates (name, id);
CREATE TABLE IF NOT EXISTS office_list_activity (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS office_list_activity_by_name ON office_list_activity (name, id);
CREATE TABLE IF NOT EXISTS office_removed_lists (
  office_id text NOT NULL REFERENCES office_offices(id),
  list_id text NOT NULL,
  removed_by text NOT NULL REFERENCES office_members(id),
  removed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (office_id, list_id)
);
-- When the office last let the member's token in (members.ts authenticate); added after the table, so older databases get it too.
ALTER TABLE office_members ADD COLUMN IF NOT EXISTS last_seen_at timestamptz;
`;

export async function openOfficeDatabase(options: { dataDir?: string; databaseUrl?: string }): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    db = await openPostgres(options.databaseUrl);
  } else {
    if (options.dataDir) {
      await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
      await chmod(options.dataDir, 0o700);
    }
    db = await openPglite(options.dataDir);
  }
  await db.exec(schema);
  return db;
}
