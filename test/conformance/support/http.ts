/**
 * Plain HTTP helpers for the conformance suites: every request goes over a real socket with the
 * global fetch, and every answer is kept whole (status, headers, parsed body) so a test can assert
 * on any part of it.
 */
import { expect } from 'vitest';
import { directoryErrorBodySchema } from '../../../contract/directory-errors.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** The API key; `null` sends no Authorization header at all. */
  key?: string | null;
  /** Send the key as `Bearer <key>` instead of `Token token=<key>`. */
  scheme?: 'token' | 'bearer';
  headers?: Record<string, string>;
  method?: string;
}

/** A client bound to one base URL and one default key. */
export interface Client {
  baseUrl: string;
  get<T = unknown>(pathAndQuery: string, options?: RequestOptions): Promise<Answer<T>>;
}

export function authorizationFor(key: string, scheme: 'token' | 'bearer' = 'token'): string {
  return scheme === 'bearer' ? `Bearer ${key}` : `Token token=${key}`;
}

export function makeClient(baseUrl: string, defaultKey: string | null): Client {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: root,
    async get<T>(pathAndQuery: string, options: RequestOptions = {}): Promise<Answer<T>> {
      const key = options.key === undefined ? defaultKey : options.key;
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (key !== null && !('authorization' in headers)) headers.authorization = authorizationFor(key, options.scheme);
      const response = await fetch(root + pathAndQuery, { method: options.method ?? 'GET', headers });
      const text = await response.text();
      let body: unknown = undefined;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      return { status: response.status, headers: response.headers, body: body as T, text };
    },
  };
}

/** Asserts a JSON error answer `{"error":{"code","message"}}` with the given status and code. */
export function expectError(answer: Answer, status: number, code: string): void {
  const context = `${status} ${code} expected, got ${answer.status}: ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBe(status);
  const parsed = directoryErrorBodySchema.safeParse(answer.body);
  expect(parsed.success, `error body shape: ${answer.text.slice(0, 300)}`).toBe(true);
  expect((answer.body as { error: { code: string } }).error.code, context).toBe(code);
  expect((answer.body as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
}

/** Asserts a 200 JSON answer and returns its body. */
export function expectOk<T>(answer: Answer<T>): T {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
  expect(answer.headers.get('content-type') ?? '').toMatch(/application\/json/);
  return answer.body;
}

/** The ids of a list answer, in order. */
export function ids(list: unknown): number[] {
  expect(Array.isArray(list), `expected a JSON array, got ${JSON.stringify(list)?.slice(0, 200)}`).toBe(true);
  return (list as { id: number }[]).map((item) => item.id);
}

/** Parses a Link header into rel → URL (resolved against the base URL). */
export function parseLinkHeader(header: string | null, baseUrl: string): Record<string, URL> {
  const links: Record<string, URL> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match) continue;
    const relMatch = /rel\s*=\s*"?([^";]+)"?/.exec(match[2]);
    if (!relMatch) continue;
    for (const rel of relMatch[1].trim().split(/\s+/)) links[rel] = new URL(match[1], baseUrl + '/');
  }
  return links;
}

/** Service datetimes: ISO 8601 with milliseconds and the +00:00 offset. */
export const serviceDatetime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

/** Asserts a zod schema accepts a value, printing the issues when it does not. */
export function expectSchema(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown, label = 'value'): void {
  const result = schema.safeParse(value);
  expect(result.success, `${label} does not match the contract: ${JSON.stringify(result.error?.issues ?? []).slice(0, 800)}`).toBe(true);
}

/** Collects every key of every object nested in a value (for "hidden keys are never served" checks). */
export function collectKeys(value: unknown, path = '$', out: { path: string; key: string }[] = []): { path: string; key: string }[] {
  if (Array.isArray(value)) value.forEach((item, index) => collectKeys(item, `${path}[${index}]`, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push({ path, key });
      collectKeys(child, `${path}.${key}`, out);
    }
  }
  return out;
}

/**
 * A parsed JSON answer the tests reach into freely: its shape is checked by the contract schemas
 * and the assertions, not by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- served JSON, asserted at run time
export type Json = any;
