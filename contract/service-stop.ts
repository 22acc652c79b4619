/**
 * How the app asks its demo directory service to stop cleanly, on every OS. A signal cannot do it
 * everywhere: on Windows, Node's and Electron's kill() of a child is TerminateProcess, a hard kill
 * that can leave PGlite's files half written. So the app sends this message over the channel the
 * child already has (a Node child's IPC channel, a utility process's parentPort), and the service
 * answers it the way it answers SIGTERM: it closes its database, then exits with code 0.
 */
export const serviceStopRequest = { type: 'castdesk-service-stop' } as const;

/** True for the stop request, whatever else may arrive on the channel. */
export function isServiceStopRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === serviceStopRequest.type;
}
