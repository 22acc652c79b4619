/**
 * API keys and what each may see, read into memory after every data load. The Authorization header
 * is `Token token=<KEY>` (spec) or `Bearer <KEY>` (sent by many real clients).
 * The database holds only each key's hash (db/apiKeyHash.ts); a request's key is found by the hash
 * of what it presents.
 */
import { hashApiKey } from '../db/apiKeyHash.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from './apiError.ts';

export interface KeyRights {
  description: string;
  agencyIds: number[];
  allPublicCastingCalls: boolean;
  castingCallIds: number[];
  invitedRoleIds: number[];
}

/** Rights by key hash. */
export async function readKeyRights(db: Queryable): Promise<Map<string, KeyRights>> {
  const rows = await db.query<{
    key_sha256: string;
    description: string;
    agency_ids: number[];
    all_public_casting_calls: boolean;
    casting_call_ids: number[];
    invited_role_ids: number[];
  }>('SELECT * FROM api_keys ORDER BY key_sha256');
  return new Map(
    rows.map((row) => [
      row.key_sha256,
      {
        description: row.description,
        agencyIds: row.agency_ids,
        allPublicCastingCalls: row.all_public_casting_calls,
        castingCallIds: row.casting_call_ids,
        invitedRoleIds: row.invited_role_ids,
      },
    ]),
  );
}

/** The key in an Authorization header, or undefined when the header has neither accepted form. */
export function keyFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = /^Token\s+token=(?:"([^"]*)"|(\S+))\s*$/i.exec(header.trim());
  if (token) return token[1] ?? token[2];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return bearer?.[1];
}

/** The rights of the key in the header; `keys` is keyed by hash (readKeyRights). */
export function authenticate(header: string | undefined, keys: ReadonlyMap<string, KeyRights>): KeyRights {
  const key = keyFromAuthorization(header);
  if (key === undefined) {
    throw new ApiError(401, 'unauthorized', 'Missing API key: send the header "Authorization: Token token=<API_KEY>".');
  }
  const rights = keys.get(hashApiKey(key));
  if (!rights) throw new ApiError(401, 'unauthorized', 'The API key is not valid.');
  return rights;
}
