/**
 * Runs a preload script the way Electron runs it in a sandboxed renderer (Electron's "Process
 * Sandboxing" guide, https://www.electronjs.org/docs/latest/tutorial/sandbox, "Preload scripts"):
 * as a CommonJS function body with its own global object (the renderer's, not Node's), whose
 * `require` gives only `electron` (the renderer modules) and Node's `events`, `timers` and `url`,
 * and which gets the polyfilled globals `Buffer`, `process`, `setImmediate` and `clearImmediate`.
 * Anything else (`fs`, `path`, a package) fails with Electron's "module not found" error.
 */
import events from 'node:events';
import { readFileSync } from 'node:fs';
import timers from 'node:timers';
import url from 'node:url';
import vm from 'node:vm';

/** The modules a sandboxed preload may require (node: prefixes included, as Electron accepts them). */
function allowedModules(electron: unknown): Map<string, unknown> {
  return new Map<string, unknown>([
    ['electron', electron],
    ['electron/renderer', electron],
    ['events', events],
    ['node:events', events],
    ['timers', timers],
    ['node:timers', timers],
    ['url', url],
    ['node:url', url],
  ]);
}

/** The process object a sandboxed preload sees: a few read-only facts, no Node internals. */
function sandboxedProcess(): Record<string, unknown> {
  return Object.freeze({
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
    platform: process.platform,
    arch: process.arch,
    pid: process.pid,
    argv: [],
    env: { ...process.env },
    version: process.version,
    versions: { ...process.versions },
  });
}

/** What a renderer's isolated world has of the web platform (the preload is not in Node). */
function isolatedWorldGlobals(): Record<string, unknown> {
  return {
    console,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    structuredClone,
    queueMicrotask,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    atob,
    btoa,
  };
}

/**
 * Runs the preload at `file` with `electron` as its renderer-side `electron` module; throws what the
 * script throws (Electron logs it in the page's console as "Unable to load preload script").
 */
export function runSandboxedPreload(file: string, electron: unknown): void {
  const modules = allowedModules(electron);
  const preloadRequire = (name: string): unknown => {
    if (!modules.has(name)) throw new Error(`module not found: ${name}`);
    return modules.get(name);
  };
  const context = vm.createContext(isolatedWorldGlobals());
  const parameters = ['require', 'process', 'Buffer', 'global', 'setImmediate', 'clearImmediate', 'exports', 'module'];
  const body = vm.compileFunction(readFileSync(file, 'utf8'), parameters, { filename: file, parsingContext: context });
  const module = { exports: {} };
  body(preloadRequire, sandboxedProcess(), Buffer, vm.runInContext('globalThis', context), setImmediate, clearImmediate, module.exports, module);
}
