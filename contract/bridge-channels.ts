/**
 * The bridge's channel names without their schemas. The sandboxed preload bundles this file only,
 * so zod never enters the renderer's preload; contract/bridge.ts checks at compile time that its
 * schema table has exactly these channels.
 */
export const channelNames = [
  'getAppInfo',
  'listConnections',
  'addConnection',
  'updateConnection',
  'removeConnection',
  'setActiveConnection',
  'setConnectionKey',
  'deleteConnectionKey',
  'testConnection',
  'testNewConnection',
  'openDemoDirectory',
  'getDemoStatus',
  'listActors',
  'getActor',
  'listCrew',
  'getCrew',
  'listCastingCalls',
  'getCastingCall',
  'listAttributes',
  'getAttribute',
  'getMediaCacheStats',
  'getMediaPresence',
  'releaseKeptMedia',
  'setMediaCacheCap',
  'clearMediaCache',
  'prefetchMedia',
  'getRateBudget',
  'getSyncMemory',
  'setSyncMemory',
  'openExternal',
  'openFolder',
  'setTaskbarProgress',
  'showNotification',
  'logRendererError',
  'takeAppLink',
  'copyAppLink',
  'copyText',
  'setMenuLanguage',
  'getUpdateStatus',
  'setUpdateConsent',
  'listOffices',
  'joinOffice',
  'addOfficeWithToken',
  'removeOffice',
  'getOfficeToken',
  'listOfficeLists',
  'createOfficeInvite',
  'listOfficeMembers',
  'setOfficeMemberRole',
  'clearOfficeListRole',
  'revokeOfficeMember',
  'removeOfficeList',
] as const;
export type ChannelName = (typeof channelNames)[number];

/**
 * The channels that ask a connection's directory (their arguments name the connection): what the
 * renderer learns the directory's reachability from.
 */
export const directoryChannels = [
  'listActors',
  'getActor',
  'listCrew',
  'getCrew',
  'listCastingCalls',
  'getCastingCall',
  'listAttributes',
  'getAttribute',
  'testConnection',
] as const satisfies readonly ChannelName[];

/** The IPC channel string in Electron for a bridge channel. */
export function ipcChannel(name: ChannelName): string {
  return `castdesk:${name}`;
}

/**
 * The one message main sends to the renderer unasked: "a castdesk:// link is waiting". It carries
 * nothing; the renderer fetches the route with `takeAppLink`, whose answer it validates.
 */
export const appLinkWaitingChannel = 'castdesk:appLinkWaiting';

/**
 * Who is waiting for a directory request; the back end's rate budget serves higher priorities
 * first: what the user is looking at, then shortlisted profiles, then "keep offline" scopes, then
 * background refresh.
 */
export const requestPriorities = ['interactive', 'shortlist', 'keep_offline', 'background'] as const;
export type RequestPriority = (typeof requestPriorities)[number];
