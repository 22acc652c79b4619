/**
 * Reads closed-list labels through the service's own attributes endpoint, so enum=translate and
 * enum=v2 can be checked against the catalogues the service says it uses.
 */
import { expect } from 'vitest';
import type { Client } from './http.ts';

/** Finds the catalogue among the served names that matches one of the candidate names. */
export async function catalogueName(api: Client, candidates: string[]): Promise<string> {
  const answer = await api.get<string[]>('/api/v1/attributes');
  expect(answer.status).toBe(200);
  const found = candidates.find((name) => answer.body.includes(name));
  expect(found, `none of ${candidates.join(', ')} among the catalogues ${answer.body.join(', ')}`).toBeDefined();
  return found!;
}

export async function labels(api: Client, candidates: string[], locale = 'en'): Promise<Record<string, string>> {
  const name = await catalogueName(api, candidates);
  const answer = await api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=${locale}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Catalogue names the fields of the fixture use (first match wins). */
export const CATALOGUES = {
  gender: ['genders', 'gender'],
  eye_color: ['eye_colors', 'eye_color'],
  hair_color: ['hair_colors', 'hair_color'],
  sports: ['sports', 'sport'],
  qualification: ['qualifications', 'qualification'],
  main_profession: ['main_professions', 'main_profession'],
};
