/**
 * The single entry of every bridge call, whichever shell received it: looks the channel up in the
 * contract, validates the arguments with its zod schema and runs the handler. It never throws:
 * every outcome is a BridgeResult. Results are not re-parsed here: the handlers build connection
 * answers field by field (so no key can ride along), and directory answers were validated by the
 * directory client with the schema of the enum mode asked for, which the contract's default-mode
 * result schema would wrongly refuse.
 */
import type { z } from 'zod';
import { bridgeChannels, type BridgeChannels, type ChannelName, type ChannelResult } from '../../../contract/bridge.ts';
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import { toBridgeError } from './toBridgeError.ts';

/** One function per channel, receiving the parsed (validated) arguments. */
export type BridgeHandlers = {
  [C in ChannelName]: (args: z.output<BridgeChannels[C]['args']>) => Promise<ChannelResult<C>>;
};

export type BridgeDispatch = (channel: string, args: unknown) => Promise<BridgeResult<unknown>>;

export interface DispatchOptions {
  /** Hides registered secrets in error messages (the logger's redactor). */
  redact?: (text: string) => string;
  /** Told about failures that are bugs (internal errors, results off the contract). */
  log?: (line: string) => void;
}

export function isChannelName(channel: string): channel is ChannelName {
  return Object.prototype.hasOwnProperty.call(bridgeChannels, channel);
}

/** `params.perPage: Too big: expected number to be <=1000` — one line per problem. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/** Builds the dispatcher over a complete set of handlers. */
export function createDispatcher(handlers: BridgeHandlers, options: DispatchOptions = {}): BridgeDispatch {
  const log = options.log ?? (() => undefined);
  return async (channel, args) => {
    if (typeof channel !== 'string' || !isChannelName(channel)) {
      return { ok: false, error: { code: 'invalid_arguments', message: `Unknown bridge channel ${JSON.stringify(String(channel).slice(0, 80))}.` } };
    }
    const schemas = bridgeChannels[channel];
    // Electron's IPC and JSON bodies may bring `undefined` for a call without arguments.
    const parsed = schemas.args.safeParse(args === undefined ? {} : args);
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid_arguments', message: `${channel}: ${describeIssues(parsed.error.issues)}` } };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      const bridgeError = toBridgeError(error, options.redact);
      if (bridgeError.code === 'internal') log(`bridge ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { ok: false, error: bridgeError };
    }
  };
}
