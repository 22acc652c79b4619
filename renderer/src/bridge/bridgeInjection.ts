/**
 * How stores find the bridge: provided on the app (tests provide a double), otherwise the real one.
 * Either way it comes observed (directoryAnswers.ts): whatever a store asks a directory tells the
 * reachability store whether the directory answered.
 */
import { inject, type InjectionKey } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { getBridge } from './castdeskBridge.ts';
import { observedBridge } from './directoryAnswers.ts';

export const castdeskBridgeKey: InjectionKey<CastdeskBridge> = Symbol('castdesk-bridge');

/** The bridge for a store; call it inside the store's setup. */
export function useBridge(): CastdeskBridge {
  return observedBridge(inject(castdeskBridgeKey, null) ?? getBridge());
}
