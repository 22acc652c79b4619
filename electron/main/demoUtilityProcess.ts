/**
 * The demo directory in Electron's utility process: Node without ELECTRON_RUN_AS_NODE (the
 * packaged app has that fuse off, so `process.execPath` can no longer act as Node), and a child
 * that Electron ends with the app, so it needs no watchdog. Thin glue: the launcher in
 * electron/core/demo decides when to start, stop and restart.
 */
import { utilityProcess } from 'electron';
import { serviceStopRequest } from '../../contract/service-stop.ts';
import type { DemoProcessStarter } from '../core/demo/demoProcess.ts';

/** A starter for electron/core's demo launcher that forks `entry` (the bundled directory service). */
export function demoUtilityProcess(entry: string): DemoProcessStarter {
  return ({ serviceArgs, cwd, env }) => {
    // Inherited from a development start, it would turn the utility process's Electron into plain Node.
    const childEnv = { ...env };
    delete childEnv.ELECTRON_RUN_AS_NODE;
    const child = utilityProcess.fork(entry, serviceArgs, { cwd, env: childEnv, stdio: 'pipe', serviceName: 'Castdesk demo directory' });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      // A message, not kill(): that is SIGTERM on macOS and Linux but TerminateProcess on Windows,
      // a hard kill while PGlite may be writing. The service closes its database, then exits.
      terminate: () => child.postMessage(serviceStopRequest),
      kill() {
        try {
          if (child.pid === undefined) child.kill();
          else process.kill(child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      },
      onExit: (listener) => void child.once('exit', (code) => listener({ code, signal: null })),
      // A utility process that cannot load its entry exits with a code; 'exit' says so.
      onStartError: () => undefined,
    };
  };
}
