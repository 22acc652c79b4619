/**
 * The offices this computer belongs to: joining (an invite code exchanged at the office's HTTP
 * side, POST /offices/:office/members) or adding with a token (the owner's), forgetting, and handing
 * out a token for the office WebSocket. Tokens live in the OS keychain through the same KeyStore as
 * API keys (account `office-<record id>`), bound to the office's origin: the store hands a token
 * out only for that origin, so a record whose address was changed afterwards (a hand-edited
 * offices.json, a bug) gets `office_foreign_origin` and the token is never sent there.
 */
import { randomUUID } from 'node:crypto';
import type { OfficeToken, OfficeTokenState, OfficeView } from '../../../contract/officeBridge.ts';
import { BridgeFailure } from '../bridge/bridgeFailure.ts';
import { normalizeBaseUrl } from '../connections/baseUrl.ts';
import { ForeignOriginError, originOf } from '../keys/keyOrigin.ts';
import { KeychainError, type KeyStore } from '../keys/keyStore.ts';
import type { OfficeRecord, OfficeRecordsFile } from './officeRecords.ts';

export interface OfficeMembership {
  list(): Promise<OfficeView[]>;
  join(input: { url: string; officeId: string; code: string; name: string }): Promise<OfficeView>;
  addWithToken(input: { url: string; officeId: string; token: string; name: string }): Promise<OfficeView>;
  remove(id: string): Promise<void>;
  token(id: string): Promise<OfficeToken>;
  /** The office's address and id with the member's token, read for that address only (for the core's own calls). */
  credentials(id: string): Promise<OfficeCredentials>;
  /** The addresses of every joined office, for the page's connect-src. */
  urls(): string[];
}

export interface OfficeCredentials {
  url: string;
  /** The origin the keychain bound the token to (the same as `url`'s, or the read would have failed). */
  origin: string;
  officeId: string;
  token: string;
}

export interface OfficeMembershipOptions {
  keys: KeyStore;
  records: OfficeRecordsFile;
  /** Told about a records file that had to be moved aside. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
  requestTimeoutMs?: number;
}

export function keychainAccountOf(record: Pick<OfficeRecord, 'id'>): string {
  return `office-${record.id}`;
}

/** The office's WebSocket address: the same host and port, ws: for http:, wss: for https:. */
export function socketUrlOf(url: string): string {
  return url.replace(/^http/, 'ws');
}

/** POSTs or GETs the office's HTTP side; network failures and timeouts become `office_unreachable`. */
export async function ask(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new BridgeFailure('office_unreachable', `The office at ${originOf(url)} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    throw new BridgeFailure('office_bad_response', `The office at ${originOf(url)} answered ${response.status} with something that is not JSON.`);
  }
}

function officeAddress(input: string): string {
  try {
    return normalizeBaseUrl(input);
  } catch (error) {
    throw new BridgeFailure('invalid_input', (error as Error).message.replaceAll('API key', 'office token').replaceAll('base URL', 'office address'));
  }
}

export async function openOfficeMembership(options: OfficeMembershipOptions): Promise<OfficeMembership> {
  const { keys, records } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? 15_000;
  const loaded = await records.read();
  if (loaded.problem) options.log?.(loaded.problem);
  let offices = loaded.offices;
  /** Changes one after another, so two joins never write the file over each other. */
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Whether the office's token can be read here. A keychain that did not answer (locked or still
   * starting when the app began, so the key store refuses until a recheck finds it; or failing on
   * this read) says nothing about the token: `keychainUnavailable`, not `missing`, whose advice,
   * joining again, would make a second membership while the token is still in the keychain. Asked
   * again at every listing, so the token is found as soon as the keychain answers.
   */
  async function tokenStateOf(record: OfficeRecord): Promise<OfficeTokenState> {
    if (!keys.status().available) return 'keychainUnavailable';
    try {
      return (await keys.hasKey(keychainAccountOf(record))) ? 'held' : 'missing';
    } catch (error) {
      if (error instanceof KeychainError) return 'keychainUnavailable';
      throw error;
    }
  }

  async function view(record: OfficeRecord): Promise<OfficeView> {
    return { ...record, tokenState: await tokenStateOf(record) };
  }

  function existing(id: string): OfficeRecord {
    const record = offices.find((office) => office.id === id);
    if (!record) throw new BridgeFailure('office_not_found', `No office with the id ${id} was joined on this computer.`);
    return record;
  }

  /** Stores the token first, then the record: a record never points at a missing token. */
  async function remember(fields: Omit<OfficeRecord, 'id' | 'joinedAt'>, token: string): Promise<OfficeView> {
    return serial(async () => {
      const earlier = offices.find((office) => office.officeId === fields.officeId && originOf(office.url) === originOf(fields.url));
      const record: OfficeRecord = { id: earlier?.id ?? randomUUID(), joinedAt: new Date().toISOString(), ...fields };
      await keys.setKey(keychainAccountOf(record), token, record.url);
      offices = [...offices.filter((office) => office.id !== record.id), record];
      await records.write(offices);
      return view(record);
    });
  }

  async function credentials(id: string): Promise<OfficeCredentials> {
    const record = existing(id);
    const keychainAway = () =>
      new BridgeFailure('office_keychain_unavailable', 'The office token cannot be read: the system keychain did not answer (locked or not started). It is read again once the keychain answers; joining again is not needed.');
    let bound;
    try {
      bound = await keys.readKey(keychainAccountOf(record), record.url);
    } catch (error) {
      if (error instanceof ForeignOriginError) {
        throw new BridgeFailure('office_foreign_origin', `The office token was stored for another address; it is never sent to ${originOf(record.url)}. Join the office again.`);
      }
      if (error instanceof KeychainError) throw keychainAway();
      throw error;
    }
    // A key store waiting for the keychain reads no token: not a token gone (see tokenStateOf).
    if (bound === null && !keys.status().available) throw keychainAway();
    if (bound === null) throw new BridgeFailure('office_token_missing', 'This office has no token on this computer; join it again.');
    return { token: bound.key, origin: bound.origin, url: record.url, officeId: record.officeId };
  }

  return {
    list: () => Promise.all(offices.map(view)),
    urls: () => offices.map((office) => office.url),

    async join({ url, officeId, code, name }) {
      const address = officeAddress(url);
      const answer = await ask(doFetch, `${address}/offices/${officeId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name }) }, timeoutMs);
      if (answer.status === 403 || answer.status === 404) throw new BridgeFailure('office_invite_invalid', 'The invite code is unknown, used or expired; ask the office owner for a new one.');
      const joined = answer.body as { memberId?: unknown; token?: unknown } | undefined;
      if (answer.status !== 201 || typeof joined?.memberId !== 'string' || typeof joined.token !== 'string') {
        throw new BridgeFailure('office_bad_response', `The office answered ${answer.status} to the invite, not a member and token.`);
      }
      return remember({ officeId, url: address, memberId: joined.memberId, memberName: name, isOwner: false }, joined.token);
    },

    async addWithToken({ url, officeId, token, name }) {
      const address = officeAddress(url);
      // Only the owner may list members: 200 says owner, 403 a member, 401 a token the office does not know.
      const answer = await ask(doFetch, `${address}/offices/${officeId}/members`, { headers: { authorization: `Bearer ${token}` } }, timeoutMs);
      if (answer.status === 401) throw new BridgeFailure('office_token_refused', 'The office does not know this token (revoked, mistyped, or of another office).');
      if (answer.status !== 200 && answer.status !== 403) throw new BridgeFailure('office_bad_response', `The office answered ${answer.status} when asked about the token.`);
      return remember({ officeId, url: address, memberId: null, memberName: name, isOwner: answer.status === 200 }, token);
    },

    remove(id) {
      return serial(async () => {
        const record = existing(id);
        await keys.deleteKey(keychainAccountOf(record));
        offices = offices.filter((office) => office.id !== id);
        await records.write(offices);
      });
    },

    async token(id) {
      const { token, origin, url, officeId } = await credentials(id);
      return { token, origin, socketUrl: socketUrlOf(url), officeId };
    },
    credentials,
  };
}
