/**
 * The lists of an office a member may see (`GET /offices/:office/lists`, with the office's name), so a member's app can
 * bring in every list shared with them, not only those whose id it was told. Read from what is
 * stored (each document's state and its log: every acknowledged update is logged first,
 * documentStore.ts), so it answers the same on every instance. Only the office's own documents are
 * read, and only those the member's role opens (roleOn: the list's role, else the office's), each
 * with that role: the member's app knows what it may do on a list before it first opens it.
 */
import * as Y from 'yjs';
import { entriesKey, metaKey } from '../../contract/officeList.ts';
import type { OfficeRole } from '../../contract/officeRoles.ts';
import type { Database } from '../src/db/database.ts';
import { parseOfficeDocumentName } from './documentName.ts';

export interface DirectoryList {
  id: string;
  /** The list's name as its document holds it ('' before anyone wrote one). */
  name: string;
  /** Entries not deleted. */
  entries: number;
  /** When the document was last stored; null while its changes are only in the log. */
  updatedAt: string | null;
  /** The member's role on the list. */
  role: OfficeRole;
}

interface PartRow {
  name: string;
  bytes: Uint8Array;
  updated_at: Date | string | null;
}

function summary(listId: string, parts: Uint8Array[], updatedAt: string | null): Omit<DirectoryList, 'role'> {
  const doc = new Y.Doc();
  try {
    for (const part of parts) Y.applyUpdate(doc, part);
    const name = doc.getMap(metaKey).get('name');
    let entries = 0;
    for (const entry of doc.getMap<Y.Map<unknown>>(entriesKey).values()) if (entry instanceof Y.Map && entry.get('deleted') !== true) entries += 1;
    return { id: listId, name: typeof name === 'string' ? name : '', entries, updatedAt };
  } finally {
    doc.destroy();
  }
}

export interface OfficeDirectory {
  /** The office's name, as its owner created it. */
  officeName: string;
  lists: DirectoryList[];
}

/** The office's name and the lists the member's role opens (`roleOf`), by name. */
export async function listDirectory(db: Database, officeId: string, roleOf: (listId: string) => OfficeRole | 'none'): Promise<OfficeDirectory> {
  const [office] = await db.query<{ name: string }>('SELECT name FROM office_offices WHERE id = $1', [officeId]);
  const prefix = `${officeId}/`;
  // left(), not LIKE: an office id may hold '_', a LIKE wildcard.
  const rows = await db.query<PartRow>(
    `SELECT name, bytes, updated_at FROM (
       SELECT name, 0 AS part, 0::bigint AS id, state AS bytes, updated_at FROM office_documents WHERE left(name, length($1)) = $1
       UNION ALL
       SELECT name, 1 AS part, id, update AS bytes, NULL::timestamptz AS updated_at FROM office_document_updates WHERE left(name, length($1)) = $1
     ) parts ORDER BY name, part, id`,
    [prefix],
  );
  const byList = new Map<string, { parts: Uint8Array[]; updatedAt: string | null; role: OfficeRole }>();
  for (const row of rows) {
    const parsed = parseOfficeDocumentName(row.name);
    const role = parsed && parsed.officeId === officeId ? roleOf(parsed.listId) : 'none';
    if (!parsed || role === 'none') continue;
    const list = byList.get(parsed.listId) ?? { parts: [], updatedAt: null, role };
    list.parts.push(new Uint8Array(row.bytes));
    if (row.updated_at !== null) list.updatedAt = new Date(row.updated_at).toISOString();
    byList.set(parsed.listId, list);
  }
  const lists: DirectoryList[] = [];
  for (const [listId, { parts, updatedAt, role }] of byList) {
    try {
      lists.push({ ...summary(listId, parts, updatedAt), role });
    } catch {
      // A document that cannot be read is still listed: the member's app opens it like any other.
      lists.push({ id: listId, name: '', entries: 0, updatedAt, role });
    }
  }
  lists.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return { officeName: office?.name ?? '', lists };
}
