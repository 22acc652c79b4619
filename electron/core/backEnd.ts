/**
 * The desktop back end, composed once per app run and shared by both shells: the key store, the
 * connection settings, one directory client per connection, the media cache, the demo directory and
 * the log, behind one `call(channel, args)` that validates with the contract and never throws.
 * electron/main wires it to IPC, electron/web to loopback HTTP.
 */
import { setMaxListeners } from 'node:events';
import { dirname, join } from 'node:path';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
import { ensurePrivateFolder } from '../../server/src/privateFolder.ts';
import type { DemoStatus } from '../../contract/bridge.ts';
import { BridgeFailure } from './bridge/bridgeFailure.ts';
import { createDirectoryPort } from './bridge/directoryPort.ts';
import { createDispatcher } from './bridge/dispatch.ts';
import { createHandlers } from './bridge/handlers.ts';
import { serveMediaQuery } from './bridge/mediaRequest.ts';
import type { BackEndParts, DesktopPort, DirectoryPort, ExternalOpener } from './bridge/ports.ts';
import { openConnectionStore } from './connections/connectionStore.ts';
import { connectionsPort } from './connections/connectionsPort.ts';
import { testConnection } from './connections/testConnection.ts';
import { startDemoDirectory, type DemoDirectory, type DemoLaunchOptions } from './demo/demoLauncher.ts';
import { plannedDemoAddress } from './demo/demoPort.ts';
import { demoStatusAfter } from './demo/demoPhase.ts';
import { createDirectoryClient } from './directory/directoryClient.ts';
import { RateBudget } from './directory/rateBudget.ts';
import type { BoundKey } from './keys/keyOrigin.ts';
import { openKeyStore } from './keys/keyStore.ts';
import { openOfficeMembership } from './office/officeMembership.ts';
import { officeRecordsFile } from './office/officeRecords.ts';
import { createLogger } from './log/logger.ts';
import { Redactor } from './log/redact.ts';
import { guardedMediaFetch } from './media/guardedMediaFetch.ts';
import { MediaCache } from './media/mediaCache.ts';
import { createMediaPrefetcher } from './media/mediaPrefetch.ts';
import { openSyncMemory } from './sync/syncMemory.ts';
import { writeProblemReport, type SupportVersions } from './support/problemReport.ts';
import { openCheckSchedule } from './updates/checkSchedule.ts';
import { updateFeedFrom } from './updates/updateFeed.ts';
import { createUpdateFlow, type UpdateEngine, type UpdateFlow, type UpdateLog } from './updates/updateFlow.ts';

/** How often a running app asks whether a daily update check has become due. */
const updateDueCheckMs = 60 * 60 * 1000;

export interface BackEnd {
  /** Validates args with the contract (zod), runs the handler, never throws: a BridgeResult. */
  call(channel: string, args: unknown): Promise<BridgeResult<unknown>>;
  /** Writes what the shell saw (a renderer that crashed or hung) to the app's log. */
  logShellEvent(message: string, details?: unknown): void;
  /** Where the app keeps its data and its log files. */
  readonly folders: { data: string; logs: string };
  /**
   * Writes a problem report (versions and the logs, every stored key hidden) into a new folder in
   * `targetDir`; resolves that folder.
   */
  saveProblemReport(targetDir: string, versions: Omit<SupportVersions, 'dataFolder'>): Promise<string>;
  /** Serves a cached picture for the media query `c=<connectionId>&u=<url>` (contract mediaQuery). */
  serveMedia(query: URLSearchParams): Promise<{ status: number; headers: Record<string, string>; body: Buffer | string }>;
  /**
   * Starts the app's own updates (the Electron shell, once its window is open): checks now when a
   * daily check is due, and hourly whether one has become due; the bridge's update channels answer
   * from then on. Without a feed (`appUpdateYml` null or unusable) nothing is ever checked.
   */
  startUpdates(options: StartUpdatesOptions): UpdateFlow;
  /** The connections' base URLs as they are now: a page's media may come from them (its CSP). */
  directoryAddresses(): string[];
  /** The joined offices' addresses: the page may open WebSockets to them (contentSecurityPolicy.ts). */
  officeAddresses(): string[];
  close(): Promise<void>;
}

export interface StartUpdatesOptions {
  /** The text of the packaged app's resources/app-update.yml; null when there is none. */
  appUpdateYml: string | null;
  /** Makes the updater for the feed, on the first due check only; `log` is the app's log. */
  createEngine(feedUrl: string, log: UpdateLog): UpdateEngine;
  /** The clock of the once-a-day rule; Date.now by default. */
  now?: () => number;
}

export interface BackEndOptions {
  /** Settings, log, media cache, demo data: created, or tightened, to owner only (privateFolder.ts). */
  userDataDir: string;
  shell: 'electron' | 'web';
  version: string;
  /**
   * Extra flags for the demo directory service, e.g. `--actors 60 --crew 10 --casting-calls 8`
   * for a small, fast demo in tests. Default: the environment variable CASTDESK_DEMO_ARGS.
   */
  demoArgs?: string[];
  /**
   * How to run the directory service for the demo. Omitted: from the sources with tsx in a Node
   * child (development and the web shell). The Electron app passes a utility-process starter for
   * its bundled entry (out/main/directory.js), since a bundle cannot find the sources relative to itself.
   */
  demoLaunch?: Pick<DemoLaunchOptions, 'startProcess' | 'command' | 'args' | 'cwd'>;
  /**
   * Opens the links the `openExternal` channel accepted: shell.openExternal in Electron, the
   * default browser in the web shell. Omitted (tests, benchmarks): nothing is opened and the
   * channel answers `opened: false`.
   */
  openExternal?: ExternalOpener;
  /**
   * What the Electron shell does for the desktop: open a folder in the file manager, show sync
   * progress on the taskbar icon, show a native notification. Omitted (the web shell, tests):
   * nothing is done and the channels say so.
   */
  desktop?: Partial<Pick<DesktopPort, 'openFolder' | 'setProgress' | 'notify' | 'takeAppRoute' | 'copyText' | 'setMenuLanguage'>>;
}

/** `CASTDESK_DEMO_ARGS="--actors 60 --crew 10"` → `['--actors', '60', '--crew', '10']`. */
export function demoArgsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CASTDESK_DEMO_ARGS ?? '').split(/\s+/).filter((part) => part.length > 0);
}

/** Opens every part under `userDataDir` and returns the running back end. */
export async function createBackEnd(options: BackEndOptions): Promise<BackEnd> {
  const { userDataDir } = options;
  const folder = await ensurePrivateFolder(userDataDir);
  const logger = createLogger({ userDataDir });
  if (folder.problem) logger.warn(folder.problem);
  // The bridge's error messages get the same redaction as the log file.
  const redactor = new Redactor();
  // Kept for the problem report, which hides them in logs written before they were registered.
  const knownSecrets = new Set<string>();
  const secrets = {
    addSecret(value: string) {
      knownSecrets.add(value);
      logger.addSecret(value);
      redactor.addSecret(value);
    },
  };
  const keys = await openKeyStore({ secrets });
  if (!keys.status().available) logger.warn(keys.status().reason ?? 'No system keychain.');
  const store = await openConnectionStore({ userDataDir, keyStore: keys });
  const offices = await openOfficeMembership({ keys, records: officeRecordsFile(userDataDir), log: (line) => logger.warn(line) });
  const demoDataDir = join(userDataDir, 'demo-directory');
  const demoAddress = await ensurePrivateFolder(demoDataDir)
    .then(() => plannedDemoAddress(demoDataDir))
    .catch((error: unknown) => {
      logger.warn(`The demo directory's address could not be planned: ${(error as Error).message}`);
      return null;
    });
  if (store.loadProblem) logger.warn('The settings file was damaged and set aside.', store.loadProblem);
  // Pictures and showreels come from URLs a directory wrote: never from this computer or the local
  // network, except from a connection's own directory (the demo directory is on 127.0.0.1).
  const media = await MediaCache.open({
    dir: join(userDataDir, 'media-cache'),
    fetch: guardedMediaFetch({ trustedOrigins: () => store.list().map((connection) => connection.baseUrl), log: (line) => logger.info(line) }),
    log: (line) => logger.warn(line),
  });
  const prefetcher = createMediaPrefetcher(media, { log: (line) => logger.error(line) });
  const syncMemory = await openSyncMemory({ userDataDir, log: (line) => logger.warn(line) });
  // An entry whose connection is gone (a removal cut short) would only mislead a later connection's sync.
  await syncMemory.retainOnly(store.list().map((connection) => connection.id));
  const demoArgs = options.demoArgs ?? demoArgsFromEnv();

  const directories = new Map<string, { baseUrl: string; key: BoundKey; port: DirectoryPort }>();
  /**
   * One budget per directory host: the provider limits requests per client, so connections to
   * the same host share its limit. Kept when a client is rebuilt (new key or base URL).
   */
  const budgets = new Map<string, RateBudget>();
  const budgetOf = (baseUrl: string): RateBudget => {
    const host = new URL(baseUrl).origin;
    let budget = budgets.get(host);
    if (!budget) {
      budget = new RateBudget();
      budgets.set(host, budget);
    }
    return budget;
  };
  let demo: DemoDirectory | null = null;
  /** The demo's start under way or done: a second window or a reload joins it instead of starting another. */
  let demoStarting: Promise<DemoDirectory> | null = null;
  let demoStatus: DemoStatus = { phase: 'idle' };
  let closed = false;
  let updates: UpdateFlow | null = null;
  let updateTimer: NodeJS.Timeout | undefined;
  /** Aborted on close: directory calls still waiting for their budget must not outlive the back end. */
  const closing = new AbortController();
  // Every waiting and running directory call listens to it.
  setMaxListeners(0, closing.signal);

  const parts: BackEndParts = {
    version: options.version,
    shell: options.shell,
    keys,
    connections: connectionsPort(store),
    directory(connection, key) {
      const known = directories.get(connection.id);
      if (known && known.baseUrl === connection.baseUrl && known.key.key === key.key && known.key.origin === key.origin) return known.port;
      const port = createDirectoryPort(createDirectoryClient({ baseUrl: connection.baseUrl, key, budget: budgetOf(connection.baseUrl) }), closing.signal);
      directories.set(connection.id, { baseUrl: connection.baseUrl, key, port });
      return port;
    },
    forgetDirectory(connectionId) {
      directories.delete(connectionId);
    },
    testConnection: (input) => testConnection(input),
    rateBudget: (connection) => budgetOf(connection.baseUrl).stats(),
    media: {
      stats() {
        const stats = media.stats();
        return { count: stats.count, files: stats.files, bytes: stats.bytes, capBytes: stats.cap, keptFiles: stats.keptFiles, keptBytes: stats.keptBytes };
      },
      present: (urls, options) => media.present(urls, options),
      sizeOf: (url) => media.sizeOf(url),
      releaseKept: (owner, generation) => media.releaseKept(owner, generation),
      setCap: (bytes) => media.setCap(bytes),
      clear: () => media.clear(),
      prefetch: (urls, priority, options) => prefetcher.prefetch(urls, priority, options),
    },
    syncMemory: {
      get: (connectionId) => syncMemory.get(connectionId),
      set: (connectionId, entry) => syncMemory.set(connectionId, entry),
      forget: (connectionId) => syncMemory.forget(connectionId),
    },
    openExternal: options.openExternal ?? (async () => false),
    desktop: {
      folders: { data: userDataDir, logs: dirname(logger.file) },
      openFolder: options.desktop?.openFolder ?? (async () => false),
      setProgress: options.desktop?.setProgress ?? (() => undefined),
      notify: options.desktop?.notify ?? (() => false),
      logRendererError: (message, detail) => logger.error(`Renderer: ${message}`, detail),
      takeAppRoute: options.desktop?.takeAppRoute ?? (() => null),
      copyText: options.desktop?.copyText ?? (() => false),
      setMenuLanguage: options.desktop?.setMenuLanguage ?? (() => undefined),
    },
    updates: () => updates,
    offices,
    demo: {
      async start() {
        if (closed) throw new BridgeFailure('demo_failed', 'The app is shutting down.');
        if (!demoStarting) {
          demoStatus = { phase: 'starting' };
          const report = (line: string) => {
            logger.info(line);
            demoStatus = demoStatusAfter(line, demoStatus);
          };
          demoStarting = startDemoDirectory({ userDataDir, ...options.demoLaunch, extraArgs: demoArgs, log: report });
        }
        const starting = demoStarting;
        try {
          demo = await starting;
        } catch (error) {
          // The next call tries again.
          if (demoStarting === starting) demoStarting = null;
          demoStatus = { phase: 'failed' };
          logger.error('The demo directory could not start.', error);
          throw new BridgeFailure('demo_failed', (error as Error).message.split('\n')[0] ?? 'The demo directory could not start.');
        }
        demoStatus = { ...demoStatus, phase: 'ready' };
        secrets.addSecret(demo.key);
        return { baseUrl: demo.baseUrl, key: demo.key, directoryOrigin: demo.directoryOrigin };
      },
      status: () => demoStatus,
    },
  };

  const dispatch = createDispatcher(createHandlers(parts), {
    redact: (text) => redactor.redact(text),
    log: (line) => logger.error(line),
  });

  return {
    call: dispatch,
    logShellEvent: (message, details) => logger.error(message, details),
    folders: parts.desktop.folders,
    async saveProblemReport(targetDir, versions) {
      // Every key the keychain holds for a connection is hidden too, not only those read in this run.
      const secrets = [...knownSecrets];
      for (const connection of store.list()) {
        const bound = await keys.readKey(connection.id, connection.baseUrl).catch(() => null);
        if (bound) secrets.push(bound.key);
      }
      const folder = await writeProblemReport({ targetDir, logDir: parts.desktop.folders.logs, versions: { ...versions, dataFolder: userDataDir }, secrets });
      logger.info(`A problem report was saved in ${folder}.`);
      return folder;
    },
    // The demo's address even before its connection exists (a first start's page keeps the policy it was sent).
    officeAddresses: () => offices.urls(),
    directoryAddresses: () => [...store.list().map((connection) => connection.baseUrl), ...(demo ? [demo.baseUrl] : demoAddress ? [demoAddress] : [])],
    async serveMedia(query) {
      try {
        return await serveMediaQuery(query, media, async (id) => store.get(id) !== undefined);
      } catch (error) {
        logger.error('Serving a picture failed.', error);
        return { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Internal error.\n' };
      }
    },
    startUpdates(start) {
      if (updates) return updates;
      const flow = createUpdateFlow({
        feed: updateFeedFrom(start.appUpdateYml),
        runningVersion: options.version,
        schedule: openCheckSchedule({ userDataDir, now: start.now ?? Date.now }),
        createEngine: start.createEngine,
        log: logger,
      });
      updates = flow;
      if (flow.status().phase !== 'unavailable') {
        void flow.checkIfDue();
        updateTimer = setInterval(() => void flow.checkIfDue(), updateDueCheckMs);
        updateTimer.unref();
      }
      return flow;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(updateTimer);
      closing.abort();
      prefetcher.close();
      await media.flush().catch((error: unknown) => logger.warn('Could not save the media cache index.', error));
      const running = demo;
      demo = null;
      demoStarting = null;
      await running?.stop();
    },
  };
}
