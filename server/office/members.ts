/**
 * Offices, members, roles and invites. Tokens and invite codes are random (256 and 128 bits) and
 * only their SHA-256 is stored, so a copy of the database gives no one access. The first member
 * creates the office and owns it (createOffice, from `--create-office`); everyone else joins with
 * a one-time invite code the owner made, short-lived and single use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';

export const roles = ['editor', 'reviewer', 'viewer'] as const;
export type Role = (typeof roles)[number];

export interface Member {
  id: string;
  officeId: string;
  name: string;
  officeRole: Role | 'none';
  isOwner: boolean;
}

const inviteLifetimeMs = 24 * 60 * 60 * 1000;

function secret(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

interface MemberRow {
  id: string;
  office_id: string;
  name: string;
  office_role: Role | 'none';
  is_owner: boolean;
}

/**
 * How often a member's `last_seen_at` is written at most: the owner tells two members of one name
 * apart by the day one of them stopped coming (a lost token), so minutes are plenty, and a member's
 * app opening its lists (one token lookup per socket: accessCache.ts) writes no row each time.
 */
const lastSeenPrecision = '5 minutes';

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  officeId: row.office_id,
  name: row.name,
  officeRole: row.office_role,
  isOwner: row.is_owner,
});

/** What a token gives: the live member, their roles on single lists and the lists taken out of their office (resolved together, once). */
export interface MemberAccess {
  member: Member;
  listRoles: ReadonlyMap<string, Role>;
  /** Lists removed from the office (listRemoval.ts): no one opens them any more, the owner neither. */
  removedLists: ReadonlySet<string>;
}

/** The role the member was given on one list, whether or not it is still in the office: the list's own role, else the office role; owners edit. */
export function grantedRoleOn(access: MemberAccess, listId: string): Role | 'none' {
  if (access.member.isOwner) return 'editor';
  return access.listRoles.get(listId) ?? access.member.officeRole;
}

/** The member's role on one list: none on a removed list, else the role they were given. */
export function roleOn(access: MemberAccess, listId: string): Role | 'none' {
  return access.removedLists.has(listId) ? 'none' : grantedRoleOn(access, listId);
}

export interface Members {
  createOffice(name: string, ownerName: string): Promise<{ officeId: string; memberId: string; token: string }>;
  /** The live (not revoked) member a token belongs to, or null. */
  authenticate(token: string): Promise<Member | null>;
  /** The live member a token belongs to with every list role they hold, or null. */
  access(token: string): Promise<MemberAccess | null>;
  invite(officeId: string, grant: Grant, now?: Date): Promise<{ code: string; expiresAt: string }>;
  /** Exchanges an invite code for a new member's token; null when the code is unknown, used or expired. */
  join(officeId: string, code: string, name: string, now?: Date): Promise<{ memberId: string; token: string } | null>;
  /** Every member of the office in the order they joined (the owner first), revoked ones too. */
  list(officeId: string): Promise<ListedMember[]>;
  setRole(officeId: string, memberId: string, grant: Grant): Promise<boolean>;
  /** Takes a member's own role on one list away: their office role applies there again. False: no such live member. */
  clearListRole(officeId: string, memberId: string, listId: string): Promise<boolean>;
  revoke(officeId: string, memberId: string): Promise<boolean>;
}

/**
 * A member as the owner's list shows them. `joinedAt` and `lastSeenAt` (when the office last let
 * their token in: a connection or a request; null before it ever did, or before the office kept
 * it) tell two members of one name apart: someone who joined again with a new invite code after
 * losing their token leaves an earlier membership that is no longer seen.
 */
export type ListedMember = Member & { revoked: boolean; listRoles: Record<string, Role>; joinedAt: string; lastSeenAt: string | null };

/** A role for the whole office, or for one list. */
export type Grant = { role: Role; listId?: string };

export function members(db: Database): Members {
  /** The live member of `token`, noted as seen now (to lastSeenPrecision) in the same statement. */
  async function authenticate(token: string): Promise<Member | null> {
    if (token.length === 0 || token.length > 200) return null;
    const [row] = await db.query<MemberRow>(
      `WITH live AS (
         SELECT id, office_id, name, office_role, is_owner, last_seen_at FROM office_members WHERE token_hash = $1 AND revoked_at IS NULL
       ), seen AS (
         UPDATE office_members SET last_seen_at = now() FROM live
         WHERE office_members.id = live.id AND (live.last_seen_at IS NULL OR live.last_seen_at < now() - interval '${lastSeenPrecision}')
       )
       SELECT id, office_id, name, office_role, is_owner FROM live`,
      [hashSecret(token)],
    );
    return row ? toMember(row) : null;
  }

  return {
    async createOffice(name, ownerName) {
      const officeId = secret(9);
      const memberId = secret(9);
      const token = secret(32);
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO office_offices (id, name) VALUES ($1, $2)', [officeId, name]);
        await tx.query(
          "INSERT INTO office_members (id, office_id, name, token_hash, office_role, is_owner) VALUES ($1, $2, $3, $4, 'editor', true)",
          [memberId, officeId, ownerName, hashSecret(token)],
        );
      });
      return { officeId, memberId, token };
    },
    authenticate,
    async access(token) {
      const member = await authenticate(token);
      if (!member) return null;
      const rows = await db.query<{ list_id: string; role: Role }>('SELECT list_id, role FROM office_list_roles WHERE member_id = $1', [member.id]);
      const removed = await db.query<{ list_id: string }>('SELECT list_id FROM office_removed_lists WHERE office_id = $1', [member.officeId]);
      return { member, listRoles: new Map(rows.map((row) => [row.list_id, row.role])), removedLists: new Set(removed.map((row) => row.list_id)) };
    },
    async invite(officeId, grant, now = new Date()) {
      const code = secret(16);
      const expiresAt = new Date(now.getTime() + inviteLifetimeMs).toISOString();
      await db.query(
        'INSERT INTO office_invites (code_hash, office_id, office_role, list_id, list_role, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [hashSecret(code), officeId, grant.listId ? 'none' : grant.role, grant.listId ?? null, grant.listId ? grant.role : null, expiresAt],
      );
      return { code, expiresAt };
    },
    async join(officeId, code, name, now = new Date()) {
      return db.transaction(async (tx) => {
        // Marking the code used and reading it in one statement: two people racing with one code cannot both join.
        const [invite] = await tx.query<{ office_role: Role | 'none'; list_id: string | null; list_role: Role | null }>(
          `UPDATE office_invites SET used_at = $3 WHERE code_hash = $1 AND office_id = $2 AND used_at IS NULL AND expires_at > $3
           RETURNING office_role, list_id, list_role`,
          [hashSecret(code), officeId, now.toISOString()],
        );
        if (!invite) return null;
        const memberId = secret(9);
        const token = secret(32);
        await tx.query('INSERT INTO office_members (id, office_id, name, token_hash, office_role) VALUES ($1, $2, $3, $4, $5)', [
          memberId,
          officeId,
          name,
          hashSecret(token),
          invite.office_role,
        ]);
        if (invite.list_id && invite.list_role) {
          await tx.query('INSERT INTO office_list_roles (member_id, list_id, role) VALUES ($1, $2, $3)', [memberId, invite.list_id, invite.list_role]);
        }
        return { memberId, token };
      });
    },
    async list(officeId) {
      const rows = await db.query<MemberRow & { revoked: boolean; created_at: Date | string; last_seen_at: Date | string | null }>(
        `SELECT id, office_id, name, office_role, is_owner, revoked_at IS NOT NULL AS revoked, created_at, last_seen_at
         FROM office_members WHERE office_id = $1 ORDER BY created_at, id`,
        [officeId],
      );
      const listRoles = await db.query<{ member_id: string; list_id: string; role: Role }>(
        'SELECT r.member_id, r.list_id, r.role FROM office_list_roles r JOIN office_members m ON m.id = r.member_id WHERE m.office_id = $1',
        [officeId],
      );
      return rows.map((row) => ({
        ...toMember(row),
        revoked: row.revoked,
        joinedAt: new Date(row.created_at).toISOString(),
        lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString(),
        listRoles: Object.fromEntries(listRoles.filter((r) => r.member_id === row.id).map((r) => [r.list_id, r.role])),
      }));
    },
    async setRole(officeId, memberId, grant) {
      const [member] = await db.query<{ id: string }>(
        'SELECT id FROM office_members WHERE id = $1 AND office_id = $2 AND revoked_at IS NULL AND NOT is_owner',
        [memberId, officeId],
      );
      if (!member) return false;
      if (grant.listId) {
        await db.query(
          'INSERT INTO office_list_roles (member_id, list_id, role) VALUES ($1, $2, $3) ON CONFLICT (member_id, list_id) DO UPDATE SET role = EXCLUDED.role',
          [memberId, grant.listId, grant.role],
        );
      } else {
        await db.query('UPDATE office_members SET office_role = $2 WHERE id = $1', [memberId, grant.role]);
      }
      return true;
    },
    async clearListRole(officeId, memberId, listId) {
      const [member] = await db.query<{ id: string }>(
        'SELECT id FROM office_members WHERE id = $1 AND office_id = $2 AND revoked_at IS NULL AND NOT is_owner',
        [memberId, officeId],
      );
      if (!member) return false;
      await db.query('DELETE FROM office_list_roles WHERE member_id = $1 AND list_id = $2', [memberId, listId]);
      return true;
    },
    async revoke(officeId, memberId) {
      const rows = await db.query<{ id: string }>(
        'UPDATE office_members SET revoked_at = now() WHERE id = $1 AND office_id = $2 AND revoked_at IS NULL AND NOT is_owner RETURNING id',
        [memberId, officeId],
      );
      return rows.length > 0;
    },
  };
}
