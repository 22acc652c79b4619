/**
 * The back end's problem report against a real gnome-keyring: a key stored in an earlier run (so
 * never registered with this run's log redactor) that an older version wrote into the log is still
 * hidden in the report, because the report reads every stored key before it copies the logs.
 *
 * Run it here with:
 *   dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d); eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)"; npx vitest run --config test/vitest.config.ts --project integration test/integration/problemReportKeys.test.ts'
 */
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';

const inDbusSession = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const howToRun =
  "dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d); eval \"$(printf pw | gnome-keyring-daemon --unlock --components=secrets)\"; npm test'";

if (!inDbusSession && process.env.CI) {
  describe('problem report on the OS keychain', () => {
    it('needs a D-Bus session', () => {
      throw new Error(`No D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset), so the keychain test cannot run. CI must run: ${howToRun}`);
    });
  });
} else if (!inDbusSession) {
  console.warn(`problemReportKeys.test.ts: skipped, no D-Bus session. To run it: ${howToRun}`);
}

describe.skipIf(!inDbusSession)('problem report on the OS keychain (gnome-keyring)', () => {
  const key = `earlier-run-key-${Date.now().toString(36)}-7c6b5a`;
  let userDataDir: string;
  let targetDir: string;
  let backEnd: BackEnd | undefined;
  let connectionId: string | undefined;

  beforeAll(async () => {
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-report-keys-'));
    targetDir = await mkdtemp(path.join(tmpdir(), 'castdesk-report-keys-target-'));
    const earlier = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
    const added = (await earlier.call('addConnection', { name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'en', key })) as { ok: boolean; value?: { id: string } };
    expect(added.ok).toBe(true);
    connectionId = added.value!.id;
    await earlier.close();
    // What an older version (or a line that bypassed redaction) left in the log.
    await appendFile(path.join(userDataDir, 'logs', 'castdesk.log'), `2026-01-01T00:00:00.000Z ERROR request failed with key ${key}\n`);
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
  }, 60_000);

  afterAll(async () => {
    if (backEnd && connectionId) await backEnd.call('removeConnection', { id: connectionId });
    await backEnd?.close();
    await rm(userDataDir, { recursive: true, force: true });
    await rm(targetDir, { recursive: true, force: true });
  });

  it('hides a key stored in an earlier run wherever the logs have it', async () => {
    const folder = await backEnd!.saveProblemReport(targetDir, { app: '0.0.0-test', node: process.versions.node, platform: process.platform, arch: process.arch });
    const log = await readFile(path.join(folder, 'logs', 'castdesk.log'), 'utf8');
    expect(log).toContain('request failed with key [redacted]');
    expect(log).not.toContain(key);
    expect((await readdir(folder)).sort()).toEqual(['logs', 'versions.json', 'versions.txt']);
    expect(await readFile(path.join(folder, 'versions.txt'), 'utf8')).toContain(`Data: ${userDataDir}`);
  });
});
