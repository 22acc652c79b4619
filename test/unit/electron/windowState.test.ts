/** The window-state file and the visibility rule, in plain Node. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialBounds, isOnVisibleDisplay, readWindowState, writeWindowState } from '../../../electron/main/windowState.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'castdesk-window-state-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('the window-state file', () => {
  it('round-trips and leaves no temp file behind', async () => {
    const file = path.join(dir, 'nested', 'window-state.json');
    await writeWindowState(file, { bounds: { x: -10, y: 20, width: 900, height: 600 }, maximized: true });
    expect(await readWindowState(file)).toEqual({ bounds: { x: -10, y: 20, width: 900, height: 600 }, maximized: true });
    expect(await readdir(path.dirname(file))).toEqual(['window-state.json']);
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{"version":1,'],
    ['another version', JSON.stringify({ version: 2, bounds: { x: 0, y: 0, width: 900, height: 600 } })],
    ['a zero width', JSON.stringify({ version: 1, bounds: { x: 0, y: 0, width: 0, height: 600 } })],
    ['a fractional coordinate', JSON.stringify({ version: 1, bounds: { x: 0.5, y: 0, width: 900, height: 600 } })],
    ['strings', JSON.stringify({ version: 1, bounds: { x: '0', y: 0, width: 900, height: 600 } })],
    ['null', 'null'],
  ])('is ignored when %s', async (name, content) => {
    const file = path.join(dir, `${name.replaceAll(' ', '-')}.json`);
    if (content !== undefined) await writeFile(file, content);
    expect(await readWindowState(file)).toBeUndefined();
  });
});

describe('visibility', () => {
  it('needs a grabbable part of the window on some display', () => {
    expect(isOnVisibleDisplay({ x: 100, y: 100, width: 800, height: 600 }, [screen])).toBe(true);
    expect(isOnVisibleDisplay({ x: 1900, y: 100, width: 800, height: 600 }, [screen])).toBe(false);
    expect(isOnVisibleDisplay({ x: 1700, y: 100, width: 800, height: 600 }, [screen])).toBe(true);
    expect(isOnVisibleDisplay({ x: 100, y: -580, width: 800, height: 600 }, [screen])).toBe(false);
    expect(isOnVisibleDisplay({ x: 100, y: 100, width: 800, height: 600 }, [])).toBe(false);
  });

  it('falls back to the default size, and never opens below the minimum', () => {
    expect(initialBounds(undefined, [screen])).toEqual({ width: 1280, height: 800 });
    expect(initialBounds({ bounds: { x: 5000, y: 0, width: 900, height: 600 }, maximized: false }, [screen])).toEqual({ width: 1280, height: 800 });
    expect(initialBounds({ bounds: { x: 10, y: 10, width: 300, height: 200 }, maximized: false }, [screen])).toEqual({ x: 10, y: 10, width: 800, height: 560 });
  });
});
