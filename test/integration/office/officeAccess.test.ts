/**
 * The office server enforces every role and every limit itself: a real Hocuspocus server on
 * 127.0.0.1 with PGlite in a temp folder, real providers over WebSocket, the real membership API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, converged, httpUrlOf, openList, serverView, type ListClient } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-access-'));
let office: RunningOffice;
let http: string;
let officeId: string;
let ownerToken: string;
const clients: ListClient[] = [];
const logLines: string[] = [];

const open = (listId: string, token: string) => {
  const client = openList(office.url, officeDocumentName(officeId, listId), token);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  office = await startOffice({
    host: '127.0.0.1',
    port: 0,
    dataDir: join(dataDir, 'data'),
    limits: { maxMessageBytes: 64 * 1024, maxDocumentBytes: 256 * 1024 },
    log: (line) => logLines.push(line),
  });
  http = httpUrlOf(office.url);
  const created = await office.members.createOffice('Casting Office Berlin', 'Lea');
  officeId = created.officeId;
  ownerToken = created.token;
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A list with one entry, written and acknowledged by the owner. */
async function listWithEntry(listId: string): Promise<ListClient> {
  const owner = open(listId, ownerToken);
  await owner.synced;
  addEntry(owner.doc, 'e1', { position: 'a0', actor: { origin: 'https://directory.example', id: 7, name: 'Jonas Weber' }, note: 'strong' });
  await acknowledged(owner);
  return owner;
}

describe('office server access', () => {
  it('answers GET /health', async () => {
    const health = await api<{ status: string }>(http, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('an invite code is single use, and only the owner invites', async () => {
    const invite = await api<{ code: string }>(http, 'POST', `/offices/${officeId}/invites`, { role: 'editor' }, ownerToken);
    expect(invite.status).toBe(201);
    const first = await api(http, 'POST', `/offices/${officeId}/members`, { code: invite.body.code, name: 'Mia' });
    expect(first.status).toBe(201);
    const second = await api<{ error: { code: string } }>(http, 'POST', `/offices/${officeId}/members`, { code: invite.body.code, name: 'Eve' });
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe('invite-invalid');
    const byMember = await api(http, 'POST', `/offices/${officeId}/invites`, { role: 'editor' }, (first.body as { token: string }).token);
    expect(byMember.status).toBe(403);
    const badBody = await api(http, 'POST', `/offices/${officeId}/invites`, { role: 'admin' }, ownerToken);
    expect(badBody.status).toBe(400);
  });

  it('an invite code expires', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const { code } = await office.members.invite(officeId, { role: 'viewer' }, issued);
    expect(await office.members.join(officeId, code, 'Late', new Date('2026-01-03T00:00:00Z'))).toBeNull();
    expect(await office.members.join(officeId, code, 'On time', new Date('2026-01-01T12:00:00Z'))).not.toBeNull();
  });

  it("refuses a viewer's write and keeps the list as it was", async () => {
    const owner = await listWithEntry('viewer-list');
    const viewer = await addMember(http, officeId, ownerToken, 'Producer', { role: 'viewer' });
    const client = open('viewer-list', viewer.token);
    await client.synced;
    entriesOf(client.doc).get('e1')!.set('rating', 1);
    // The owner's later change reaches the viewer: the server has handled the viewer's message by then.
    entriesOf(owner.doc).get('e1')!.set('status', 'callback');
    await vi.waitFor(() => expect(entriesOf(client.doc).get('e1')!.get('status')).toBe('callback'));
    expect(client.provider.unsyncedChanges).toBeGreaterThan(0);
    const view = await serverView(office.url, officeDocumentName(officeId, 'viewer-list'), ownerToken);
    expect(entriesOf(view).get('e1')!.get('rating')).toBeNull();
    expect(entriesOf(owner.doc).get('e1')!.get('rating')).toBeNull();
  });

  it('lets a reviewer pick and comment, and refuses anything else they change', async () => {
    const owner = await listWithEntry('review-list');
    const reviewer = await addMember(http, officeId, ownerToken, 'Director', { role: 'reviewer', listId: 'review-list' });
    const client = open('review-list', reviewer.token);
    await client.synced;
    const entry = entriesOf(client.doc).get('e1')!;
    (entry.get('picks') as Y.Map<boolean>).set(reviewer.memberId, true);
    (entry.get('comments') as Y.Map<string>).set(reviewer.memberId, 'Yes, him.');
    await acknowledged(client);
    await vi.waitFor(() => expect((entriesOf(owner.doc).get('e1')!.get('comments') as Y.Map<string>).get(reviewer.memberId)).toBe('Yes, him.'));

    (entry.get('note') as Y.Text).insert(0, 'REVIEWER WAS HERE ');
    await vi.waitFor(() => expect(client.closeReasons).toContain('reviewer-limited'));
    const view = await serverView(office.url, officeDocumentName(officeId, 'review-list'), ownerToken);
    expect((entriesOf(view).get('e1')!.get('note') as Y.Text).toString()).toBe('strong');
    expect((entriesOf(view).get('e1')!.get('picks') as Y.Map<boolean>).get(reviewer.memberId)).toBe(true);
  });

  it("refuses a reviewer's change to someone else's pick", async () => {
    await listWithEntry('review-list-2');
    const reviewer = await addMember(http, officeId, ownerToken, 'Producer 2', { role: 'reviewer' });
    const client = open('review-list-2', reviewer.token);
    await client.synced;
    (entriesOf(client.doc).get('e1')!.get('picks') as Y.Map<boolean>).set('someone-else', true);
    await vi.waitFor(() => expect(client.closeReasons).toContain('reviewer-limited'));
    const view = await serverView(office.url, officeDocumentName(officeId, 'review-list-2'), ownerToken);
    expect((entriesOf(view).get('e1')!.get('picks') as Y.Map<boolean>).size).toBe(0);
  });

  it("refuses a reviewer's tag added to an entry's label set, and a colour taken out of it", async () => {
    /** A list with one labelled entry (its labels the merging Y.Arrays), and a reviewer's client on it. */
    const reviewed = async (listId: string) => {
      const owner = open(listId, ownerToken);
      await owner.synced;
      addEntry(owner.doc, 'e1', { position: 'a0', actor: { origin: 'https://directory.example', id: 7, name: 'Jonas Weber' }, colours: ['red'], tags: ['lead'] });
      await acknowledged(owner);
      const reviewer = await addMember(http, officeId, ownerToken, `Director of ${listId}`, { role: 'reviewer', listId });
      const client = open(listId, reviewer.token);
      await client.synced;
      return { client, entry: entriesOf(client.doc).get('e1')! };
    };
    const labelsAtOffice = async (listId: string) => {
      const { colours, tags } = entriesOf(await serverView(office.url, officeDocumentName(officeId, listId), ownerToken)).get('e1')!.toJSON();
      return { colours, tags };
    };

    const tagging = await reviewed('review-tags');
    (tagging.entry.get('tags') as Y.Array<string>).push(['callback']);
    await vi.waitFor(() => expect(tagging.client.closeReasons).toContain('reviewer-limited'));
    expect(await labelsAtOffice('review-tags')).toEqual({ colours: ['red'], tags: ['lead'] });

    const colouring = await reviewed('review-colours');
    (colouring.entry.get('colours') as Y.Array<string>).delete(0, 1);
    await vi.waitFor(() => expect(colouring.client.closeReasons).toContain('reviewer-limited'));
    expect(await labelsAtOffice('review-colours')).toEqual({ colours: ['red'], tags: ['lead'] });
  });

  it('disconnects a revoked member at once, and they cannot come back', async () => {
    const owner = await listWithEntry('revoke-list');
    const member = await addMember(http, officeId, ownerToken, 'Assistant', { role: 'editor' });
    const client = open('revoke-list', member.token);
    await client.synced;
    const revoked = await api(http, 'DELETE', `/offices/${officeId}/members/${member.memberId}`, undefined, ownerToken);
    expect(revoked.status).toBe(204);
    await vi.waitFor(() => expect(client.authFailures.length).toBeGreaterThan(0), { timeout: 30_000 });
    entriesOf(client.doc).get('e1')!.set('rating', 5);
    entriesOf(owner.doc).get('e1')!.set('status', 'after-revoke');
    await acknowledged(owner);
    const view = await serverView(office.url, officeDocumentName(officeId, 'revoke-list'), ownerToken);
    expect(entriesOf(view).get('e1')!.get('status')).toBe('after-revoke');
    expect(entriesOf(view).get('e1')!.get('rating')).toBeNull();
  });

  it("never opens one office's documents with another office's token", async () => {
    await listWithEntry('private-list');
    const other = await office.members.createOffice('Another Office', 'Max');
    const intruder = openList(office.url, officeDocumentName(officeId, 'private-list'), other.token);
    clients.push(intruder);
    await vi.waitFor(() => expect(intruder.authFailures).toEqual(['permission-denied']));
    expect(entriesOf(intruder.doc).size).toBe(0);
  });

  it('refuses a malformed update without taking the document down for others', async () => {
    const owner = await listWithEntry('malformed-list');
    const colleague = open('malformed-list', ownerToken);
    await colleague.synced;
    const name = officeDocumentName(officeId, 'malformed-list');
    const bad = encoding.createEncoder();
    encoding.writeVarString(bad, name);
    encoding.writeVarUint(bad, 0); // Hocuspocus: Sync
    encoding.writeVarUint(bad, 2); // y-protocols: Update
    encoding.writeVarUint8Array(bad, new Uint8Array([9, 200, 1, 7, 7, 7, 255, 255]));
    owner.provider.configuration.websocketProvider.send(encoding.toUint8Array(bad));
    await vi.waitFor(() => expect(owner.closeReasons).toContain('malformed-update'));
    entriesOf(colleague.doc).get('e1')!.set('status', 'still-up');
    await acknowledged(colleague);
    const view = await serverView(office.url, name, ownerToken);
    expect(entriesOf(view).get('e1')!.get('status')).toBe('still-up');
  });

  it('refuses an update that would make the document too large, and keeps serving it', async () => {
    const owner = await listWithEntry('large-list');
    const colleague = open('large-list', ownerToken);
    await colleague.synced;
    const note = entriesOf(owner.doc).get('e1')!.get('note') as Y.Text;
    // Each insert stays under the 64 KiB message limit; together they pass the 256 KiB document limit.
    for (let i = 0; i < 6 && !owner.closeReasons.includes('document-too-large'); i++) {
      note.insert(note.length, 'x'.repeat(50 * 1024));
      await vi.waitFor(() => expect(owner.provider.unsyncedChanges === 0 || owner.closeReasons.includes('document-too-large')).toBe(true));
    }
    expect(owner.closeReasons).toContain('document-too-large');
    entriesOf(colleague.doc).get('e1')!.set('status', 'small-change');
    await acknowledged(colleague);
    const view = await serverView(office.url, officeDocumentName(officeId, 'large-list'), ownerToken);
    expect(entriesOf(view).get('e1')!.get('status')).toBe('small-change');
    expect((entriesOf(view).get('e1')!.get('note') as Y.Text).length).toBeLessThan(256 * 1024);
  });

  it('two editors converge', async () => {
    const owner = await listWithEntry('two-editors');
    const colleague = open('two-editors', ownerToken);
    await colleague.synced;
    entriesOf(colleague.doc).get('e1')!.set('rating', 4);
    await converged(owner.doc, colleague.doc);
    expect(entriesOf(owner.doc).get('e1')!.get('rating')).toBe(4);
  });
});
