/**
 * The desktop back end, composed once per app run and shared by both shells: the key store, the
 * connection settings, one directory client per connection, the media cache, the demo directory and
 * the log, behind one `call(channel, args)` that validates with the contract and never throws.
 * electron/main wires it to IPC, electron/web to loopback HTTP.
 */
import { setMaxListeners } from 'node:events';
import { dirname, join } from 'node:path';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
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
import { demoStatusAfter } from './demo/demoPhase.ts';
import { createDirectoryClient } from './directory/directoryClient.ts';
import { RateBudget } from './directory/rateBudget.ts';
import type { BoundKey } from './keys/keyOrigin.ts';
import { openKeyStore } from './keys/keyStore.ts';
import { createLogger } from './log/logger.ts';
import { Redactor } from './log/redact.ts';
import { guardedMediaFetch } from './media/guardedMediaFetch.ts';
import { MediaCache } from './media/mediaCache.ts';
import { createMediaPrefetcher } from './media/mediaPrefetch.ts';
import { openSyncMemory } from './sync/syncMemory.ts';

export interface BackEnd {
  /** Validates args with the contract (zod), runs the handler, never throws: a BridgeResult. */
  call(channel: string, args: unknown): Promise<BridgeResult<unknown>>;
  /** Writes what the shell saw (a renderer that crashed or hung) to the app's log. */
  logShellEvent(message: string, details?: unknown): void;
  /** Serves a cached picture for the media query `c=<connectionId>&u=<url>` (contract mediaQuery). */
  serveMedia(query: URLSearchParams): Promise<{ status: number; headers: Record<string, string>; body: Buffer | string }>;
  /** The connections' base URLs as they are now: a page's media may come from them (its CSP). */
  directoryAddresses(): string[];
  close(): Promise<void>;
}

export interface BackEndOptions {
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
  desktop?: Partial<Pick<DesktopPort, 'openFolder' | 'setProgress' | 'notify'>>;
}

/** `CASTDESK_DEMO_ARGS="--actors 60 --crew 10"` → `['--actors', '60', '--crew', '10']`. */
export function demoArgsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CASTDESK_DEMO_ARGS ?? '').split(/\s+/).filter((part) => part.length > 0);
}

/** Opens every part under `userDataDir` and returns the running back end. */
export async function createBackEnd(options: BackEndOptions): Promise<BackEnd> {
  const { userDataDir } = options;
  const logger = createLogger({ userDataDir });
  // The bridge's error messages get the same redaction as the log file.
  const redactor = new Redactor();
  const secrets = {
    addSecret(value: string) {
      logger.addSecret(value);
      redactor.addSecret(value);
    },
  };
  const keys = await openKeyStore({ secrets });
  if (!keys.status().available) logger.warn(keys.status().reason ?? 'No system keychain.');
  const store = await openConnectionStore({ userDataDir, keyStore: keys });
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
    },
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
    directoryAddresses: () => store.list().map((connection) => connection.baseUrl),
    async serveMedia(query) {
      try {
        return await serveMediaQuery(query, media, async (id) => store.get(id) !== undefined);
      } catch (error) {
        logger.error('Serving a picture failed.', error);
        return { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Internal error.\n' };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
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
