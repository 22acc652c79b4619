/**
 * electron/core/support/problemReport.ts on real files: the report holds the versions and the log
 * files (rotated ones too) and no API key, even one written to a log by mistake (an older version,
 * a line that bypassed the logger), as typed, JSON-escaped, URL-encoded or after a credential label.
 */
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/log/logger.ts';
import { describeVersions, writeProblemReport, type SupportVersions } from '../../../electron/core/support/problemReport.ts';

const key = 'sk_live_Zq8"xY/42+abc';
const unregisteredKey = 'forgotten-key-9f8e7d6c5b4a';
let userDataDir: string;
let targetDir: string;

const versions: SupportVersions = {
  app: '1.2.3',
  electron: '45.0.0',
  chromium: '142.0.7444.52',
  node: '24.11.0',
  platform: 'linux',
  arch: 'x64',
  dataFolder: '/home/casting/.config/Castdesk',
};

beforeEach(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-report-data-'));
  targetDir = await mkdtemp(path.join(tmpdir(), 'castdesk-report-target-'));
});

afterEach(async () => {
  await rm(userDataDir, { recursive: true, force: true });
  await rm(targetDir, { recursive: true, force: true });
});

async function readAll(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(folder, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

describe('a problem report', () => {
  it('holds the versions and every log file, and no key even when a key was logged by mistake', async () => {
    // Rotation at 200 bytes: the report must carry the older files too.
    const logger = createLogger({ userDataDir, maxBytes: 200, maxFiles: 3 });
    for (let line = 0; line < 6; line += 1) logger.info(`Sync step ${line} for the demo connection.`);
    logger.info('The directory answered 200 for /api/v1/actors.');
    logger.addSecret(key);
    logger.error('A request failed', { url: `https://directory.example/api?key=${encodeURIComponent(key)}` });
    // Lines the logger never redacted: written by an older version, or by anything bypassing it.
    await appendFile(logger.file, `2026-01-01T00:00:00.000Z ERROR raw ${key} and ${JSON.stringify({ key })}\n`);
    await appendFile(logger.file, `2026-01-01T00:00:01.000Z ERROR url https://x.example/?k=${encodeURIComponent(key)}\n`);
    await appendFile(logger.file, `2026-01-01T00:00:02.000Z ERROR headers {"X-Api-Key": "${unregisteredKey}"} api_key=${unregisteredKey}\n`);

    const folder = await writeProblemReport({
      targetDir,
      logDir: path.dirname(logger.file),
      versions,
      secrets: [key],
      now: () => new Date('2026-11-27T10:11:12.345Z'),
    });

    expect(path.basename(folder)).toBe('castdesk-problem-report-20261127-101112Z');
    const files = await readAll(folder);
    expect([...files.keys()].sort()).toEqual(['logs/castdesk.log', 'logs/castdesk.log.1', 'logs/castdesk.log.2', 'versions.json', 'versions.txt']);
    const everything = [...files.values()].join('\n');
    for (const form of [key, JSON.stringify(key).slice(1, -1), encodeURIComponent(key), unregisteredKey]) expect(everything).not.toContain(form);
    expect(everything).toContain('[redacted]');
    expect(everything).toContain('The directory answered 200 for /api/v1/actors.');
    expect(files.get('versions.txt')).toContain('Electron 45.0.0');
    expect(files.get('versions.txt')).toContain('Chromium 142.0.7444.52');
    expect(files.get('versions.txt')).toContain('Node 24.11.0');
    expect(files.get('versions.txt')).toContain('Data: /home/casting/.config/Castdesk');
    expect(JSON.parse(files.get('versions.json')!)).toEqual(versions);
  });

  it('is written without logs when there are none yet', async () => {
    const folder = await writeProblemReport({ targetDir, logDir: path.join(userDataDir, 'logs'), versions, secrets: [] });
    const files = await readAll(folder);
    expect([...files.keys()].sort()).toEqual(['versions.json', 'versions.txt']);
    expect(files.get('versions.txt')).toContain('Log files: none');
  });

  it('describes the versions one per line, leaving out what the shell does not have', () => {
    expect(describeVersions({ ...versions, electron: undefined, chromium: undefined }).split('\n')).toEqual([
      'Castdesk 1.2.3',
      'Node 24.11.0',
      'linux x64',
      'Data: /home/casting/.config/Castdesk',
    ]);
  });
});
