/**
 * What the bridge handlers need from the rest of the back end, in the bridge's own terms. The
 * composition (backEnd.ts) adapts the real modules (connection store, key store, directory client,
 * media cache, demo launcher) to these; tests hand in small stubs.
 */
import type { ActorListParams, ChannelResult, ConnectionTest, CrewListParams } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import type { KeyStore } from '../keys/keyStore.ts';

/** A stored connection, without its key. */
export interface ConnectionRecord {
  id: string;
  name: string;
  baseUrl: string;
  contentLocale: ContentLocale;
  isDemo: boolean;
}

export interface ConnectionsPort {
  list(): Promise<{ connections: ConnectionRecord[]; activeId: string | null }>;
  get(id: string): Promise<ConnectionRecord | null>;
  /** Validates name, base URL (https, or http on loopback) and locale; throws `invalid_input`. */
  add(input: Omit<ConnectionRecord, 'id'>): Promise<ConnectionRecord>;
  update(id: string, patch: Partial<Omit<ConnectionRecord, 'id' | 'isDemo'>>): Promise<ConnectionRecord>;
  remove(id: string): Promise<void>;
  setActive(id: string | null): Promise<void>;
}

export type ListActorsResult = ChannelResult<'listActors'>;
export type ListCrewResult = ChannelResult<'listCrew'>;
export type ListCastingCallsResult = ChannelResult<'listCastingCalls'>;

/** The directory, as one connection sees it (its base URL, its key, its rate budget). */
export interface DirectoryPort {
  listActors(params: ActorListParams): Promise<ListActorsResult>;
  getActor(id: number, options: { enum?: 'translate' | 'v2'; locale?: ContentLocale }): Promise<ChannelResult<'getActor'>>;
  listCrew(params: CrewListParams): Promise<ListCrewResult>;
  getCrew(id: number, options: { enum?: 'translate'; locale?: ContentLocale }): Promise<ChannelResult<'getCrew'>>;
  listCastingCalls(params: { page?: number; perPage?: number; current?: boolean; fields?: string[] }): Promise<ListCastingCallsResult>;
  getCastingCall(id: number): Promise<ChannelResult<'getCastingCall'>>;
  listAttributes(): Promise<string[]>;
  getAttribute(name: string, locale: ContentLocale): Promise<Record<string, string>>;
}

export interface MediaPort {
  stats(): { count: number; bytes: number; capBytes: number };
  setCap(bytes: number): Promise<void>;
  clear(): Promise<void>;
}

export interface DemoPort {
  /** Starts the embedded demo directory unless it runs already; throws `demo_failed`. */
  start(): Promise<{ baseUrl: string; key: string }>;
}

export interface BackEndParts {
  version: string;
  shell: 'electron' | 'web';
  keys: KeyStore;
  connections: ConnectionsPort;
  /** The directory of a connection, with the key it has now. */
  directory(connection: ConnectionRecord, key: string): DirectoryPort;
  /** Forgets a connection's client (its key or base URL changed, or it was removed). */
  forgetDirectory(connectionId: string): void;
  testConnection(input: { baseUrl: string; key: string }): Promise<ConnectionTest>;
  media: MediaPort;
  demo: DemoPort;
}
