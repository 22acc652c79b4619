/**
 * Every directory request the renderer makes says whether the directory answered: the sync
 * engine's lists and details, a profile opened, a catalogue, a connection test. Stores get the
 * bridge through useBridge, which hands out the observed bridge, so the reachability store learns
 * from all of them without any store having to report.
 */
import { directoryChannels, type ChannelName } from '../../../contract/bridge-channels.ts';
import type { BridgeErrorCode, BridgeResult } from '../../../contract/bridge-errors.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';

/** What one request told about its connection's directory. */
export interface DirectoryAnswer {
  connectionId: string;
  /** True: the directory answered (whatever it said); false: it could not be reached. */
  reached: boolean;
}

type AnswerListener = (answer: DirectoryAnswer) => void;

const directoryChannelSet: ReadonlySet<ChannelName> = new Set<ChannelName>(directoryChannels);

/** The directory (or the network to it, or the back end in the web shell) could not be reached. */
const unreachableCodes: ReadonlySet<BridgeErrorCode> = new Set<BridgeErrorCode>(['network', 'timeout']);
/** The directory answered, if with a refusal or a failure of its own. */
const answeredCodes: ReadonlySet<BridgeErrorCode> = new Set<BridgeErrorCode>([
  'unauthorized',
  'not_found',
  'gone',
  'invalid_request',
  'rate_limited',
  'bad_response',
  'answer_too_large',
  'server_error',
]);

const listenersOf = new WeakMap<CastdeskBridge, Set<AnswerListener>>();
const observedOf = new WeakMap<CastdeskBridge, CastdeskBridge>();

/** Whether `result` of `channel` says the directory was reached; null when it tells nothing (no key, cancelled …). */
export function reachedBy(channel: ChannelName, result: BridgeResult<unknown>): boolean | null {
  if (result.ok) {
    // A connection test answers ok with its verdict inside.
    if (channel === 'testConnection') return (result.value as { reachable?: unknown }).reachable !== false;
    return true;
  }
  if (unreachableCodes.has(result.error.code)) return false;
  return answeredCodes.has(result.error.code) ? true : null;
}

function connectionIdOf(channel: ChannelName, args: unknown): string | null {
  const named = args as { connectionId?: unknown; id?: unknown } | null;
  const id = channel === 'testConnection' ? named?.id : named?.connectionId;
  return typeof id === 'string' ? id : null;
}

/** `bridge` with every directory answer told to the listeners of onDirectoryAnswer (the same object for the same bridge). */
export function observedBridge(bridge: CastdeskBridge): CastdeskBridge {
  const known = observedOf.get(bridge);
  if (known) return known;
  const observed = new Proxy(bridge, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !directoryChannelSet.has(property as ChannelName)) return value;
      const channel = property as ChannelName;
      return async (args: unknown) => {
        const result = (await (value as (args: unknown) => Promise<BridgeResult<unknown>>).call(target, args)) as BridgeResult<unknown>;
        const reached = reachedBy(channel, result);
        const connectionId = connectionIdOf(channel, args);
        if (reached !== null && connectionId) for (const listener of listenersOf.get(bridge) ?? []) listener({ connectionId, reached });
        return result;
      };
    },
  });
  observedOf.set(bridge, observed);
  observedOf.set(observed, observed);
  listenersOf.set(bridge, listenersOf.get(bridge) ?? new Set());
  listenersOf.set(observed, listenersOf.get(bridge)!);
  return observed;
}

/** `listener` hears every directory answer through `bridge` (observed or not); returns the unsubscribe. */
export function onDirectoryAnswer(bridge: CastdeskBridge, listener: AnswerListener): () => void {
  const listeners = listenersOf.get(observedBridge(bridge))!;
  listeners.add(listener);
  return () => listeners.delete(listener);
}
