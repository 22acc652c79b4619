/**
 * The per-socket access cache's rules, on the office's real membership tables (PGlite in memory):
 * one lookup per socket and token however many documents attach; a member's revoke or role change
 * is seen as soon as it is forgotten (even by a lookup that was running at the time); without that
 * order, no answer is used longer than its maximum age; a failed lookup is not kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/database.ts';
import { AccessCache } from '../../../server/office/accessCache.ts';
import { members as openMembers, roleOn, type Members } from '../../../server/office/members.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';

let db: Database;
let members: Members;
let officeId: string;

beforeAll(async () => {
  db = await openOfficeDatabase({});
  members = openMembers(db);
  officeId = (await members.createOffice('Cache Office', 'Lea')).officeId;
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The real membership lookups, counted. */
function countingMembers(): { lookups: () => number; access: Members['access'] } {
  let count = 0;
  return {
    lookups: () => count,
    access: (token) => {
      count += 1;
      return members.access(token);
    },
  };
}

async function joined(grant: { role: 'editor' | 'reviewer' | 'viewer'; listId?: string }) {
  const { code } = await members.invite(officeId, grant);
  const member = await members.join(officeId, code, 'Tom');
  if (!member) throw new Error('join failed');
  return member;
}

describe('access cache', () => {
  it('looks a token up once per socket, however many documents attach at once or later', async () => {
    const member = await joined({ role: 'editor' });
    const counting = countingMembers();
    const cache = new AccessCache(counting);
    const socket = {};
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.resolve(socket, member.token)));
    expect(answers.every((access) => access?.member.id === member.memberId)).toBe(true);
    await cache.resolve(socket, member.token);
    expect(counting.lookups()).toBe(1);
    await cache.resolve({}, member.token);
    expect(counting.lookups()).toBe(2);
  });

  it('sees a revoke once the member is forgotten, on a socket that already had the answer', async () => {
    const member = await joined({ role: 'editor' });
    const cache = new AccessCache(members);
    const socket = {};
    expect(await cache.resolve(socket, member.token)).not.toBeNull();
    expect(await members.revoke(officeId, member.memberId)).toBe(true);
    cache.forget(member.memberId);
    expect(await cache.resolve(socket, member.token)).toBeNull();
  });

  it('sees a role change once the member is forgotten', async () => {
    const member = await joined({ role: 'editor' });
    const cache = new AccessCache(members);
    const socket = {};
    expect(roleOn((await cache.resolve(socket, member.token))!, 'list-a')).toBe('editor');
    await members.setRole(officeId, member.memberId, { role: 'viewer', listId: 'list-a' });
    cache.forget(member.memberId);
    const access = (await cache.resolve(socket, member.token))!;
    expect(roleOn(access, 'list-a')).toBe('viewer');
    expect(roleOn(access, 'list-b')).toBe('editor');
  });

  it('does not use a lookup that was running when the member was revoked', async () => {
    const member = await joined({ role: 'editor' });
    const cache = new AccessCache(members);
    const socket = {};
    const running = cache.resolve(socket, member.token);
    await members.revoke(officeId, member.memberId);
    cache.forget(member.memberId);
    expect(await running).toBeNull();
  });

  it('keeps an answer no longer than its maximum age when no order arrives', async () => {
    const member = await joined({ role: 'editor' });
    let now = 0;
    const cache = new AccessCache(members, 30_000, () => now);
    const socket = {};
    expect(await cache.resolve(socket, member.token)).not.toBeNull();
    await members.revoke(officeId, member.memberId);
    now = 29_999;
    // The documented bound: without a disconnect order the socket keeps its answer until it ages.
    expect(await cache.resolve(socket, member.token)).not.toBeNull();
    now = 30_000;
    expect(await cache.resolve(socket, member.token)).toBeNull();
  });

  it('does not keep a failed lookup', async () => {
    const member = await joined({ role: 'editor' });
    let failures = 1;
    const cache = new AccessCache({
      access: (token) => (failures-- > 0 ? Promise.reject(new Error('database unavailable')) : members.access(token)),
    });
    const socket = {};
    await expect(cache.resolve(socket, member.token)).rejects.toThrow('database unavailable');
    expect((await cache.resolve(socket, member.token))?.member.id).toBe(member.memberId);
  });
});
