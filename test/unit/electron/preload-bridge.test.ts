/** The preload against a recording double of `electron`: what the renderer gets as window.castdesk. */
import { describe, expect, it, vi } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };

const exposed = vi.hoisted(() => new Map<string, unknown>());

vi.mock('electron', () => {
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) };
  return { contextBridge, default: { contextBridge } };
});

describe('window.castdesk', () => {
  it('exposes only the app version, as plain data', async () => {
    await import('../../../electron/preload/index.ts');
    expect([...exposed.keys()]).toEqual(['castdesk']);
    expect(exposed.get('castdesk')).toEqual({ version: packageJson.version });
  });
});
