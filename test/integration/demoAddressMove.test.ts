/**
 * The demo directory coming back on another port, as the back end handles it with the real
 * connection store (settings.json in a temp folder) and the real key store (the OS keychain in a
 * D-Bus session, memory elsewhere): the demo connection follows the new address, stays the same
 * directory, has its key bound to the new address by the back end, and a directory call made while
 * the move is under way (the first sync after a restart) never hears "no API key stored".
 *
 * The demo process itself is not the subject: `demo.start` names the address it came back on.
 * In the keychain:
 *   dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d); eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)"; npx vitest run --config test/vitest.config.ts test/integration/demoAddressMove.test.ts'
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../electron/core/bridge/dispatch.ts';
import { createHandlers } from '../../electron/core/bridge/handlers.ts';
import type { BackEndParts, ConnectionRecord, DirectoryPort } from '../../electron/core/bridge/ports.ts';
import { openConnectionStore, type ConnectionStore } from '../../electron/core/connections/connectionStore.ts';
import { connectionsPort } from '../../electron/core/connections/connectionsPort.ts';
import type { BoundKey } from '../../electron/core/keys/keyOrigin.ts';
import { openKeyStore, type KeyStore } from '../../electron/core/keys/keyStore.ts';

const demoKey = `demo-casting-pro-${randomUUID().slice(0, 8)}`;
let userDataDir: string;
let realKeys: KeyStore;
let store: ConnectionStore;
const connectionIds: string[] = [];

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-demo-move-'));
  realKeys = await openKeyStore({ probeTimeoutMs: 5_000 });
  // Unique ids: the keychain is shared with every other test of the session.
  let next = 0;
  store = await openConnectionStore({ userDataDir, keyStore: realKeys, newId: () => `move-${randomUUID().slice(0, 8)}-${next++}` });
});

afterAll(async () => {
  for (const id of connectionIds) await realKeys.deleteKey(id).catch(() => false);
  await rm(userDataDir, { recursive: true, force: true });
});

/**
 * The real key store, with a gate after every write or delete of a key: while it is shut, the
 * change that wrote stays half-way (its keychain part done, its settings part not yet), which is
 * where a directory call of the first sync can land on a loaded machine.
 */
function gatedKeys(keys: KeyStore) {
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  const reached: string[] = [];
  const pause = async (what: string) => {
    reached.push(what);
    if (gate) await gate;
  };
  const gated: KeyStore = {
    status: () => keys.status(),
    recheck: () => keys.recheck(),
    hasKey: (id) => keys.hasKey(id),
    readKey: (id, url) => keys.readKey(id, url),
    async setKey(id, key, url) {
      await keys.setKey(id, key, url);
      await pause(`set ${new URL(url).port}`);
    },
    async deleteKey(id) {
      const deleted = await keys.deleteKey(id);
      await pause('delete');
      return deleted;
    },
  };
  return {
    gated,
    reached,
    shut() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    open() {
      gate = null;
      open();
    },
  };
}

describe('the demo directory on another port after a restart', () => {
  it('moves its connection, key and all, while a directory call waits for the move instead of failing', async () => {
    const keys = gatedKeys(realKeys);
    const gatedStore = await openConnectionStore({ userDataDir, keyStore: keys.gated, newId: () => `move-${randomUUID().slice(0, 8)}` });
    const addresses = ['http://127.0.0.1:33819', 'http://127.0.0.1:34155'];
    const seenByDirectory: { baseUrl: string; origin: string }[] = [];
    const parts = {
      keys: keys.gated,
      connections: connectionsPort(gatedStore),
      forgetDirectory: () => undefined,
      directory(connection: ConnectionRecord, key: BoundKey) {
        seenByDirectory.push({ baseUrl: connection.baseUrl, origin: key.origin });
        return { listActors: async () => ({ items: [], total: 0, page: 1, perPage: 25, nextPage: null }) } as unknown as DirectoryPort;
      },
      demo: { start: async () => ({ baseUrl: addresses.shift()!, key: demoKey, directoryOrigin: 'http://127.0.0.1:33819' }) },
    } as unknown as BackEndParts;
    const dispatch = createDispatcher(createHandlers(parts));

    // The first run: the demo connection is made on 33819.
    const first = await dispatch('openDemoDirectory', {});
    expect(first).toMatchObject({ ok: true, value: { baseUrl: 'http://127.0.0.1:33819', directoryOrigin: 'http://127.0.0.1:33819', hasKey: true } });
    const id = first.ok ? (first.value as { id: string }).id : '';
    connectionIds.push(id);

    // The next run: the demo came back on 34155. The move stops half-way at its first key write.
    keys.shut();
    const reachedBefore = keys.reached.length;
    const moving = dispatch('openDemoDirectory', {});
    await expect.poll(() => keys.reached.length, { timeout: 30_000 }).toBeGreaterThan(reachedBefore);
    // The first sync's call arrives now, in the middle of the move.
    const listing = dispatch('listActors', { connectionId: id, params: {} });
    keys.open();
    const [moved, listed] = await Promise.all([moving, listing]);

    expect(listed).toMatchObject({ ok: true });
    expect(moved).toMatchObject({ ok: true, value: { id, baseUrl: 'http://127.0.0.1:34155', directoryOrigin: 'http://127.0.0.1:33819', hasKey: true } });
    // The key was never without an address: no delete, one write for the new address.
    expect(keys.reached.slice(reachedBefore)).toEqual(['set 34155']);
    // The call used the new address with the key bound to it.
    expect(seenByDirectory.at(-1)).toEqual({ baseUrl: 'http://127.0.0.1:34155', origin: 'http://127.0.0.1:34155' });
    // The key is bound to the new origin only: the old address gets nothing.
    await expect(realKeys.readKey(id, 'http://127.0.0.1:33819')).rejects.toMatchObject({ code: 'key_foreign_origin' });

    // A restart reads the same: one connection, the same directory, the new address.
    const reopened = await openConnectionStore({ userDataDir, keyStore: realKeys });
    expect(reopened.list()).toEqual([expect.objectContaining({ id, baseUrl: 'http://127.0.0.1:34155', directoryOrigin: 'http://127.0.0.1:33819', isDemo: true })]);
  }, 120_000);

  it('a connection the user moves to another origin keeps its directory and loses its key', async () => {
    const added = await store.add({ name: 'Agentur', baseUrl: 'https://old.example/api', contentLocale: 'de', key: 'agency-key-1' });
    connectionIds.push(added.id);
    expect(added.directoryOrigin).toBe('https://old.example');
    const moved = await store.update(added.id, { baseUrl: 'https://new.example/api' });
    expect(moved.directoryOrigin).toBe('https://old.example');
    // No key travels to a new origin unless the back end rebinds it for a directory it runs.
    expect(await realKeys.hasKey(added.id)).toBe(false);
  }, 60_000);
});
