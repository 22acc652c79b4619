/**
 * The one error type a handler throws on purpose: it already carries the bridge error code, so the
 * dispatcher passes it to the renderer as is. Anything else a handler throws is mapped by
 * toBridgeError, and what it cannot recognise becomes `internal`.
 */
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';

export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';

  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
