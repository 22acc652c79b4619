/**
 * The renderer's link to one casting office: one HocuspocusProviderWebsocket for all of the
 * member's lists of that office, each list attached to it as a HocuspocusProvider (OFFICE.md). The
 * token comes from the back end together with the only origin it may be sent to; the socket is
 * opened to `socketUrl` only when that address is on that origin (the page's CSP says the same).
 *
 * A list is attached with no awareness state: the app attaches every shared list at start, and a
 * state for each (even an empty one) is sent at every attach (the office, Hocuspocus 4.7, builds a
 * Y.Doc to check each presence message: a tenth of its CPU in a member's first sync of 200 lists)
 * and renewed every 15 s (y-protocols), when the office passes it on to every colleague with the
 * list attached, for lists nobody looks at. Presence is only what a member looks at
 * (officeActivity.ts's `look(true)` gives the list its state).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { OfficeToken } from '../../../contract/officeBridge.ts';
import {
  accessRemovedReason,
  officeMembersAnswerSchema,
  officeMembersMessageType,
  officeRoleMessageSchema,
  refusedWriteReasons,
  type OfficeMembersAnswer,
  type OfficeRefusalCode,
  type OfficeRoleMessage,
} from '../../../contract/officeRoles.ts';
import { SyncCallError } from './bridgeCall.ts';
import { changeNotApplied } from './officeSyncStatus.ts';

/**
 * Where a shared list stands with its office. While it waits, `lastSynced` is when this computer
 * last knew it in sync (null: never), which may be long before whatever keeps it waiting now.
 */
export type OfficeListSync = { state: 'synced'; at: string } | { state: 'waiting'; lastSynced: string | null } | { state: 'refused'; reason: string };

export interface AttachedList {
  readonly provider: HocuspocusProvider;
  /** Told about every change of where the list stands. */
  onSync(listener: (sync: OfficeListSync) => void): void;
  /** Told the member's role on the list (and their member id) each time the office names it. */
  onRole(listener: (role: OfficeRoleMessage) => void): void;
  /** Told when the office refused a change made here: it never reaches the office as it is. */
  onRefused(listener: (code: OfficeRefusalCode) => void): void;
  /** Asks the office who its members are; the answer goes to `onMembers`. */
  askMembers(): void;
  onMembers(listener: (members: OfficeMembersAnswer['members']) => void): void;
  detach(): void;
}

export interface OfficeConnection {
  readonly officeId: string;
  /**
   * `lastSyncedAt`: when this computer last knew the list in sync (stored with it; null or absent:
   * never), so a list still waiting after a restart says when it last synced, not the restart.
   */
  attach(listId: string, doc: Y.Doc, lastSyncedAt?: string | null): AttachedList;
  close(): void;
}

export interface OfficeConnectionOptions {
  /** Node has WebSocket since 22; tests pass it explicitly like the office tests do. */
  WebSocketPolyfill?: typeof WebSocket;
  now?: () => Date;
  /** Reconnect delays (ms); the defaults suit a member's network, tests shorten them. */
  delay?: { min: number; max: number };
}

/** The origin an office WebSocket address is on, as the back end names it (http: for ws:, https: for wss:). */
export function httpOriginOfSocket(socketUrl: string): string {
  const url = new URL(socketUrl);
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new SyncCallError('office_foreign_origin', `${url.protocol} is not a WebSocket address.`);
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`;
}

/** Throws office_foreign_origin unless the token's WebSocket address is on the origin it is bound to. */
export function assertTokenOrigin(grant: OfficeToken): void {
  const origin = httpOriginOfSocket(grant.socketUrl);
  if (origin !== grant.origin) throw new SyncCallError('office_foreign_origin', `The office token belongs to ${grant.origin}; it is never sent to ${origin}.`);
}

export function connectOffice(grant: OfficeToken, options: OfficeConnectionOptions = {}): OfficeConnection {
  assertTokenOrigin(grant);
  const now = options.now ?? (() => new Date());
  const socket = new HocuspocusProviderWebsocket({
    url: grant.socketUrl,
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    ...(options.delay ? { delay: options.delay.min, minDelay: options.delay.min, maxDelay: options.delay.max, factor: 1.5 } : {}),
  });
  const attached = new Set<AttachedList>();

  return {
    officeId: grant.officeId,
    attach(listId, doc, lastSyncedAt) {
      const listeners: ((sync: OfficeListSync) => void)[] = [];
      const roleListeners: ((role: OfficeRoleMessage) => void)[] = [];
      const refusalListeners: ((code: OfficeRefusalCode) => void)[] = [];
      const memberListeners: ((members: OfficeMembersAnswer['members']) => void)[] = [];
      const refuse = (code: OfficeRefusalCode) => refusalListeners.forEach((listener) => listener(code));
      let lastSynced = lastSyncedAt ?? null;
      let inSync = false;
      const tell = (sync: OfficeListSync) => listeners.forEach((listener) => listener(sync));
      const check = () => {
        if (provider.isSynced && provider.unsyncedChanges === 0) {
          inSync = true;
          tell({ state: 'synced', at: now().toISOString() });
        } else {
          // It was in sync until now: the last time it was known to be. Later checks while it waits keep that time.
          if (inSync) lastSynced = now().toISOString();
          inSync = false;
          tell({ state: 'waiting', lastSynced });
        }
      };
      const awareness = new Awareness(doc);
      awareness.setLocalState(null);
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: `${grant.officeId}/${listId}`,
        token: grant.token,
        document: doc,
        awareness,
        // A read-only connection's change is answered "not applied" (officeSyncStatus.ts).
        onMessage: ({ event }) => {
          if (changeNotApplied(event.data as ArrayBuffer)) refuse('office_read_only');
        },
        onSynced: check,
        onUnsyncedChanges: check,
        onDisconnect: check,
        onAuthenticationFailed: ({ reason }) => tell({ state: 'refused', reason }),
        onStateless: ({ payload }) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            return;
          }
          const role = officeRoleMessageSchema.safeParse(parsed);
          if (role.success) roleListeners.forEach((listener) => listener(role.data));
          const members = officeMembersAnswerSchema.safeParse(parsed);
          if (members.success) memberListeners.forEach((listener) => listener(members.data.members));
        },
        onClose: ({ event }) => {
          // The write gate closes the document's connection with the reason it refused a change;
          // the office closes it with the access-removed reason as it takes the list out.
          const code = refusedWriteReasons[event.reason];
          if (code) refuse(code);
          if (event.reason === accessRemovedReason) {
            tell({ state: 'refused', reason: accessRemovedReason });
            return;
          }
          // The socket tells `disconnect` before the provider has marked itself unsynced (its own
          // close handler runs later): only at `close` does the check see that the list waits.
          check();
        },
      });
      provider.attach();
      // A colleague's change arriving on a synced list is the office's word that it is in sync now.
      const onOfficeChange = (_update: Uint8Array, origin: unknown) => {
        if (origin === provider) check();
      };
      doc.on('update', onOfficeChange);
      const list: AttachedList = {
        provider,
        onSync: (listener) => void listeners.push(listener),
        onRole: (listener) => void roleListeners.push(listener),
        onRefused: (listener) => void refusalListeners.push(listener),
        askMembers: () => provider.sendStateless(JSON.stringify({ type: officeMembersMessageType })),
        onMembers: (listener) => void memberListeners.push(listener),
        detach() {
          attached.delete(list);
          doc.off('update', onOfficeChange);
          provider.destroy();
        },
      };
      attached.add(list);
      return list;
    },
    close() {
      for (const list of [...attached]) list.detach();
      socket.destroy();
    },
  };
}
