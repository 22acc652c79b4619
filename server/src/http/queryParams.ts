/**
 * Parsing of query parameters. Every value is checked; anything the spec does not allow is a 400
 * naming the parameter and what it accepts. Parameters the endpoint does not know are ignored.
 */
import { defaultPerPage, maxNameQueryLength, maxPerPage } from '../../../contract/list-limits.ts';
import { invalidParameter } from './apiError.ts';

export type RawQuery = Record<string, string | string[] | undefined>;

/** The single value of a parameter; given twice it is ambiguous and refused. */
export function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw invalidParameter(name, 'given more than once');
  return value;
}

/** Values of a repeatable array parameter (`professions[]=a&professions[]=b`). */
export function repeated(query: RawQuery, ...names: string[]): string[] {
  return names.flatMap((name) => {
    const value = query[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  });
}

const digits = /^\d+$/;
const signedDigits = /^-?\d+$/;

function integerIn(name: string, value: string, min: number, max: number, pattern = digits): number {
  if (!pattern.test(value)) throw invalidParameter(name, `expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw invalidParameter(name, `expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return number;
}

/** An optional integer; empty counts as absent. */
export function optionalInteger(query: RawQuery, name: string, min: number, max: number, allowNegative = false): number | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  return integerIn(name, value, min, max, allowNegative ? signedDigits : digits);
}

/** Pages beyond this would overflow an offset; nothing real is that far. */
const maxPage = 1_000_000_000;

export function pagination(query: RawQuery): { page: number; perPage: number } {
  return {
    page: optionalInteger(query, 'page', 1, maxPage) ?? 1,
    perPage: optionalInteger(query, 'per_page', 1, maxPerPage) ?? defaultPerPage,
  };
}

/** One of a closed set of values; empty counts as absent. */
export function oneOf<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParameter(name, `expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Boolean flags: true or 1 set it; omitted, empty, false or 0 do not; anything else is refused. */
export function flag(query: RawQuery, name: string): boolean {
  const value = single(query, name);
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw invalidParameter(name, `expected true, 1, false or 0, got ${JSON.stringify(value)}`);
}

/**
 * The `fields` list: names outside `allowed` are ignored (spec, Errors rule 1); an empty or absent
 * list means the endpoint's defaults.
 */
export function fields(query: RawQuery, allowed: readonly string[], defaults: readonly string[]): string[] {
  const value = single(query, 'fields');
  if (value === undefined || value.trim() === '') return [...defaults];
  const asked = new Set(value.split(',').map((name) => name.trim()));
  return allowed.filter((name) => asked.has(name));
}

/** ISO 639-2 codes, comma-separated; the profile must speak every one. */
export function languageCodes(query: RawQuery): string[] {
  const value = single(query, 'languages');
  if (value === undefined || value.trim() === '') return [];
  const codes = value.split(',').map((code) => code.trim().toLowerCase());
  for (const code of codes) {
    if (!/^[a-z]{3}$/.test(code)) throw invalidParameter('languages', `expected comma-separated ISO 639-2 codes such as deu,eng, got ${JSON.stringify(value)}`);
  }
  return [...new Set(codes)];
}


/** The `q` name filter; whitespace-only counts as absent. */
export function nameQuery(query: RawQuery): string | undefined {
  const value = single(query, 'q');
  if (value === undefined || value.trim() === '') return undefined;
  if (value.length > maxNameQueryLength) throw invalidParameter('q', `at most ${maxNameQueryLength} characters`);
  return value;
}
