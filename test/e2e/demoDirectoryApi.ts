/**
 * What the end-to-end specs read from the demo directory itself, to know what the app should show:
 * the casting professional's key, GET requests with it, the spec's role fit, and the main menu.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ActorDetail, Role } from '../../contract/directory-api.ts';
import { languageKeyForIsoCode } from '../../contract/language-keys.ts';

export interface Directory {
  baseUrl: string;
  key: string;
}

/** Every key the demo directory in `userDataDir` has on record (`demo-keys.json` in its folder). */
export function demoKeys(userDataDir: string): string[] {
  const record = JSON.parse(readFileSync(path.join(userDataDir, 'demo-directory', 'demo-keys.json'), 'utf8')) as { keys: { key: string }[] };
  return record.keys.map((entry) => entry.key);
}

/**
 * The demo's casting professional key. Demo keys are random per data folder; the demo directory
 * keeps them in `demo-keys.json` in its folder (under the web shell's user data folder).
 */
export function demoCastingProKey(userDataDir: string): string {
  const key = demoKeys(userDataDir).find((key) => key.startsWith('demo-casting-pro'));
  if (!key) throw new Error('The demo directory has no casting professional key on record');
  return key;
}

/** A GET on the directory's API that must succeed. */
export async function apiGet<T>(directory: Directory, apiPath: string, params: Record<string, string> = {}): Promise<T> {
  const url = new URL(apiPath, `${directory.baseUrl}/`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { Authorization: `Token token=${directory.key}`, Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url.pathname}${url.search}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const levelOrder = ['muttersprachlich', 'fliessend', 'gut', 'grundkenntnisse'];

/** Whether a language level meets a required one (the spec's order, best first). */
export const atLeast = (actual: string | undefined, required: string) =>
  actual !== undefined && levelOrder.includes(actual) && levelOrder.indexOf(actual) <= levelOrder.indexOf(required);

/** Whether `actor` fits `role` by the spec's fields alone: gender, acting age overlap, languages at their levels. */
export function fitsRole(role: Role, actor: ActorDetail): boolean {
  const legacy: Record<string, string[]> = { f: ['female', 'transgender_female'], m: ['male', 'transgender_male'], i: ['non_binary', 'custom'] };
  const accepted = new Set((role.gender ?? []).flatMap((gender) => legacy[gender] ?? [gender]));
  if (accepted.size > 0) {
    const own = [actor.gender_new, ...(actor.gender_searchability ?? [])].filter((gender): gender is string => !!gender);
    if (!own.some((gender) => accepted.has(gender))) return false;
  }
  const roleFrom = role.acting_age_from ?? Number.NEGATIVE_INFINITY;
  const roleTo = role.acting_age_to ?? Number.POSITIVE_INFINITY;
  if (actor.acting_age_from == null || actor.acting_age_to == null) return false;
  if (actor.acting_age_to < roleFrom || actor.acting_age_from > roleTo) return false;
  // roles key languages by ISO code ("eng"), the directory's profiles by the provider's words ("englisch")
  return Object.entries(role.languages ?? {}).every(([code, level]) => atLeast(actor.languages?.[code] ?? actor.languages?.[languageKeyForIsoCode(code) ?? code], level));
}

/** A link of the app's main menu. */
export const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
