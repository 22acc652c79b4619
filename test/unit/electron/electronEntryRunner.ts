/**
 * Runs an Electron app's main entry in plain Node under the `electron` double, as Electron would:
 * `node electronEntryRunner.ts <entry file> [app arguments…]` maps the specifier 'electron' to the
 * double, loads the entry (electronDouble.loadEntry: 'ready' only after the entry evaluated) and
 * reports on stdout, one `@double {json}` line each: 'ready'; 'window' when a window's page has
 * loaded (URL, the handler's status, the preload's exposed APIs and errors); 'answer' for each call.
 * Once the first window's page has loaded it reads stdin: each line `{"id", "call", "args"}` calls window.castdesk[call](args) in
 * the first window, as the page would. End of stdin quits the app (before-quit lets the back end
 * close), then the process exits. Until then it holds nothing open: an entry that never finishes
 * evaluating leaves Node with an unsettled top-level await (exit code 13). Plain Node runs it
 * (erasable TypeScript, Node built-ins and the double only), so it works outside the repository.
 */
import { registerHooks } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { electronDouble, type BrowserWindowDouble } from './electronDouble.ts';

const electronUrl = new URL('./electronModule.ts', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    return specifier === 'electron' ? { url: electronUrl, format: 'module-typescript', shortCircuit: true } : nextResolve(specifier, context);
  },
});

const { app, recorded } = electronDouble;
const report = (event: string, detail: Record<string, unknown> = {}): void => void process.stdout.write(`@double ${JSON.stringify({ event, ...detail })}\n`);

app.on('ready', () => report('ready'));
app.on('browser-window-created', (_event: unknown, window: BrowserWindowDouble) => {
  window.webContents.on('did-finish-load', () => {
    const castdesk = (window.mainWorld.castdesk ?? {}) as Record<string, unknown>;
    report('window', {
      url: window.loadedUrl,
      pageStatus: window.pageStatus,
      preload: window.options.webPreferences?.preload,
      mainWorld: Object.keys(window.mainWorld),
      bridge: Object.entries(castdesk).map(([name, value]) => `${name}:${typeof value}`),
      links: Object.entries((window.mainWorld.castdeskLinks ?? {}) as Record<string, unknown>).map(([name, value]) => `${name}:${typeof value}`),
      preloadErrors: window.preloadErrors.map(String),
    });
    if (window === recorded.windows[0]) readCalls();
  });
});
// Ended from outside (a test's cleanup): exit, so the utility processes end with it as with Electron.
process.on('SIGTERM', () => process.exit(143));
// Electron terminates the app after 'quit' (with its exit code), once nothing prevented quitting.
app.on('quit', (_event: unknown, exitCode: number) => {
  report('quit', { exitCodes: recorded.exitCodes, errorBoxes: recorded.errorBoxes, utilityExitCodes: recorded.utilityProcesses.map((child) => child.exitCode ?? null) });
  process.exit(exitCode);
});

/** Calls from the test into the page's bridge, answered in order of completion. */
function readCalls(): void {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const { id, call, args } = JSON.parse(line) as { id: number; call: string; args: unknown };
    const castdesk = recorded.windows[0]?.mainWorld.castdesk as Record<string, (args: unknown) => Promise<unknown>> | undefined;
    Promise.resolve()
      .then(() => castdesk![call]!(args))
      .then(
        (value) => report('answer', { id, value }),
        (error: unknown) => report('answer', { id, thrown: String(error) }),
      );
  });
  lines.on('close', () => app.quit());
}

const entry = process.argv[2];
if (!entry) throw new Error('usage: node electronEntryRunner.ts <entry file> [app arguments…]');
await electronDouble.loadEntry(pathToFileURL(path.resolve(entry)).href);
