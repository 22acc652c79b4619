import { channelNames } from '../../../contract/bridge-channels.ts';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';

/** A bridge double for store and view tests: every call recorded, answers from `overrides`. */
export function fakeBridge(overrides: Partial<Record<keyof CastdeskBridge, (args: never) => unknown>> = {}) {
  const calls: { channel: string; args: unknown }[] = [];
  const bridge: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of channelNames) {
    bridge[name] = async (args) => {
      calls.push({ channel: name, args });
      const override = overrides[name] as ((args: unknown) => unknown) | undefined;
      if (override) return override(args);
      return { ok: false, error: { code: 'internal', message: `${name} is not faked` } };
    };
  }
  return { bridge: bridge as CastdeskBridge, calls };
}

export const demoView: ConnectionView = { id: 'demo-1', name: 'Demo directory', baseUrl: 'http://127.0.0.1:40000', contentLocale: 'en', isDemo: true, directoryOrigin: 'http://127.0.0.1:40000', hasKey: true };
