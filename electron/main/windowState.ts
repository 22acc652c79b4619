/**
 * The main window's size and position between runs: a small JSON file under the user data folder,
 * replaced atomically. A remembered position is used only while it is still on a connected
 * display, so unplugging a monitor never leaves the window out of reach. Plain Node; no Electron.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/files/atomicWrite.ts';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

export const windowStateFileName = 'window-state.json';
export const defaultWindowSize = { width: 1280, height: 800 };
export const minimumWindowSize = { width: 800, height: 560 };
/** How much of the window (title bar included) must lie on one display to be reachable. */
const reachable = { width: 120, height: 60 };
const stateVersion = 1;

const isCoordinate = (value: unknown): value is number => Number.isInteger(value) && Math.abs(value as number) < 100_000;
const isLength = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) < 100_000;

/** The remembered state from `file`, or undefined when there is none or it is damaged (never throws). */
export async function readWindowState(file: string): Promise<WindowState | undefined> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { version, bounds, maximized } = data as Record<string, unknown>;
  if (version !== stateVersion || typeof bounds !== 'object' || bounds === null) return undefined;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (!isCoordinate(x) || !isCoordinate(y) || !isLength(width) || !isLength(height)) return undefined;
  return { bounds: { x, y, width, height }, maximized: maximized === true };
}

/** Writes `state` to `file` atomically, so a crash never leaves half a file. */
export async function writeWindowState(file: string, state: WindowState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify({ version: stateVersion, ...state }, null, 2)}\n`);
}

/** Whether enough of `bounds` overlaps one of the displays' work areas for the user to grab it. */
export function isOnVisibleDisplay(bounds: Rectangle, workAreas: Rectangle[]): boolean {
  return workAreas.some((area) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return width >= Math.min(reachable.width, bounds.width) && height >= Math.min(reachable.height, bounds.height);
  });
}

/**
 * The bounds to open the window with: the remembered ones when they are on a visible display,
 * otherwise the default size (centred by Electron), with the size never below the minimum.
 */
export function initialBounds(state: WindowState | undefined, workAreas: Rectangle[]): Partial<Rectangle> & { width: number; height: number } {
  if (!state || !isOnVisibleDisplay(state.bounds, workAreas)) return { ...defaultWindowSize };
  return {
    ...state.bounds,
    width: Math.max(state.bounds.width, minimumWindowSize.width),
    height: Math.max(state.bounds.height, minimumWindowSize.height),
  };
}
