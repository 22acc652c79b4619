/**
 * Keys at rest (issue 10): the service's database holds only the SHA-256 of each API key, and a
 * demo directory's keys are random per data folder (made when its data is created, kept in a file
 * only its owner can read, the same on every later start), not derived from the seed and so not
 * the same on every install. The database files on disk are searched byte for byte.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../server/src/db/apiKeyHash.ts';
import { generateDemoFixture } from '../../server/src/demo/generateDemoFixture.ts';
import { startDirectory, type DirectoryOptions } from '../../server/src/startDirectory.ts';
import { KEY_AGENCY_1, KEY_AGENCY_2, KEY_CASTING_PRO, START_TIMEOUT, fixturePath } from './support/service.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'castdesk-stored-keys-'));
  folders.push(folder);
  return folder;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? allFiles(full) : entry.isFile() ? [full] : [];
  });
}

/** The files under `dir` that contain `text`. */
function filesContaining(dir: string, text: string, except: string[] = []): string[] {
  const needle = Buffer.from(text, 'utf8');
  return allFiles(dir).filter((file) => !except.includes(path.basename(file)) && readFileSync(file).includes(needle));
}

async function status(baseUrl: string, key: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/v1/casting_calls`, { headers: { authorization: `Token token=${key}` } })).status;
}

const base: DirectoryOptions = { host: '127.0.0.1', port: 0, rateLimit: false };

describe('keys in the database', () => {
  it('are stored as hashes: no database file holds a key, a restart still accepts it', async () => {
    const dataDir = newFolder();
    const first = await startDirectory({ ...base, dataDir, fixture: fixturePath('directory.json') });
    expect(first.keys.map(({ key }) => key)).toEqual([KEY_AGENCY_1, KEY_AGENCY_2, KEY_CASTING_PRO]);
    await first.close();
    for (const key of [KEY_AGENCY_1, KEY_AGENCY_2, KEY_CASTING_PRO]) {
      expect(filesContaining(dataDir, key), key).toEqual([]);
      // The search does see the table: the hash is there.
      expect(filesContaining(dataDir, hashApiKey(key)).length, key).toBeGreaterThan(0);
    }

    // Reopened without the fixture: it cannot print keys it only holds hashes of, but accepts them.
    const second = await startDirectory({ ...base, dataDir });
    try {
      expect(second.keys).toEqual([]);
      expect(await status(second.baseUrl, KEY_AGENCY_1)).toBe(200);
      expect(await status(second.baseUrl, `${KEY_AGENCY_1}x`)).toBe(401);
    } finally {
      await second.close();
    }
  }, 4 * START_TIMEOUT);
});

describe('demo keys', () => {
  const demo = { actors: 5, crew: 1, castingCalls: 0, seed: 1 };

  it('are random per data folder, on record for its owner only, and the same on the next start', async () => {
    const dataDir = newFolder();
    const first = await startDirectory({ ...base, dataDir, demo });
    const keys = first.keys;
    try {
      const pro = keys.find(({ key }) => key.startsWith('demo-casting-pro-'));
      expect(pro?.key).toMatch(/^demo-casting-pro-[0-9a-f]{32}$/);
      expect(await status(first.baseUrl, pro!.key)).toBe(200);
      // Not derived from the seed, as every install would share it then.
      const seeded = generateDemoFixture({ ...demo, now: new Date() }).api_keys.map(({ key }) => key);
      for (const { key } of keys) expect(seeded).not.toContain(key);
    } finally {
      await first.close();
    }

    const record = path.join(dataDir, 'demo-keys.json');
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ keys });
    for (const { key } of keys) expect(filesContaining(dataDir, key, ['demo-keys.json']), key).toEqual([]);

    const lines: string[] = [];
    const second = await startDirectory({ ...base, dataDir, demo, log: (line) => lines.push(line) });
    try {
      expect(lines.join('\n')).toMatch(/Reusing the demo data/);
      expect(second.keys).toEqual(keys);
      expect(await status(second.baseUrl, keys.at(-1)!.key)).toBe(200);
    } finally {
      await second.close();
    }

    // Keys no longer on record cannot be printed: the demo is made anew, with new keys.
    rmSync(record);
    const third = await startDirectory({ ...base, dataDir, demo, log: (line) => lines.push(line) });
    try {
      expect(lines.join('\n')).toMatch(/not on record/);
      expect(third.keys.map(({ key }) => key)).not.toContain(keys.at(-1)!.key);
      expect(await status(third.baseUrl, keys.at(-1)!.key)).toBe(401);
      expect(await status(third.baseUrl, third.keys.at(-1)!.key)).toBe(200);
      expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ keys: third.keys });
    } finally {
      await third.close();
    }
  }, 6 * START_TIMEOUT);
});
