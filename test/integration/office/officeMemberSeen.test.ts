/**
 * A colleague who lost their token and joined again with a new invite code is a second member of
 * the same name; the office tells the owner when each joined and when each was last seen (a
 * connection or a request with their token), so the earlier membership, seen no more, is the one
 * to revoke. A real office server on 127.0.0.1 (PGlite in a temp folder, opened by the test so it
 * can age a member's last visit), real providers over WebSocket, the membership API over fetch.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { officeMemberSchema, type OfficeMember } from '../../../contract/officeBridge.ts';
import { officeMembersMessageType } from '../../../contract/officeRoles.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { members as openMembers } from '../../../server/office/members.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { openPglite, type Database } from '../../../server/src/db/database.ts';
import { addMember, api, httpUrlOf, openList, type ListClient } from './officeSupport.ts';

let dataDir: string;
let db: Database;
let office: RunningOffice;
let http: string;
let officeId: string;
let ownerToken: string;
const clients: ListClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-seen-'));
  db = await openOfficeDatabase({ dataDir: join(dataDir, 'office') });
  office = await startOffice({ host: '127.0.0.1', port: 0, database: db, log: () => undefined });
  http = httpUrlOf(office.url);
  ({ officeId, token: ownerToken } = await office.members.createOffice('Casting Office', 'Lea'));
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await office?.close();
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The members as the owner's app reads them, each checked against the contract. */
async function listed(): Promise<OfficeMember[]> {
  const answer = await api<{ members: unknown[] }>(http, 'GET', `/offices/${officeId}/members`, undefined, ownerToken);
  expect(answer.status).toBe(200);
  return answer.body.members.map((member) => officeMemberSchema.parse(member));
}
const memberOf = async (memberId: string) => (await listed()).find((member) => member.id === memberId)!;

/** Opens one of the office's lists with `token`, as a member's app does, until it is synced. */
async function connect(token: string): Promise<void> {
  const client = openList(office.url, officeDocumentName(officeId, 'callbacks'), token);
  clients.push(client);
  await client.synced;
}

it('tells the owner when each of two members of one name joined and was last seen: the earlier, whose token was lost, no more', async () => {
  const earlier = await addMember(http, officeId, ownerToken, 'Ben', { role: 'editor' });
  expect((await memberOf(earlier.memberId)).lastSeenAt).toBeNull();
  await connect(earlier.token);
  const earlierSeen = (await memberOf(earlier.memberId)).lastSeenAt!;
  expect(earlierSeen).not.toBeNull();

  // Ben's token is lost with his laptop; the owner gives him a new code and he joins again.
  const later = await addMember(http, officeId, ownerToken, 'Ben', { role: 'editor' });
  expect((await memberOf(later.memberId)).lastSeenAt).toBeNull();
  // A request with his new token is a visit, as a connection is.
  expect((await api(http, 'GET', `/offices/${officeId}/lists`, undefined, later.token)).status).toBe(200);

  const members = await listed();
  const bens = members.filter((member) => member.name === 'Ben');
  expect(bens.map((member) => member.id)).toEqual([earlier.memberId, later.memberId]);
  const [first, second] = bens as [OfficeMember, OfficeMember];
  expect(first.lastSeenAt).toBe(earlierSeen);
  expect(Date.parse(first.joinedAt!)).toBeLessThanOrEqual(Date.parse(earlierSeen));
  expect(Date.parse(earlierSeen)).toBeLessThanOrEqual(Date.parse(second.joinedAt!));
  expect(Date.parse(second.joinedAt!)).toBeLessThanOrEqual(Date.parse(second.lastSeenAt!));
  // Every member is named in the order they joined, the owner first.
  expect(members[0]).toMatchObject({ name: 'Lea', isOwner: true });
  expect(members.map((member) => Date.parse(member.joinedAt!))).toEqual(members.map((member) => Date.parse(member.joinedAt!)).sort((a, b) => a - b));

  // The owner revokes the earlier Ben: his old token, found again, neither opens a list nor counts as a visit.
  expect((await api(http, 'DELETE', `/offices/${officeId}/members/${earlier.memberId}`, undefined, ownerToken)).status).toBe(204);
  expect((await api(http, 'GET', `/offices/${officeId}/lists`, undefined, earlier.token)).status).toBe(401);
  expect(await memberOf(earlier.memberId)).toMatchObject({ revoked: true, lastSeenAt: earlierSeen });
});

it('a member last seen days ago is seen again when their app next connects', async () => {
  const ida = await addMember(http, officeId, ownerToken, 'Ida', { role: 'viewer' });
  await connect(ida.token);
  await db.query("UPDATE office_members SET last_seen_at = now() - interval '3 days' WHERE id = $1", [ida.memberId]);
  const daysAgo = (await memberOf(ida.memberId)).lastSeenAt!;

  await connect(ida.token);
  const now = (await memberOf(ida.memberId)).lastSeenAt!;
  expect(Date.parse(now) - Date.parse(daysAgo)).toBeGreaterThan(2 * 24 * 60 * 60 * 1000);
});

it('the names a member\'s app asks for come in the order the members joined, so two of one name are told apart the same way everywhere', async () => {
  const first = await addMember(http, officeId, ownerToken, 'Pia', { role: 'reviewer' });
  const second = await addMember(http, officeId, ownerToken, 'Pia', { role: 'reviewer' });
  const client = openList(office.url, officeDocumentName(officeId, 'callbacks'), second.token);
  clients.push(client);
  const answers: { id: string; name: string }[][] = [];
  client.provider.on('stateless', ({ payload }: { payload: string }) => {
    const message = JSON.parse(payload) as { type: string; members?: { id: string; name: string }[] };
    if (message.type === officeMembersMessageType) answers.push(message.members!);
  });
  await client.synced;
  client.provider.sendStateless(JSON.stringify({ type: officeMembersMessageType }));
  await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000, interval: 10 });
  const live = (await listed()).filter((member) => !member.revoked).map(({ id, name }) => ({ id, name }));
  expect(answers[0]).toEqual(live);
  expect(answers[0]!.filter((member) => member.name === 'Pia').map((member) => member.id)).toEqual([first.memberId, second.memberId]);
});

it('an office database from before members were seen opens, and names no visit for its members', async () => {
  const folder = join(dataDir, 'older');
  const older = await openPglite(folder);
  await older.exec(`
    CREATE TABLE office_offices (id text PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE office_members (
      id text PRIMARY KEY, office_id text NOT NULL REFERENCES office_offices(id), name text NOT NULL, token_hash text NOT NULL UNIQUE,
      office_role text NOT NULL, is_owner boolean NOT NULL DEFAULT false, revoked_at timestamptz, created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO office_offices (id, name) VALUES ('office1', 'Older Office');
    INSERT INTO office_members (id, office_id, name, token_hash, office_role, is_owner) VALUES ('member1', 'office1', 'Ada', 'hash', 'editor', true);
  `);
  await older.close();

  const reopened = await openOfficeDatabase({ dataDir: folder });
  try {
    expect(await openMembers(reopened).list('office1')).toEqual([expect.objectContaining({ id: 'member1', name: 'Ada', lastSeenAt: null })]);
  } finally {
    await reopened.close();
  }
});
