/**
 * The office store tests' one setup: a real office server on 127.0.0.1 for the test file, its
 * members joined through the server's own module (the page's fetch in happy-dom keeps the
 * same-origin rule), and a member's app: the office store over the recording bridge double,
 * answering with that member's token for the office's origin only, as the back end hands it out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createApp } from 'vue';
import * as Y from 'yjs';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { officeChannels, type OfficeToken, type OfficeView } from '../../../contract/officeBridge.ts';
import { createDispatcher, type BridgeHandlers } from '../../../electron/core/bridge/dispatch.ts';
import { officeAdmin } from '../../../electron/core/office/officeAdmin.ts';
import { createOfficeHandlers } from '../../../electron/core/office/officeHandlers.ts';
import { openOfficeMembership, type OfficeMembership } from '../../../electron/core/office/officeMembership.ts';
import { officeRecordsFile } from '../../../electron/core/office/officeRecords.ts';
import { createHandlers } from '../../../electron/core/bridge/handlers.ts';
import type { BackEndParts } from '../../../electron/core/bridge/ports.ts';
import { assertKeyOrigin, bindKey, type BoundKey } from '../../../electron/core/keys/keyOrigin.ts';
import { KeychainUnavailableError, type KeyStore } from '../../../electron/core/keys/keyStore.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficesSection from '../../../renderer/src/components/offices/OfficesSection.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { pageReloadKey } from '../../../renderer/src/stores/officeMembership.ts';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { startOffice, type OfficeOptions, type RunningOffice } from '../../../server/office/startOffice.ts';
import { writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { acknowledged, httpUrlOf, openList, type ListClient } from '../../integration/office/officeSupport.ts';
import { fakeBridge } from './fakeBridge.ts';

export type OfficeRoleName = 'editor' | 'reviewer' | 'viewer';

export interface JoinedMember {
  memberId: string;
  token: string;
}

export interface OfficeServer {
  readonly office: RunningOffice;
  readonly officeId: string;
  readonly ownerId: string;
  readonly ownerToken: string;
  readonly httpUrl: string;
  /** A member joined with a one-time invite for `role` (office-wide). */
  join(name: string, role?: OfficeRoleName): Promise<JoinedMember>;
  /** The owner gives `memberId` `role` on `listId` through the office's HTTP API, which disconnects the member so their lists reopen with it. */
  changeRole(memberId: string, role: OfficeRoleName, listId: string): Promise<void>;
}

/** A fetch on Node's own HTTP client, for what the back end asks the office (happy-dom's fetch keeps the page's same-origin rule). */
const nodeFetch = ((url: string, init: RequestInit = {}) =>
  new Promise<Response>((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers: init.headers as Record<string, string> }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('end', () => resolve(new Response(chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : null, { status: answer.statusCode ?? 0 })));
    });
    sent.once('error', reject);
    sent.end(init.body as string | undefined);
  })) as typeof fetch;

/** An HTTP request from Node's own client; resolves with the status. */
async function nodeRequest(url: string, method: string, token: string, body: unknown): Promise<number> {
  return (await nodeFetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
}

/** Starts an office server (and its owner `ownerName`) before the file's tests and stops it after them. */
export function useOfficeServer(folderPrefix: string, ownerName = 'Owner', options: Partial<Pick<OfficeOptions, 'activity' | 'limits'>> = {}): OfficeServer {
  let dataDir = '';
  let office: RunningOffice | undefined;
  let created: { officeId: string; memberId: string; token: string } | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
    office = await startOffice({ host: '127.0.0.1', port: 0, dataDir, log: () => undefined, ...options });
    created = await office.members.createOffice('Office', ownerName);
  }, 120_000);
  afterAll(async () => {
    await office?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const started = () => {
    if (!office || !created) throw new Error('The office server starts in beforeAll: read it inside a test or a hook');
    return { office, created };
  };
  return {
    get office() {
      return started().office;
    },
    get officeId() {
      return started().created.officeId;
    },
    get ownerId() {
      return started().created.memberId;
    },
    get ownerToken() {
      return started().created.token;
    },
    get httpUrl() {
      return httpUrlOf(started().office.url);
    },
    async changeRole(memberId, role, listId) {
      const { created: owner } = started();
      const status = await nodeRequest(`${this.httpUrl}/offices/${owner.officeId}/members/${memberId}/role`, 'PUT', owner.token, { role, listId });
      if (status !== 204) throw new Error(`The office answered ${status} to a role change`);
    },
    async join(name, role = 'editor') {
      const { office: running, created: owner } = started();
      return (await running.members.join(owner.officeId, (await running.members.invite(owner.officeId, { role })).code, name))!;
    },
  };
}

/** What the back end would hand a member's renderer: the token bound to the office's origin, and the office as listed. */
export function memberCredentials(server: OfficeServer, member: JoinedMember, name: string, options: { recordId?: string; socketUrl?: string } = {}): { grant: OfficeToken; view: OfficeView } {
  const socketUrl = options.socketUrl ?? server.office.url;
  return {
    grant: { token: member.token, origin: new URL(httpUrlOf(socketUrl)).origin, socketUrl, officeId: server.officeId },
    view: { id: options.recordId ?? crypto.randomUUID(), officeId: server.officeId, url: server.httpUrl, memberId: member.memberId, memberName: name, isOwner: false, joinedAt: new Date().toISOString(), tokenState: 'held' },
  };
}

/** Lea, whose app a test drives (her token and office as her back end hands them), and a colleague whose client opens the office's documents directly. */
export async function joinLeaAndColleague(server: OfficeServer, colleagueName = 'Ben'): Promise<{ grant: OfficeToken; view: OfficeView; colleagueToken: string }> {
  const lea = memberCredentials(server, await server.join('Lea'), 'Lea');
  return { ...lea, colleagueToken: (await server.join(colleagueName)).token };
}

/**
 * The owner's computer as the Connections page's offices section asks it: the core's office
 * handlers and dispatcher (officeHandlers.ts, officeAdmin.ts) with the owner's token, over the real
 * office's HTTP side; the keychain is left out (the token is the server's own). Only the offices'
 * channels are answered.
 */
export function ownerBackEnd(server: OfficeServer, ownerName = 'Owner', recordId: string = crypto.randomUUID()): { bridge: CastdeskBridge; calls: { channel: string; args: unknown }[]; view: OfficeView } {
  const view: OfficeView = { id: recordId, officeId: server.officeId, url: server.httpUrl, memberId: server.ownerId, memberName: ownerName, isOwner: true, joinedAt: new Date().toISOString(), tokenState: 'held' };
  return memberBackEnd(server, view, server.ownerToken);
}

/**
 * The owner's Connections page with the office's members panel open (OfficesSection mounted whole
 * over ownerBackEnd), once it shows every member the office has now. The caller unmounts it.
 * `recordId`: the office's record on the owner's computer, the same at each start of one app.
 */
export async function openMembersPanel(server: OfficeServer, ownerName = 'Owner', recordId?: string): Promise<{ panel: VueWrapper; calls: { channel: string; args: unknown }[] }> {
  const owner = ownerBackEnd(server, ownerName, recordId);
  const panel = mount(OfficesSection, {
    props: { headingTag: 'h2' },
    global: { plugins: [createPinia(), createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: owner.bridge, [pageReloadKey as symbol]: () => undefined } },
    attachTo: document.body,
  });
  const known = (await server.office.members.list(server.officeId)).length;
  await vi.waitFor(() => expect(panel.findAll('[data-testid="office-member"]')).toHaveLength(known), { timeout: 10_000, interval: 20 });
  return { panel, calls: owner.calls };
}

/** A member's computer as the offices' channels ask it (as ownerBackEnd), with `token`, the member's own, for office record `view`. */
export function memberBackEnd(server: OfficeServer, view: OfficeView, token: string): { bridge: CastdeskBridge; calls: { channel: string; args: unknown }[]; view: OfficeView } {
  const notHere = (): never => {
    throw new Error('The member joined before the test');
  };
  const membership: OfficeMembership = {
    list: async () => [view],
    credentials: async () => ({ url: server.httpUrl, origin: new URL(server.httpUrl).origin, officeId: server.officeId, token }),
    urls: () => [server.httpUrl],
    join: notHere,
    addWithToken: notHere,
    remove: notHere,
    token: notHere,
  };
  const dispatch = createDispatcher(createOfficeHandlers(membership, officeAdmin(membership, { fetch: nodeFetch })) as BridgeHandlers);
  const double = fakeBridge(Object.fromEntries(Object.keys(officeChannels).map((channel) => [channel, (args: unknown) => dispatch(channel, args)])));
  return { bridge: double.bridge, calls: double.calls, view };
}

/** A member's app: the office store on a fresh Pinia, its bridge listing `offices` and handing out `grant`. */
export function officeStoreApp(grant: OfficeToken, offices: OfficeView[], handlers: BridgeAnswers = {}) {
  return officeStoreAppOn({ listOffices: () => ({ ok: true, value: { offices } }), getOfficeToken: () => ({ ok: true, value: grant }), ...handlers });
}

/** What a bridge double answers, by channel (fakeBridge). */
type BridgeAnswers = Partial<Record<keyof CastdeskBridge, (args: never) => unknown>>;

/** A member's app: the office store on a fresh Pinia over a bridge double answering `handlers` (the rest: not faked). */
export function officeStoreAppOn(handlers: BridgeAnswers) {
  const double = fakeBridge(handlers);
  const app = createApp({});
  const pinia: Pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, double.bridge);
  setActivePinia(pinia);
  const store = app.runWithContext(() => useOfficeListsStore());
  /** The app's shortlists store, through which the list view changes a list (its database opens once the connections are listed: none here). */
  const shortlists = () =>
    app.runWithContext(() => {
      useConnectionStore().listed = true;
      return useShortlistsStore();
    });
  /** The app's connections store, which asks the keychain again (recheckKeychain) for the Connections page. */
  const connections = () => app.runWithContext(() => useConnectionStore());
  return { store, pinia, bridge: double.bridge, calls: double.calls, shortlists, connections };
}

/**
 * The key store of a computer whose keychain may not answer when the app starts, as the back end's
 * is (keyStore.ts: the keychain's entries are kept, but until a recheck finds the keychain the store
 * says it is unavailable and reads no key; officeKeychain.test.ts runs the real one against
 * gnome-keyring, in fresh processes, which the renderer tests cannot start).
 */
export function keychainAnsweringLater(): { keys: KeyStore; awayAtStart(): void; start(): void } {
  const entries = new Map<string, BoundKey>();
  let running = true;
  let found = true;
  const reason = 'No system keychain is available (it did not answer). API keys cannot be stored until one is.';
  const keys: KeyStore = {
    status: () => (found ? { available: true } : { available: false, reason }),
    async recheck() {
      if (running) found = true;
      return keys.status();
    },
    async setKey(account, key, url) {
      if (!found) throw new KeychainUnavailableError(reason);
      entries.set(account, bindKey(key, url));
    },
    hasKey: async (account) => found && entries.has(account),
    deleteKey: async (account) => found && entries.delete(account),
    async readKey(account, url) {
      const bound = found ? entries.get(account) : undefined;
      if (!bound) return null;
      assertKeyOrigin(bound, url);
      return bound;
    },
  };
  return {
    keys,
    /** The app starts again while the keychain does not answer (locked, still starting at login). */
    awayAtStart() {
      running = false;
      found = false;
    },
    /** The keychain answers again (unlocked, started): found at the key store's next recheck. */
    start() {
      running = true;
    },
  };
}

/**
 * One start of a member's app on their computer as its back end answers the app info and the
 * offices' channels: the core's office membership (its records in `userDataDir`, tokens in `keys`)
 * and the core's handlers, asking the real office over Node's own HTTP client. The membership reads
 * its records as it opens: a new call is the app started again.
 */
export async function memberComputer(keys: KeyStore, userDataDir: string): Promise<Pick<BridgeAnswers, 'getAppInfo' | keyof typeof officeChannels>> {
  const offices = await openOfficeMembership({ keys, records: officeRecordsFile(userDataDir), fetch: nodeFetch });
  // Only what getAppInfo reads: the other channels of the back end are not asked here.
  const parts = { version: '0.0.0-test', shell: 'web', keys, offices, desktop: { folders: { data: userDataDir, logs: join(userDataDir, 'logs') } } } as unknown as BackEndParts;
  const dispatch = createDispatcher({ ...createHandlers(parts), ...createOfficeHandlers(offices, officeAdmin(offices, { fetch: nodeFetch })) });
  return Object.fromEntries(['getAppInfo', ...Object.keys(officeChannels)].map((channel) => [channel, (args: unknown) => dispatch(channel, args)]));
}

/**
 * A list in the office as its owner's app shared it: actors 1 to `count` of `origin`, named
 * "Actor n", with `noteOf`'s notes, stored by the office. The owner's client stays open on it
 * (the caller destroys it).
 */
export async function ownersList(
  server: OfficeServer,
  origin: string,
  options: { name?: string; count?: number; noteOf?: (actorId: number) => string } = {},
): Promise<{ listId: string; owner: ListClient }> {
  const listId = crypto.randomUUID().replaceAll('-', '');
  const owner = openList(server.office.url, officeDocumentName(server.officeId, listId), server.ownerToken, new Y.Doc());
  await owner.synced;
  const at = '2026-01-01T00:00:00.000Z';
  const actorIds = Array.from({ length: options.count ?? 3 }, (_, index) => index + 1);
  writeListIntoDoc(
    owner.doc,
    { name: options.name ?? 'Callbacks' },
    actorIds.map((actorId) => ({ shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: options.noteOf?.(actorId) ?? '', rating: 3, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`Actor ${actorId}`) })),
  );
  await acknowledged(owner);
  return { listId, owner };
}

/**
 * A loopback relay to the office on a port of its own, which can be cut (the office unreachable:
 * every connection dropped, nothing accepted) and restored on the same port, as a network would.
 */
export async function officeRelay(server: OfficeServer): Promise<{ socketUrl: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const target = Number(new URL(server.office.url).port);
  const sockets = new Set<Socket>();
  let relay: Server | null = null;
  let port = 0;
  const listen = async () => {
    relay = createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay!.listen(port, '127.0.0.1', resolve));
    port = (relay!.address() as { port: number }).port;
  };
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
    relay = null;
  };
  await listen();
  return { socketUrl: `ws://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}

/** What a test of a member's app leaves open: set by the test, closed after it. */
export interface OpenInTest {
  clients: ListClient[];
  store: ReturnType<typeof useOfficeListsStore> | null;
  db: ShortlistDb | null;
}

/** Closes what each test opened (the colleagues' clients, the member's store and database) and deletes the member's shortlist database. */
export function closedAfterEach(): OpenInTest {
  const open: OpenInTest = { clients: [], store: null, db: null };
  afterEach(async () => {
    for (const client of open.clients.splice(0)) client.destroy();
    open.db?.close();
    open.db = null;
    open.store?.close();
    open.store = null;
    await Dexie.delete(userShortlistDbName);
  });
  return open;
}

/**
 * A member's app with the office's list `listId` (of `count` entries) opened from the office,
 * attached, synced and its role known, and the shortlists store ready: where a store test of a
 * colleague's shared list starts. The member joins as `name` in `role`, reaching the office at
 * `socketUrl` (default: its own address; an officeRelay's to cut it), their app's bridge answering
 * `handlers` besides the office's; `open` closes it all. `member` is what starts their app again.
 */
export async function memberWithSharedList(
  server: OfficeServer,
  open: OpenInTest,
  listId: string,
  options: { name?: string; role?: OfficeRoleName; count?: number; socketUrl?: string; handlers?: Parameters<typeof officeStoreApp>[2] } = {},
): Promise<{
  app: ReturnType<typeof officeStoreApp>;
  member: JoinedMember & ReturnType<typeof memberCredentials>;
  shortlistId: number;
  shortlistDb: ShortlistDb;
  shortlists: ReturnType<ReturnType<typeof officeStoreApp>['shortlists']>;
}> {
  const { name = 'Ben', role = 'editor', count = 3, socketUrl, handlers } = options;
  const joined = await server.join(name, role);
  const { grant, view } = memberCredentials(server, joined, name, { socketUrl });
  const app = officeStoreApp(grant, [view], handlers);
  open.store = app.store;
  const shortlistDb: ShortlistDb = await openShortlistDb();
  open.db = shortlistDb;
  // The member's copy has an id and a time of its own on this computer.
  const shortlistId = await openSharedList(shortlistDb, { officeRecordId: view.id, officeId: server.officeId }, listId, 'Shared');
  await app.store.refresh();
  await app.store.attach(shortlistId);
  await vi.waitFor(async () => expect(await shortlistDb.entries.where('shortlistId').equals(shortlistId).count()).toBe(count), { timeout: 30_000, interval: 10 });
  await vi.waitFor(() => expect(app.store.accessOf(shortlistId).role).toBe(role), { timeout: 30_000, interval: 10 });
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  return { app, member: { ...joined, grant, view }, shortlistId, shortlistDb, shortlists };
}
