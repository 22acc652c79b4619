/**
 * What the bridge handlers need from the rest of the back end, in the bridge's own terms. The
 * composition (backEnd.ts) adapts the real modules (connection store, key store, directory client,
 * media cache, demo launcher) to these; tests hand in small stubs.
 */
import type { ActorListParams, ChannelResult, ConnectionTest, CrewListParams, RequestPriority, UpdateStatus } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import type { CastingCallListField } from '../../../contract/list-fields.ts';
import type { BoundKey } from '../keys/keyOrigin.ts';
import type { KeyStore } from '../keys/keyStore.ts';
import type { KeepMark } from '../media/mediaCache.ts';
import type { PrefetchOptions } from '../media/mediaPrefetch.ts';
import type { OfficeMembership } from '../office/officeMembership.ts';

/** A stored connection, without its key. */
export interface ConnectionRecord {
  id: string;
  name: string;
  baseUrl: string;
  contentLocale: ContentLocale;
  isDemo: boolean;
  /** Which directory this is for the offline library; it stays when the address changes (connectionSchema.ts). */
  directoryOrigin: string;
}

export interface ConnectionsPort {
  /** Answers after every change under way, so no caller sees a connection half moved. */
  list(): Promise<{ connections: ConnectionRecord[]; activeId: string | null }>;
  /** Answers after every change under way: an address and its key are read as one. */
  get(id: string): Promise<ConnectionRecord | null>;
  /**
   * Validates name, base URL (https, or http on loopback) and locale; throws `invalid_input`. The
   * directory is the base URL's origin unless the back end names it (the embedded demo).
   */
  add(input: Omit<ConnectionRecord, 'id' | 'directoryOrigin'> & { directoryOrigin?: string }): Promise<ConnectionRecord>;
  /**
   * A new address on another origin deletes the key, unless `rebindKey` gives the key for the new
   * address (only the back end does, for the demo it runs): then the key is replaced, in the same
   * change, so no reader ever finds the connection without a key.
   */
  update(id: string, patch: Partial<Omit<ConnectionRecord, 'id' | 'isDemo' | 'directoryOrigin'>>, options?: { rebindKey?: string }): Promise<ConnectionRecord>;
  remove(id: string): Promise<void>;
  setActive(id: string | null): Promise<void>;
}

export type ListActorsResult = ChannelResult<'listActors'>;
export type ListCrewResult = ChannelResult<'listCrew'>;
export type ListCastingCallsResult = ChannelResult<'listCastingCalls'>;

/** How one directory call is queued in the host's rate budget. */
export interface DirectoryCallOptions {
  /** Default `interactive`: what the user is looking at now. */
  priority?: RequestPriority;
}

/** The directory, as one connection sees it (its base URL, its key, its rate budget). */
export interface DirectoryPort {
  listActors(params: ActorListParams, call?: DirectoryCallOptions): Promise<ListActorsResult>;
  getActor(id: number, options: { enum?: 'translate' | 'v2'; locale?: ContentLocale }, call?: DirectoryCallOptions): Promise<ChannelResult<'getActor'>>;
  listCrew(params: CrewListParams, call?: DirectoryCallOptions): Promise<ListCrewResult>;
  getCrew(id: number, options: { enum?: 'translate'; locale?: ContentLocale }, call?: DirectoryCallOptions): Promise<ChannelResult<'getCrew'>>;
  listCastingCalls(params: { page?: number; perPage?: number; current?: boolean; fields?: readonly CastingCallListField[] }, call?: DirectoryCallOptions): Promise<ListCastingCallsResult>;
  getCastingCall(id: number, call?: DirectoryCallOptions): Promise<ChannelResult<'getCastingCall'>>;
  listAttributes(): Promise<string[]>;
  getAttribute(name: string, locale: ContentLocale): Promise<Record<string, string>>;
}

export interface MediaPort {
  stats(): ChannelResult<'getMediaCacheStats'>;
  /** Which of `urls` are stored (the index, reconciled with the disk on open); `keep` marks them kept. */
  present(urls: string[], options: { keep?: KeepMark }): string[];
  /** The stored size of `url` in bytes, or null (so keeping can plan against the cap with real sizes). */
  sizeOf(url: string): number | null;
  /** Releases `owner`'s kept marks older than `generation`; how many. */
  releaseKept(owner: string, generation: number): number;
  setCap(bytes: number): Promise<void>;
  clear(): Promise<void>;
  /** Stores each URL in the media cache (a few downloads at once, best priority first); never throws for one URL. */
  prefetch(urls: string[], priority: 'high' | 'normal' | 'low', options: PrefetchOptions): Promise<ChannelResult<'prefetchMedia'>>;
}

/** What the back end remembers of a connection's sync (`<userData>/sync-memory.json`). */
export interface SyncMemoryPort {
  get(connectionId: string): ChannelResult<'getSyncMemory'>;
  set(connectionId: string, entry: { completedFullSyncAt: string | null }): Promise<void>;
  forget(connectionId: string): Promise<void>;
}

export interface DemoPort {
  /**
   * Starts the embedded demo directory unless it runs already (a start under way is joined, never
   * repeated); throws `demo_failed`.
   */
  /** `directoryOrigin`: which directory the demo is for the offline library (default the base URL's origin). */
  start(): Promise<{ baseUrl: string; key: string; directoryOrigin?: string }>;
  /** How far the start has got; omitted by test stubs (then `idle`). */
  status?(): ChannelResult<'getDemoStatus'>;
}

/**
 * Hands a link to the OS browser or mail program: Electron's shell.openExternal, or the web shell's
 * browser opener. It only ever receives links isSafeExternalUrl accepted, in their parsed form, and
 * resolves whether the OS took it (false, not a rejection, when no program could).
 */
export type ExternalOpener = (url: string) => Promise<boolean>;

/**
 * What the shell does for the desktop. The Electron shell opens folders, shows progress on the
 * taskbar icon and native notifications; the web shell cannot, and says so (false, nothing done).
 */
export interface DesktopPort {
  folders: { data: string; logs: string };
  openFolder(path: string): Promise<boolean>;
  setProgress(fraction: number | null): void;
  notify(title: string, body: string): boolean;
  /** Writes a renderer failure to the log. */
  logRendererError(message: string, detail: string): void;
  /** The route of a castdesk:// link waiting to be shown, taken once; the web shell never has one. */
  takeAppRoute(): string | null;
  /** Puts text on the OS clipboard; false where the back end has none (the web shell: the page copies). */
  copyText(text: string): boolean;
  /** The native menus speak this UI language from now on (the web shell has none). */
  setMenuLanguage(locale: string): void;
}

/** The app's own update (updates/updateFlow.ts), once the Electron shell started it. */
export interface UpdatesPort {
  status(): UpdateStatus;
  /** Throws `updates_unavailable` or `update_not_ready`. */
  setConsent(consent: 'install_on_quit' | 'later'): UpdateStatus;
}

export interface BackEndParts {
  version: string;
  shell: 'electron' | 'web';
  keys: KeyStore;
  connections: ConnectionsPort;
  /** The directory of a connection, with the key it has now (sent only to the key's origin). */
  directory(connection: ConnectionRecord, key: BoundKey): DirectoryPort;
  /** Forgets a connection's client (its key or base URL changed, or it was removed). */
  forgetDirectory(connectionId: string): void;
  testConnection(input: { baseUrl: string; key: BoundKey }): Promise<ConnectionTest>;
  /** Where the rate budget of the connection's directory host stands (created when none exists yet). */
  rateBudget(connection: ConnectionRecord): ChannelResult<'getRateBudget'>;
  media: MediaPort;
  syncMemory: SyncMemoryPort;
  demo: DemoPort;
  openExternal: ExternalOpener;
  desktop: DesktopPort;
  /** The casting offices joined on this computer and their tokens (office/officeMembership.ts). */
  offices: OfficeMembership;
  /** The update flow; absent or null where the shell does not update itself (the web shell, tests, before it started). */
  updates?: () => UpdatesPort | null;
}
