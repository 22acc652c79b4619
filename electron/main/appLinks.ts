/**
 * castdesk:// links into the running app. The OS hands a clicked link to the app in three ways:
 * as an argument of the first start, as the argv of a second start that the single-instance lock
 * turns into `second-instance` (Windows, Linux), and as macOS's `open-url`, which can come before
 * `ready` (Electron's app docs; "Deep links" tutorial). Each link is read with the one rule
 * (contract/app-links.ts); a refused one is logged and goes no further. The accepted route waits
 * here until the renderer takes it (`takeAppLink`): at its start, or when told one is waiting.
 */
import { app } from 'electron';
import path from 'node:path';
import { appLinkInArgv, appLinkScheme, routeFromAppLink } from '../../contract/app-links.ts';

export interface AppLinkOptions {
  /** Writes a refused link's reason to the app's log. */
  log(message: string): void;
  /** A route is waiting: bring the window forward (or open it) and tell its renderer. */
  onRouteWaiting(): void;
}

let waitingRoute: string | null = null;

/**
 * Makes Castdesk the program for castdesk:// links. A development run registers the Electron
 * binary with the app's folder as its argument, as Electron's deep-link tutorial does: otherwise
 * the OS would start a bare Electron.
 */
export function registerAppLinkProtocol(): boolean {
  if (app.isPackaged) return app.setAsDefaultProtocolClient(appLinkScheme);
  const appEntry = process.argv[1];
  if (appEntry === undefined) return false;
  return app.setAsDefaultProtocolClient(appLinkScheme, process.execPath, [path.resolve(appEntry)]);
}

/** Reads one link from the OS; the route waits for the renderer, anything else is logged and dropped. */
export function receiveAppLink(link: string, options: AppLinkOptions): void {
  const read = routeFromAppLink(link);
  if (!read.ok) {
    options.log(`A castdesk:// link was ignored: ${read.reason}.`);
    return;
  }
  // The latest link wins: the user clicked it last.
  waitingRoute = read.route;
  options.onRouteWaiting();
}

/** The waiting route, once (the bridge's takeAppLink). */
export function takeAppRoute(): string | null {
  const route = waitingRoute;
  waitingRoute = null;
  return route;
}

/**
 * Listens for links: the first start's own argv, `second-instance` argv and `open-url`. Call it
 * before ready: `open-url` for a link that started the app on macOS fires before it.
 * `onSecondInstance` still runs for a second start without a link (it shows the window).
 */
export function listenForAppLinks(options: AppLinkOptions & { onSecondInstance(): void }): void {
  app.on('open-url', (event: { preventDefault(): void }, url: string) => {
    event.preventDefault();
    receiveAppLink(url, options);
  });
  app.on('second-instance', (_event: unknown, argv: string[]) => {
    const link = appLinkInArgv(argv);
    if (link === null) options.onSecondInstance();
    else receiveAppLink(link, options);
  });
  const startLink = appLinkInArgv(process.argv);
  if (startLink !== null) receiveAppLink(startLink, options);
}
