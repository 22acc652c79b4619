/**
 * How stores find the bridge: provided on the app (tests provide a double), otherwise the real one.
 */
import { inject, type InjectionKey } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { getBridge } from './castdeskBridge.ts';

export const castdeskBridgeKey: InjectionKey<CastdeskBridge> = Symbol('castdesk-bridge');

/** The bridge for a store; call it inside the store's setup. */
export function useBridge(): CastdeskBridge {
  return inject(castdeskBridgeKey, null) ?? getBridge();
}
