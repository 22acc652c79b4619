/**
 * Real clients of a real office server for the office tests: HocuspocusProvider over Node's own
 * WebSocket, the membership API over fetch, and waits on what a client can observe (synced,
 * acknowledged, a close reason), never on time.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { expect, vi } from 'vitest';
import * as Y from 'yjs';

export interface ListClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Close reasons the server sent for this document (refusals). */
  closeReasons: string[];
  authFailures: string[];
  /** Resolves once the first sync with the server is done. */
  synced: Promise<void>;
  destroy(): void;
}

/** One WebSocket for several lists, as the app keeps one per member (attach lists with openList). */
export function openSocket(url: string): HocuspocusProviderWebsocket {
  // Reconnect quickly: the tests kill and restart servers on purpose (minDelay must not exceed maxDelay).
  return new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, delay: 50, minDelay: 50, factor: 1.5, maxDelay: 500 });
}

/** Attaches a list on `shared` (left open on destroy), or on a WebSocket of its own. */
export function openList(url: string, documentName: string, token: string, doc = new Y.Doc(), shared?: HocuspocusProviderWebsocket): ListClient {
  const closeReasons: string[] = [];
  const authFailures: string[] = [];
  let resolveSynced!: () => void;
  const synced = new Promise<void>((resolve) => (resolveSynced = resolve));
  const socket = shared ?? openSocket(url);
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    token,
    document: doc,
    onSynced: () => resolveSynced(),
    onClose: ({ event }) => void closeReasons.push(event.reason),
    onAuthenticationFailed: ({ reason }) => void authFailures.push(reason),
  });
  provider.attach();
  return {
    doc,
    provider,
    closeReasons,
    authFailures,
    synced,
    destroy() {
      provider.destroy();
      if (!shared) socket.destroy();
    },
  };
}

/** Waits until the server has acknowledged every change this client made. */
export async function acknowledged(client: ListClient): Promise<void> {
  await vi.waitFor(() => expect(client.provider.isSynced && client.provider.unsyncedChanges === 0).toBe(true), { timeout: 30_000, interval: 10 });
}

/** Waits until the documents hold the same state (every change of each has reached the other). */
export async function converged(...docs: Y.Doc[]): Promise<void> {
  await vi.waitFor(
    () => {
      const vectors = docs.map((doc) => Buffer.from(Y.encodeStateVector(doc)).toString('hex'));
      expect(new Set(vectors).size).toBe(1);
    },
    { timeout: 30_000, interval: 10 },
  );
}

/** A fresh client's view of a document as the server holds it now. */
export async function serverView(url: string, documentName: string, token: string): Promise<Y.Doc> {
  const client = openList(url, documentName, token);
  await client.synced;
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(client.doc));
  client.destroy();
  return copy;
}

export async function api<T = unknown>(httpUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${httpUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Invites and joins a member with a role; returns their member id and token. */
export async function addMember(
  httpUrl: string,
  officeId: string,
  ownerToken: string,
  name: string,
  grant: { role: 'editor' | 'reviewer' | 'viewer'; listId?: string },
): Promise<{ memberId: string; token: string }> {
  const invite = await api<{ code: string }>(httpUrl, 'POST', `/offices/${officeId}/invites`, grant, ownerToken);
  expect(invite.status).toBe(201);
  const joined = await api<{ memberId: string; token: string }>(httpUrl, 'POST', `/offices/${officeId}/members`, { code: invite.body.code, name });
  expect(joined.status).toBe(201);
  return joined.body;
}

export function httpUrlOf(wsUrl: string): string {
  return wsUrl.replace(/^ws/, 'http');
}
