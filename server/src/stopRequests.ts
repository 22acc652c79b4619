/**
 * Every way the directory service is asked to stop: Ctrl+C and SIGTERM from a terminal or a
 * service manager, and the app's stop request (contract/service-stop.ts) over a Node child's IPC
 * channel or, in Electron's utility process, over `process.parentPort`, which is how the desktop
 * app stops its demo directory cleanly on Windows too (a signal there is a hard kill).
 */
import { isServiceStopRequest } from '../../contract/service-stop.ts';

/** Electron's utility process adds `process.parentPort` (a MessagePortMain: 'message' events carry `data`). */
interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Calls `stop` with what asked (SIGINT, SIGTERM, "stop request"), for each request that arrives. */
export function onStopRequest(stop: (why: string) => void): void {
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (process.channel) {
    process.on('message', (message) => {
      if (isServiceStopRequest(message)) stop('stop request');
    });
  }
  const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
  parentPort?.on('message', (event) => {
    if (isServiceStopRequest(event.data)) stop('stop request');
  });
}
