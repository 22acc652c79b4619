/**
 * A search as a route query, so it can be reopened (back, reload) and saved by name: the URL is the
 * one place a search lives. Reading is forgiving: a value that cannot be read is dropped, never an
 * error, so an old or hand-edited link still opens the list.
 */
import { columnSorts } from './columnOrders.ts';
import { emptyQuery, facetNames, languageLevels, legacyGenderValues, type FacetName, type ProfileQuery, type ProfileSort } from './profileIndex.ts';

export type RouteQuery = Record<string, string | null | (string | null)[] | undefined>;
export const listLayouts = ['list', 'table', 'grid'] as const;
export type ListLayout = (typeof listLayouts)[number];

/** The query parameter of each facet. */
export const facetParams: Record<FacetName, string> = {
  gender: 'gender',
  language: 'lang',
  dialect: 'dialect',
  accent: 'accent',
  mainProfession: 'main',
  specialization: 'spec',
  profession: 'prof',
  agency: 'agency',
  residence: 'res',
  accommodation: 'acc',
  nationality: 'nat',
  skill: 'skill',
  showreel: 'reel',
  connection: 'conn',
};

const sorts: readonly ProfileSort[] = ['relevance', 'name', 'lastName', 'updated', 'fit', ...columnSorts];
const maxValues = 50;
const maxLength = 200;

function all(query: RouteQuery, key: string): string[] {
  const value = query[key];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((item): item is string => typeof item === 'string' && item !== '' && item.length <= maxLength).slice(0, maxValues);
}

function first(query: RouteQuery, key: string): string {
  return all(query, key)[0] ?? '';
}

/** "20-35", "20-" or "-35" → bounds; anything else → none. */
function range(text: string, limit: number): [number | null, number | null] {
  const match = /^(\d{1,3})?-(\d{1,3})?$/.exec(text);
  if (!match) return [null, null];
  const low = match[1] === undefined ? null : Math.min(Number(match[1]), limit);
  const high = match[2] === undefined ? null : Math.min(Number(match[2]), limit);
  if (low !== null && high !== null && low > high) return [high, low];
  return [low, high];
}

function rangeText(low: number | null, high: number | null): string | null {
  if (low === null && high === null) return null;
  return `${low ?? ''}-${high ?? ''}`;
}

/** The search a route query describes. */
export function queryFromRoute(route: RouteQuery): ProfileQuery {
  const query = emptyQuery();
  query.text = first(route, 'q');
  const sort = first(route, 'sort') as ProfileSort;
  query.sort = sorts.includes(sort) ? sort : query.text ? 'relevance' : 'name';
  query.reversed = query.sort !== 'relevance' && query.sort !== 'fit' && first(route, 'desc') === '1';
  for (const facet of facetNames) {
    let values = all(route, facetParams[facet]);
    if (facet === 'language') {
      values = values.map((value) => {
        const [code = '', level] = value.split(':');
        if (level && (languageLevels as readonly string[]).includes(level)) query.languageMinLevels[code] = level;
        return code;
      });
    }
    if (facet === 'showreel') values = values.filter((value) => value === 'yes');
    // Links from before the gender facet folded the m/f/i field in still find the same people.
    if (facet === 'gender') values = values.map((value) => legacyGenderValues[value] ?? value);
    const unique = [...new Set(values.filter((value) => value !== ''))];
    if (unique.length > 0) query.facets[facet] = unique;
  }
  [query.actingAgeMin, query.actingAgeMax] = range(first(route, 'age'), 120);
  [query.heightMin, query.heightMax] = range(first(route, 'height'), 250);
  return query;
}

/** The route query of a search (and the list's layout); empty parts are left out. */
export function routeFromQuery(query: ProfileQuery, layout: ListLayout = 'list'): Record<string, string | string[]> {
  const route: Record<string, string | string[]> = {};
  const text = query.text.trim();
  if (text) route.q = text;
  if (query.sort !== (text ? 'relevance' : 'name')) route.sort = query.sort;
  if (query.reversed && query.sort !== 'relevance') route.desc = '1';
  for (const facet of facetNames) {
    const values = query.facets[facet] ?? [];
    if (values.length === 0) continue;
    route[facetParams[facet]] =
      facet === 'language' ? values.map((code) => (query.languageMinLevels[code] ? `${code}:${query.languageMinLevels[code]}` : code)) : [...values];
  }
  const age = rangeText(query.actingAgeMin, query.actingAgeMax);
  if (age) route.age = age;
  const height = rangeText(query.heightMin, query.heightMax);
  if (height) route.height = height;
  if (layout !== 'list') route.view = layout;
  return route;
}

/** The layout a route asks for, or null when it names none (the remembered one applies). */
export function layoutFromRoute(route: RouteQuery): ListLayout | null {
  const view = first(route, 'view');
  return listLayouts.find((layout) => layout === view) ?? null;
}

/** A route query as the text saved with a named search. */
export function routeQueryText(route: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(route)) for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  return params.toString();
}

/** A saved search's text as a route query. */
export function routeQueryFromText(text: string): RouteQuery {
  const route: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) (route[key] ??= []).push(value);
  return route;
}
