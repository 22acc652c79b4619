/**
 * The sync memory file on a real temp folder: it survives a reopen, a damaged file is set aside and
 * counts as empty, entries of connections that are gone are dropped, and a failed write is not
 * remembered as done.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncMemory, syncMemoryFileName } from '../../../electron/core/sync/syncMemory.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'castdesk-sync-memory-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sync memory', () => {
  it('keeps what was set across a reopen, and null removes the entry', async () => {
    const first = await openSyncMemory({ userDataDir: dir });
    expect(first.get('c-1')).toEqual({ completedFullSyncAt: null });
    await first.set('c-1', { completedFullSyncAt: '2026-11-22T00:00:00Z' });
    await first.set('c-2', { completedFullSyncAt: '2026-11-21T23:00:00+01:00' });
    const second = await openSyncMemory({ userDataDir: dir });
    expect(second.loadProblem).toBeNull();
    expect(second.get('c-1')).toEqual({ completedFullSyncAt: '2026-11-22T00:00:00Z' });
    await second.set('c-1', { completedFullSyncAt: null });
    await second.forget('c-2');
    expect(JSON.parse(await readFile(join(dir, syncMemoryFileName), 'utf8'))).toEqual({ version: 1, connections: {} });
  });

  it('sets a damaged file aside, says so and starts empty', async () => {
    const lines: string[] = [];
    for (const damaged of ['{"version":1,"connections":{"c-1":{"completedFullSyncAt":"soon"}}}', 'not json {', '{"version":9,"connections":{}}']) {
      await writeFile(join(dir, syncMemoryFileName), damaged);
      const memory = await openSyncMemory({ userDataDir: dir, log: (line) => lines.push(line) });
      expect(memory.get('c-1')).toEqual({ completedFullSyncAt: null });
      expect(memory.loadProblem?.setAsideAs).toContain(`${syncMemoryFileName}.damaged-`);
      expect(await readFile(memory.loadProblem!.setAsideAs, 'utf8')).toBe(damaged);
      await rm(memory.loadProblem!.setAsideAs);
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/connections\.c-1\.completedFullSyncAt/);
    expect(lines[1]).toMatch(/not valid JSON/);
  });

  it('drops entries of connections that no longer exist', async () => {
    const memory = await openSyncMemory({ userDataDir: dir });
    await memory.set('keep', { completedFullSyncAt: '2026-11-22T00:00:00Z' });
    await memory.set('gone', { completedFullSyncAt: '2026-11-22T00:00:00Z' });
    await memory.retainOnly(['keep', 'other']);
    expect((await openSyncMemory({ userDataDir: dir })).get('gone')).toEqual({ completedFullSyncAt: null });
    expect((await openSyncMemory({ userDataDir: dir })).get('keep').completedFullSyncAt).not.toBeNull();
  });

  it('does not remember a value it could not write', async () => {
    const memory = await openSyncMemory({ userDataDir: dir });
    // A folder where the file should be: the rename fails, whoever runs the test (root included).
    await mkdir(join(dir, syncMemoryFileName, 'blocker'), { recursive: true });
    await expect(memory.set('c-1', { completedFullSyncAt: '2026-11-22T00:00:00Z' })).rejects.toThrow();
    expect(memory.get('c-1')).toEqual({ completedFullSyncAt: null });
    // No temp file is left behind.
    expect(await readdir(dir)).toEqual([syncMemoryFileName]);
  });
});
