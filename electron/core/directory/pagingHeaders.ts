/**
 * Paging headers of a list answer: `Link` (next, prev, first, last), `Total` and `Per-Page`. The
 * spec shows `rel=next` unquoted, our service quotes it; both are read, as are several relations
 * in one `rel="next last"`.
 */
import type { HeaderReader } from './rateHeaders.ts';

export const pageRelations = ['next', 'prev', 'first', 'last'] as const;
export type PageRelation = (typeof pageRelations)[number];
export type PageLinks = Partial<Record<PageRelation, string>>;

export interface PagingInfo {
  links: PageLinks;
  /** Matching items across all pages, when the server says. */
  total: number | null;
  perPage: number | null;
}

/** One `<url>; param; param` entry at a time; commas inside `<…>` or quotes do not split. */
function splitLinkEntries(header: string): string[] {
  const entries: string[] = [];
  let current = '';
  let inUrl = false;
  let inQuotes = false;
  for (const char of header) {
    if (char === '<' && !inQuotes) inUrl = true;
    else if (char === '>' && !inQuotes) inUrl = false;
    else if (char === '"' && !inUrl) inQuotes = !inQuotes;
    if (char === ',' && !inUrl && !inQuotes) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/** Relative targets are resolved against `baseUrl`; unknown relations are ignored; the first of each wins. */
export function parseLinkHeader(header: string | null, baseUrl: string): PageLinks {
  const links: PageLinks = {};
  if (!header) return links;
  for (const entry of splitLinkEntries(header)) {
    const match = /^<([^>]*)>(.*)$/s.exec(entry);
    if (!match) continue;
    let target: string;
    try {
      target = new URL(match[1]!.trim(), baseUrl).toString();
    } catch {
      continue;
    }
    for (const param of match[2]!.split(';')) {
      const rel = /^\s*rel\s*=\s*(?:"([^"]*)"|([^\s;"]+))\s*$/i.exec(param);
      if (!rel) continue;
      for (const name of (rel[1] ?? rel[2] ?? '').toLowerCase().split(/\s+/)) {
        if ((pageRelations as readonly string[]).includes(name) && !links[name as PageRelation]) links[name as PageRelation] = target;
      }
    }
  }
  return links;
}

function countHeader(headers: HeaderReader, name: string): number | null {
  const text = headers.get(name)?.trim();
  if (!text || !/^\d+$/.test(text)) return null;
  return Number(text);
}

export function readPagingHeaders(headers: HeaderReader, baseUrl: string): PagingInfo {
  return {
    links: parseLinkHeader(headers.get('link'), baseUrl),
    total: countHeader(headers, 'total'),
    perPage: countHeader(headers, 'per-page'),
  };
}
