import type { ConnectionTest } from '../../../contract/bridge.ts';

/**
 * Failures that say nothing about the address or the key: the directory could not be asked now
 * (down, offline, busy). A connection may be saved anyway after one of these; after a refused key
 * or an address that is no directory it may not, as it could never work.
 */
const passingFailures: readonly string[] = ['network', 'timeout', 'rate_limited', 'server_error'];

/** Whether a connection whose test on save failed like this may still be saved at the user's word. */
export function mayAddUntested(test: ConnectionTest): boolean {
  return !test.keyAccepted && passingFailures.includes(test.error?.code ?? '');
}
