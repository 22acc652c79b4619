/**
 * Every call the renderer may make to the back end: a name, the zod schema of its arguments and of
 * its result. The Electron preload, the IPC handlers in main, the web shell's HTTP routes and the
 * renderer's bridge client are all generated from this one table. The API key goes in (set, test)
 * but never comes out: no result schema has a field that could carry it.
 */
import { z } from 'zod';
import type { BridgeResult } from './bridge-errors.ts';
import { requestPriorities, type ChannelName } from './bridge-channels.ts';
import {
  actorDetailSchema,
  actorListItemSchema,
  actorPictureVersionNames,
  castingCallDetailSchema,
  castingCallListItemSchema,
  contentLocales,
  crewDetailSchema,
  crewListItemSchema,
  crewProfessionKeys,
  genderNewKeys,
  pictureVersionNames,
} from './directory-api.ts';
import { isAppLinkRoute, maxAppLinkLength } from './app-links.ts';
import { maxExternalUrlLength } from './external-url.ts';
import { actorListFields, castingCallListFields, crewListFields } from './list-fields.ts';
import { maxNameQueryLength, maxPerPage } from './list-limits.ts';
import { officeChannels } from './officeBridge.ts';

const connectionId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'a connection id');
/** Characters of a connection's name: the form's field, the bridge and the back end's settings file. */
export const maxConnectionNameLength = 80;
/** A router path a castdesk:// link may open, exactly as the link rule writes it. */
const appLinkRoute = z.string().max(maxAppLinkLength).refine(isAppLinkRoute, 'a route a castdesk:// link can open');
const profileId = z.number().int().positive().max(2_147_483_647);
const contentLocale = z.enum(contentLocales);
const nothing = z.object({}).strict();
/** Bytes of stored media files by URL. */
const storedSizes = z.record(z.string(), z.number().int().nonnegative());
/** Keys are given to the back end only; they are never part of a result. */
const apiKey = z.string().min(1).max(512);

export const connectionViewSchema = z.object({
  id: connectionId,
  name: z.string(),
  baseUrl: z.string(),
  contentLocale,
  isDemo: z.boolean(),
  /**
   * Which directory this is (scheme://host[:port] of the address it was made for): the offline
   * library keys profiles by it, and it stays when the address changes (the demo on another port).
   */
  directoryOrigin: z.string(),
  /** Whether a key is stored; the key itself never crosses the bridge. */
  hasKey: z.boolean(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

/**
 * The embedded demo directory's start: not asked for (`idle`), starting its service, reopening
 * data kept from an earlier run, generating new data (with the counts it is generating), `ready`,
 * or `failed`.
 */
export const demoStatusSchema = z.object({
  phase: z.enum(['idle', 'starting', 'reopening', 'generating', 'ready', 'failed']),
  actors: z.number().int().nonnegative().optional(),
  crew: z.number().int().nonnegative().optional(),
  castingCalls: z.number().int().nonnegative().optional(),
  /** While generating: actors written so far (of `actors`). */
  actorsWritten: z.number().int().nonnegative().optional(),
});
export type DemoStatus = z.infer<typeof demoStatusSchema>;

/**
 * Where the app's own update stands: `unavailable` (the web shell, or a build without an update
 * feed: nothing is ever checked), `idle` (nothing newer, or not checked yet), `checking`,
 * `downloading` `version`, `ready` (downloaded, sha512 verified, waiting for the user), `failed`
 * (the reason is in the log). `consent` is the user's answer to a ready update: installed when the
 * app quits, or later (not on this quit).
 */
export const updateStatusSchema = z.object({
  phase: z.enum(['unavailable', 'idle', 'checking', 'downloading', 'ready', 'failed']),
  version: z.string().max(256).optional(),
  consent: z.enum(['undecided', 'install_on_quit', 'later']),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

export const connectionTestSchema = z.object({
  reachable: z.boolean(),
  keyAccepted: z.boolean(),
  counts: z.object({ actors: z.number().int(), crew: z.number().int(), castingCalls: z.number().int() }).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** An item of a list page that did not match the API: left out of `items`, kept in the "could not read" list. */
export const rejectedListItemSchema = z.object({
  /** Its id when readable, else null. */
  id: z.number().int().positive().nullable(),
  /** Its place on the page. */
  index: z.number().int().nonnegative(),
  /** JSON path of the first bad field from the page, e.g. `$[3].gender_new`. */
  path: z.string(),
  reason: z.string(),
});
export type RejectedListItem = z.infer<typeof rejectedListItemSchema>;

const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Absent when every item was read. */
    rejected: z.array(rejectedListItemSchema).optional(),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    perPage: z.number().int().positive(),
    nextPage: z.number().int().positive().nullable(),
    /** The directory's clock when it answered (ISO, from its `Date` header); absent when it sent none. */
    serverTime: z.string().optional(),
  });

const paging = { page: z.number().int().positive().max(1_000_000).optional(), perPage: z.number().int().min(1).max(maxPerPage).optional() };
const ordering = { order: z.enum(['id', 'name', 'last_name']).optional(), direction: z.enum(['asc', 'desc']).optional() };
const genderFilter = z.enum(genderNewKeys);

export const actorListParamsSchema = z
  .object({
    ...paging,
    ...ordering,
    fields: z.array(z.enum(actorListFields)).max(actorListFields.length).optional(),
    includePicture: z.boolean().optional(),
    pictureVersion: z.enum(actorPictureVersionNames).optional(),
    gender: genderFilter.optional(),
    updatedSince: z.number().int().optional(),
    actingAgeMin: z.number().int().min(0).max(999).optional(),
    actingAgeMax: z.number().int().min(0).max(999).optional(),
    languages: z.array(z.string().regex(/^[a-z]{3}$/)).max(20).optional(),
    q: z.string().max(maxNameQueryLength).optional(),
  })
  .strict();
export type ActorListParams = z.infer<typeof actorListParamsSchema>;

export const crewListParamsSchema = z
  .object({
    ...paging,
    ...ordering,
    fields: z.array(z.enum(crewListFields)).max(crewListFields.length).optional(),
    includePicture: z.boolean().optional(),
    pictureVersion: z.enum(pictureVersionNames).optional(),
    gender: genderFilter.optional(),
    updatedSince: z.number().int().optional(),
    professions: z.array(z.enum(crewProfessionKeys)).max(crewProfessionKeys.length).optional(),
    q: z.string().max(maxNameQueryLength).optional(),
    locale: contentLocale.optional(),
  })
  .strict();
export type CrewListParams = z.infer<typeof crewListParamsSchema>;

export const castingCallListParamsSchema = z
  .object({ ...paging, current: z.boolean().optional(), fields: z.array(z.enum(castingCallListFields)).max(castingCallListFields.length).optional() })
  .strict();

const priority = z.enum(requestPriorities).optional();

const detailOptions = { enum: z.enum(['translate', 'v2']).optional(), locale: contentLocale.optional() };

function channel<A extends z.ZodType, R extends z.ZodType>(args: A, result: R) {
  return { args, result };
}
type ChannelSchemas = { args: z.ZodType; result: z.ZodType };

/** The bridge: channel name (also the preload function's name) → argument and result schemas. */
export const bridgeChannels = {
  getAppInfo: channel(
    /** `recheckKeychain`: ask a keychain that did not answer again (the Connections page, "Check again"). */
    z.object({ recheckKeychain: z.boolean().optional() }).strict(),
    z.object({
      version: z.string(),
      shell: z.enum(['electron', 'web']),
      keychain: z.object({ available: z.boolean(), reason: z.string().optional() }),
      /** Where the app keeps its data and its log files (shown in Settings; Electron opens them). */
      folders: z.object({ data: z.string(), logs: z.string() }),
    }),
  ),
  listConnections: channel(nothing, z.object({ connections: z.array(connectionViewSchema), activeId: connectionId.nullable() })),
  addConnection: channel(
    z.object({ name: z.string().min(1).max(maxConnectionNameLength), baseUrl: z.string().min(1).max(2048), contentLocale, key: apiKey }).strict(),
    connectionViewSchema,
  ),
  updateConnection: channel(
    z.object({ id: connectionId, name: z.string().min(1).max(maxConnectionNameLength).optional(), baseUrl: z.string().min(1).max(2048).optional(), contentLocale: contentLocale.optional() }).strict(),
    connectionViewSchema,
  ),
  removeConnection: channel(z.object({ id: connectionId }).strict(), nothing),
  setActiveConnection: channel(z.object({ id: connectionId }).strict(), nothing),
  setConnectionKey: channel(z.object({ id: connectionId, key: apiKey }).strict(), connectionViewSchema),
  deleteConnectionKey: channel(z.object({ id: connectionId }).strict(), connectionViewSchema),
  testConnection: channel(z.object({ id: connectionId }).strict(), connectionTestSchema),
  /**
   * Tests an address and key before anything is saved (adding a connection tests it on save): the
   * key goes to that address only, and nothing is stored.
   */
  testNewConnection: channel(z.object({ baseUrl: z.string().min(1).max(2048), key: apiKey }).strict(), connectionTestSchema),
  /**
   * Starts the embedded demo directory when needed and makes it a connection (one, whatever its port).
   * `contentLocale`: the content language a newly made demo connection reads in (the UI's on a first start).
   * `activate`: make the demo the active connection (the user asked for the demo). Without it the
   * active connection stays as it is: the demo reopened at start takes seconds, and a connection the
   * user picks meanwhile must not be overruled; a newly made demo is active only as the first connection.
   */
  openDemoDirectory: channel(z.object({ contentLocale: contentLocale.optional(), activate: z.boolean().optional() }).strict(), connectionViewSchema),
  /** How far the demo directory's start has got (the first start shows it instead of only "Connecting …"). */
  getDemoStatus: channel(nothing, demoStatusSchema),
  listActors: channel(z.object({ connectionId, params: actorListParamsSchema, priority }).strict(), listPage(actorListItemSchema)),
  getActor: channel(z.object({ connectionId, id: profileId, ...detailOptions, priority }).strict(), actorDetailSchema),
  listCrew: channel(z.object({ connectionId, params: crewListParamsSchema, priority }).strict(), listPage(crewListItemSchema)),
  getCrew: channel(z.object({ connectionId, id: profileId, enum: z.enum(['translate']).optional(), locale: contentLocale.optional(), priority }).strict(), crewDetailSchema),
  listCastingCalls: channel(z.object({ connectionId, params: castingCallListParamsSchema, priority }).strict(), listPage(castingCallListItemSchema)),
  getCastingCall: channel(z.object({ connectionId, id: profileId, priority }).strict(), castingCallDetailSchema),
  listAttributes: channel(z.object({ connectionId }).strict(), z.array(z.string())),
  getAttribute: channel(z.object({ connectionId, name: z.string().regex(/^[a-z0-9_]{1,64}$/), locale: contentLocale }).strict(), z.record(z.string(), z.string())),
  /** `count` URLs in `files` files on disk; `keptFiles`/`keptBytes` of them are kept offline. */
  getMediaCacheStats: channel(
    nothing,
    z.object({ count: z.number().int(), files: z.number().int(), bytes: z.number().int(), capBytes: z.number().int(), keptFiles: z.number().int(), keptBytes: z.number().int() }),
  ),
  /**
   * Which of `urls` the media cache holds on disk: the true count of what shows offline.
   * `keepGeneration` marks those kept offline by the connection in that pass (spared by the
   * cache's eviction).
   */
  getMediaPresence: channel(
    z.object({ connectionId, urls: z.array(z.string().min(1).max(2048)).min(1).max(100), keepGeneration: z.number().int().nonnegative().optional() }).strict(),
    /** `sizes`: bytes of each present URL, so keeping plans against the cache's cap with real sizes. */
    z.object({ present: z.array(z.string()), sizes: storedSizes.optional() }),
  ),
  /**
   * After a complete pass over what a connection keeps offline (marked with generation `before`),
   * releases its older marks: what a dropped scope kept may be evicted again.
   */
  releaseKeptMedia: channel(z.object({ connectionId, before: z.number().int().nonnegative() }).strict(), z.object({ released: z.number().int() })),
  setMediaCacheCap: channel(z.object({ capBytes: z.number().int().min(50 * 1024 * 1024).max(1024 ** 4) }).strict(), nothing),
  clearMediaCache: channel(nothing, nothing),
  /** Fetches pictures into the media cache so they show offline; reports which could not be cached. */
  prefetchMedia: channel(
    z
      .object({
        connectionId,
        urls: z.array(z.string().min(1).max(2048)).min(1).max(100),
        priority: z.enum(['high', 'normal', 'low']),
        /** Kept offline by the connection in this pass: spared by the cache's eviction while anything else can go. */
        keepGeneration: z.number().int().nonnegative().optional(),
        /** Pictures (default) or showreel media (audio and video files). */
        kind: z.enum(['picture', 'showreel']).optional(),
        /** The largest file accepted (the user's showreel limit); pictures have their own. */
        maxBytes: z.number().int().min(1).max(1024 ** 4).optional(),
      })
      .strict(),
    z.object({ cached: z.array(z.string()), sizes: storedSizes.optional(), failed: z.array(z.object({ url: z.string(), code: z.string(), status: z.number().int().optional() })) }),
  ),
  /** Where the connection's directory host stands in its rate limit, for sync progress and pacing. */
  getRateBudget: channel(
    z.object({ connectionId }).strict(),
    z.object({
      headersSeen: z.boolean(),
      limit: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      inFlight: z.number().int(),
      waiting: z.record(z.enum(requestPriorities), z.number().int()),
      /** Epoch milliseconds. */
      resetAt: z.number().nullable(),
      blockedUntil: z.number().nullable(),
      /** Answers 429 seen since the back end started: should stay 0. */
      rateLimitedAnswers: z.number().int(),
    }),
  ),
  /**
   * What the back end remembers of a connection's sync, outside the renderer's storage: when the
   * renderer finds its cache empty but a full sync had completed, the browser evicted its storage
   * and it syncs in full again.
   */
  getSyncMemory: channel(z.object({ connectionId }).strict(), z.object({ completedFullSyncAt: z.string().nullable() })),
  setSyncMemory: channel(z.object({ connectionId, completedFullSyncAt: z.string().datetime({ offset: true }).nullable() }).strict(), nothing),
  /**
   * Hands a link to the OS browser or mail program. The back end opens only what isSafeExternalUrl
   * (contract/external-url.ts) accepts and refuses the rest with `invalid_input`; `opened` is false
   * when the OS had no program to take it.
   */
  openExternal: channel(z.object({ url: z.string().max(maxExternalUrlLength) }).strict(), z.object({ opened: z.boolean() })),
  /** Opens the data or log folder in the OS file manager; `opened` is false where the shell cannot (the web shell). */
  openFolder: channel(z.object({ folder: z.enum(['data', 'logs']) }).strict(), z.object({ opened: z.boolean() })),
  /** The sync's progress on the taskbar or dock icon (0–1), or none (null). The web shell has no icon to show it on. */
  setTaskbarProgress: channel(z.object({ fraction: z.number().min(0).max(1).nullable() }).strict(), nothing),
  /** A desktop notification (a long sync ended); `shown` is false where the shell has none. */
  showNotification: channel(z.object({ title: z.string().min(1).max(200), body: z.string().max(1000) }).strict(), z.object({ shown: z.boolean() })),
  /** A failure inside the renderer, written to the app's log (redacted like every log line). */
  logRendererError: channel(z.object({ message: z.string().max(2000), detail: z.string().max(8000) }).strict(), nothing),
  /**
   * The route of the castdesk:// link the app was opened with (at start, from another instance, or
   * macOS's open-url) and not yet shown, or null; taken once. Only a route the link rule
   * (contract/app-links.ts) writes is ever answered.
   */
  takeAppLink: channel(nothing, z.object({ route: appLinkRoute.nullable() })),
  /**
   * Puts the castdesk:// link of `route` on the clipboard ("Copy link"). `copied` is false where
   * the back end has no clipboard (the web shell): the page then copies `link` itself.
   */
  copyAppLink: channel(z.object({ route: appLinkRoute }).strict(), z.object({ link: z.string(), copied: z.boolean() })),
  /**
   * Puts a text the user asked to copy on the clipboard (their comment or note the office refused:
   * stores/clipboard.ts). `copied` is false where the back end has no clipboard (the web shell):
   * the page then copies it itself. The bound is generous: the longest text the app keeps is a
   * comment of 10,000 characters, and a note two members typed into at once may pass its 5,000.
   */
  copyText: channel(z.object({ text: z.string().min(1).max(100_000) }).strict(), z.object({ copied: z.boolean() })),
  /** The UI language changed (or the app started in one): the native menus follow it. */
  setMenuLanguage: channel(z.object({ locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/) }).strict(), nothing),
  /** Where the app's own update stands (the web shell: always `unavailable`). */
  getUpdateStatus: channel(nothing, updateStatusSchema),
  /** The user's answer to a ready update; refused with `updates_unavailable` or `update_not_ready`. */
  setUpdateConsent: channel(z.object({ consent: z.enum(['install_on_quit', 'later']) }).strict(), updateStatusSchema),
  ...officeChannels,
} as const satisfies Record<ChannelName, ChannelSchemas>;

export type BridgeChannels = typeof bridgeChannels;
// The names live in a zod-free module for the preload; `satisfies` above keeps both lists equal.
export { channelNames, ipcChannel, requestPriorities, type ChannelName, type RequestPriority } from './bridge-channels.ts';
export type ChannelArgs<C extends ChannelName> = z.input<BridgeChannels[C]['args']>;
export type ChannelResult<C extends ChannelName> = z.output<BridgeChannels[C]['result']>;

/** What the renderer sees as `window.castdesk`: one named async function per channel. */
export type CastdeskBridge = {
  [C in ChannelName]: (args: ChannelArgs<C>) => Promise<BridgeResult<ChannelResult<C>>>;
};

/**
 * What the Electron preload exposes as `window.castdeskLinks`: main's "a castdesk:// link is
 * waiting" (appLinkWaitingChannel), after which the renderer calls `takeAppLink`.
 */
export interface AppLinkEvents {
  onLinkWaiting(listener: () => void): void;
}

/**
 * Pictures reach the renderer only through the back end's media cache: in Electron under the
 * `castdesk-media:` scheme, in the web shell under `/media-cache`. Both take the same query.
 */
export const mediaScheme = 'castdesk-media';
export function mediaQuery(connectionId: string, url: string, options: MediaQueryOptions = {}): string {
  const fallbacks = (options.fallbacks ?? []).filter((fallback) => fallback && fallback !== url).map((fallback) => `&f=${encodeURIComponent(fallback)}`);
  return `c=${encodeURIComponent(connectionId)}&u=${encodeURIComponent(url)}${fallbacks.join('')}${options.kind === 'showreel' ? '&k=showreel' : ''}`;
}

export interface MediaQueryOptions {
  /** Other versions of the picture, best first: served from the cache when `url` cannot be had. */
  fallbacks?: readonly string[];
  /** A showreel medium: served when stored, otherwise handed to its host. */
  kind?: 'picture' | 'showreel';
}
