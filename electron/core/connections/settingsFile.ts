/**
 * Reading and writing `<userData>/settings.json`. A file that cannot be understood is never
 * overwritten unnoticed: a corrupt one is moved aside to `settings.json.corrupt-<timestamp>` and
 * reported, a newer one (from a later Castdesk) is refused and left untouched.
 */
import { access, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite.ts';
import { SettingsFileError } from './connectionErrors.ts';
import { currentSchemaVersion, emptySettings, settingsSchema, settingsV1Schema, type Settings } from './connectionSchema.ts';

export const settingsFileName = 'settings.json';

/** What went wrong with the stored settings; the app shows it once after start-up. */
export interface SettingsProblem {
  code: 'settings_corrupt';
  message: string;
  /** Where the unreadable file was kept. */
  keptAt: string;
}

export interface LoadedSettings {
  settings: Settings;
  problem: SettingsProblem | null;
}

export function settingsPath(userDataDir: string): string {
  return join(userDataDir, settingsFileName);
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Moves the file aside under a name no other file has; renaming keeps the exact bytes. */
async function keepAside(file: string, now: Date): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const target = `${file}.corrupt-${timestamp(now)}${attempt === 0 ? '' : `-${attempt}`}`;
    try {
      await access(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await rename(file, target);
      return target;
    }
  }
}

function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`)
    .join('; ');
}

/** Returns the stored settings, empty ones when there is no file, or empty ones plus a problem report. */
export async function loadSettings(userDataDir: string, now: Date = new Date()): Promise<LoadedSettings> {
  const file = settingsPath(userDataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: emptySettings(), problem: null };
    throw new SettingsFileError('settings_unreadable', `Castdesk cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  let why: string;
  try {
    const json: unknown = JSON.parse(text);
    const version = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
    if (typeof version === 'number' && Number.isInteger(version) && version > currentSchemaVersion) {
      throw new SettingsFileError(
        'settings_newer',
        `${file} was written by a newer version of Castdesk (settings schema ${version}; this version reads up to ${currentSchemaVersion}). ` +
          'It was left untouched: update Castdesk, or move the file away to start with no connections.',
      );
    }
    // Schema 1 is brought up to date in memory; the next change writes the current schema.
    const upgraded = version === 1 ? settingsV1Schema.safeParse(json) : null;
    const parsed = upgraded && !upgraded.success ? upgraded : settingsSchema.safeParse(upgraded ? upgraded.data : json);
    if (parsed.success) return { settings: parsed.data, problem: null };
    why = `it does not have the expected content (${describeIssues(parsed.error)})`;
  } catch (error) {
    if (error instanceof SettingsFileError) throw error;
    why = `it is not valid JSON (${(error as Error).message})`;
  }
  const keptAt = await keepAside(file, now);
  return {
    settings: emptySettings(),
    problem: {
      code: 'settings_corrupt',
      message: `The connection settings could not be read because ${why}. The file was kept as ${keptAt} and Castdesk started with no connections.`,
      keptAt,
    },
  };
}

/** Persists the settings atomically. */
export async function saveSettings(userDataDir: string, settings: Settings): Promise<void> {
  await writeFileAtomic(settingsPath(userDataDir), `${JSON.stringify(settingsSchema.parse(settings), null, 2)}\n`);
}
