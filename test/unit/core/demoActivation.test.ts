/**
 * Which connection is active after the demo directory is opened, as the back end decides it with
 * the real connection store (settings.json in a temp folder) and the real key store (the OS
 * keychain in a D-Bus session; elsewhere the store that keeps only the demo's key, in memory).
 *
 * The app reopens the demo at every start, and its process takes seconds to come up: a connection
 * the user picks meanwhile must stay active. The demo becomes active only as the first connection
 * or when the caller asks (the user's "Open the demo directory").
 *
 * `demo.start` is the one part that is not real: the handlers never speak to the demo over HTTP,
 * they take the address and key its launcher reports. It waits on a gate the test opens, so the
 * user's choice lands while the demo is starting, every run, on any machine.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/core/bridge/dispatch.ts';
import { createHandlers } from '../../../electron/core/bridge/handlers.ts';
import type { BackEndParts } from '../../../electron/core/bridge/ports.ts';
import { openConnectionStore, type ConnectionStore } from '../../../electron/core/connections/connectionStore.ts';
import { connectionsPort } from '../../../electron/core/connections/connectionsPort.ts';
import { openKeyStore, type KeyStore } from '../../../electron/core/keys/keyStore.ts';

const demoKey = `demo-casting-pro-${randomUUID().slice(0, 8)}`;
const demoOrigin = 'http://127.0.0.1:33819';
let keys: KeyStore;
let userDataDir: string;
let store: ConnectionStore;
const connectionIds: string[] = [];

beforeAll(async () => {
  keys = await openKeyStore({ probeTimeoutMs: 5_000 });
});

beforeEach(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-demo-active-'));
  // Unique ids: the keychain is shared with every other test of the session.
  store = await openConnectionStore({ userDataDir, keyStore: keys, newId: () => `active-${randomUUID().slice(0, 8)}` });
});

afterEach(async () => {
  await rm(userDataDir, { recursive: true, force: true });
});

afterAll(async () => {
  for (const id of connectionIds) await keys.deleteKey(id).catch(() => false);
});

/**
 * The back end's handlers over the store, with a demo whose start waits at a gate until
 * `release()`; `starting` resolves once a start has begun. Each start reports the next address.
 */
function backEnd(addresses: string[]) {
  let release: () => void = () => undefined;
  let begun: () => void = () => undefined;
  let gate = Promise.resolve();
  const demo = {
    starts: 0,
    /** Shuts the gate: the next start waits until `release()`. */
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
      return new Promise<void>((resolve) => (begun = resolve));
    },
    release: () => release(),
  };
  const parts = {
    keys,
    connections: connectionsPort(store),
    forgetDirectory: () => undefined,
    demo: {
      async start() {
        demo.starts += 1;
        begun();
        await gate;
        return { baseUrl: addresses.shift()!, key: demoKey, directoryOrigin: demoOrigin };
      },
    },
  } as unknown as BackEndParts;
  const dispatch = createDispatcher(createHandlers(parts));
  return { dispatch, demo };
}

function idOf(answer: { ok: boolean; value?: unknown }): string {
  expect(answer).toMatchObject({ ok: true, value: { isDemo: true } });
  const id = (answer.value as { id: string }).id;
  connectionIds.push(id);
  return id;
}

async function activeId(): Promise<string | null> {
  return (await connectionsPort(store).list()).activeId;
}

describe('the demo directory reopened at start', () => {
  // The same port as last time, and another one (the demo's connection moves with it).
  it.each([
    ['on the port it had', ['http://127.0.0.1:33819', 'http://127.0.0.1:33819']],
    ['on another port', ['http://127.0.0.1:33819', 'http://127.0.0.1:34155']],
  ])('leaves the connection the user picks while it starts active (%s)', async (_, addresses) => {
    const { dispatch, demo } = backEnd([...addresses]);
    // The last run: the demo was made on the first start, the user added an agency later.
    const demoId = idOf(await dispatch('openDemoDirectory', { activate: false }));
    const agency = await store.add({ name: 'Agentur', baseUrl: 'https://agentur.example/api', contentLocale: 'de' });
    expect(await activeId()).toBe(demoId);

    // This start: the demo was active, so the app reopens it; the user picks the agency meanwhile.
    const starting = demo.hold();
    const reopening = dispatch('openDemoDirectory', { activate: false });
    await starting;
    expect(await dispatch('setActiveConnection', { id: agency.id })).toEqual({ ok: true, value: {} });
    demo.release();

    expect(await reopening).toMatchObject({ ok: true, value: { id: demoId, baseUrl: addresses[1], hasKey: true } });
    expect(await activeId()).toBe(agency.id);
    // What a restart reads: the user's choice was written, not overruled.
    const reopened = await openConnectionStore({ userDataDir, keyStore: keys });
    expect(reopened.activeConnectionId()).toBe(agency.id);
  });

  it('leaves the active connection alone when the caller does not say (the argument is optional)', async () => {
    const { dispatch } = backEnd(['http://127.0.0.1:33819', 'http://127.0.0.1:33819']);
    const demoId = idOf(await dispatch('openDemoDirectory', {}));
    const agency = await store.add({ name: 'Agentur', baseUrl: 'https://agentur.example/api', contentLocale: 'de' });
    await store.setActiveConnection(agency.id);
    expect(await dispatch('openDemoDirectory', {})).toMatchObject({ ok: true, value: { id: demoId } });
    expect(await activeId()).toBe(agency.id);
  });
});

describe('the demo directory made active', () => {
  it('on a first start: the new demo is the first connection and becomes the active one', async () => {
    const { dispatch } = backEnd(['http://127.0.0.1:33819']);
    expect(await activeId()).toBeNull();
    const demoId = idOf(await dispatch('openDemoDirectory', { contentLocale: 'de', activate: false }));
    expect(await activeId()).toBe(demoId);
  });

  it('on a first start where the user adds and picks a connection while the demo starts: that one stays active', async () => {
    const { dispatch, demo } = backEnd(['http://127.0.0.1:33819']);
    const starting = demo.hold();
    const opening = dispatch('openDemoDirectory', { activate: false });
    await starting;
    const agency = await store.add({ name: 'Agentur', baseUrl: 'https://agentur.example/api', contentLocale: 'de' });
    demo.release();
    idOf(await opening);
    expect(await activeId()).toBe(agency.id);
  });

  it('when the user asks for it, with another connection active, and when that ask joins a reopening under way', async () => {
    const { dispatch, demo } = backEnd(['http://127.0.0.1:33819', 'http://127.0.0.1:34155', 'http://127.0.0.1:34155']);
    const demoId = idOf(await dispatch('openDemoDirectory', { activate: false }));
    const agency = await store.add({ name: 'Agentur', baseUrl: 'https://agentur.example/api', contentLocale: 'de' });
    await store.setActiveConnection(agency.id);

    // The user's "Open the demo directory" (the demo came back on another port meanwhile).
    expect(await dispatch('openDemoDirectory', { activate: true })).toMatchObject({ ok: true, value: { id: demoId, baseUrl: 'http://127.0.0.1:34155' } });
    expect(await activeId()).toBe(demoId);

    // The same ask while the start's reopening is under way: one start, and the demo is active.
    await store.setActiveConnection(agency.id);
    const startsBefore = demo.starts;
    const starting = demo.hold();
    const reopening = dispatch('openDemoDirectory', { activate: false });
    await starting;
    const asked = dispatch('openDemoDirectory', { activate: true });
    demo.release();
    const answers = await Promise.all([reopening, asked]);
    expect(answers).toMatchObject([{ ok: true, value: { id: demoId } }, { ok: true, value: { id: demoId } }]);
    expect(demo.starts).toBe(startsBefore + 1);
    expect(await activeId()).toBe(demoId);
  });

  it('refuses an activate that is not a boolean, and changes nothing', async () => {
    const { dispatch, demo } = backEnd(['http://127.0.0.1:33819']);
    expect(await dispatch('openDemoDirectory', { activate: 'yes' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(demo.starts).toBe(0);
    expect(store.list()).toEqual([]);
  });
});
