/**
 * A hostile directory for the sync's integration tests: a small real HTTP server on 127.0.0.1 that
 * answers the list paths the sync reads from items the test sets (any shape: future or unparsable
 * dates, negative ids), filtering by `updated_at[gte]` and paging by `page`/`per_page` with
 * `Link`, `Total` and `Per-Page` as the directory does. Node sends a `Date` header with every
 * answer (the directory's clock). A test may replace any answer (`override`), e.g. with a page
 * far larger than asked for. Crew and casting calls are empty; details are 404.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileListItem {
  id: number;
  updated_at?: string;
  [field: string]: unknown;
}

/** Answers a request itself (returns true) or leaves it to the list logic. */
export type AnswerOverride = (url: URL, response: ServerResponse) => boolean;

export interface HostileListDirectory {
  baseUrl: string;
  key: string;
  /** The actor list; a test changes it between runs as a directory changes. */
  actors: HostileListItem[];
  /** Every actor list request's query (`page`, `per_page`, `updated_at[gte]`, …), in order. */
  actorListQueries: URLSearchParams[];
  override: AnswerOverride | null;
  stop(): Promise<void>;
}

function since(item: HostileListItem, gte: string | null): boolean {
  if (gte === null) return true;
  const at = Date.parse(item.updated_at ?? '');
  // A directory compares as its database does: an unreadable date never matches a filter.
  return Number.isFinite(at) && at / 1000 >= Number(gte);
}

export async function startHostileListDirectory(key = 'hostile-list-key-0123456789'): Promise<HostileListDirectory> {
  let baseUrl = '';
  const state: Omit<HostileListDirectory, 'stop' | 'baseUrl'> = { key, actors: [], actorListQueries: [], override: null };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
    response.end(text);
  };
  const sendList = (response: ServerResponse, url: URL, all: HostileListItem[]) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const perPage = Math.max(1, Number(url.searchParams.get('per_page') ?? 25) || 25);
    const matching = all.filter((item) => since(item, url.searchParams.get('updated_at[gte]'))).sort((a, b) => a.id - b.id);
    const pageUrl = (number: number) => {
      const target = new URL(url);
      target.searchParams.set('page', String(number));
      return target.href;
    };
    const last = Math.max(1, Math.ceil(matching.length / perPage));
    const links = [`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(last)}>; rel="last"`, ...(page < last ? [`<${pageUrl(page + 1)}>; rel="next"`] : [])];
    send(response, 200, matching.slice((page - 1) * perPage, page * perPage), { Link: links.join(', '), Total: String(matching.length), 'Per-Page': String(perPage) });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', baseUrl);
    if (request.headers.authorization !== `Token token=${key}`) return send(response, 401, { error: { code: 'unauthorized', message: 'unauthorized' } });
    if (url.pathname === '/api/v1/actor_profiles') state.actorListQueries.push(url.searchParams);
    if (state.override?.(url, response)) return;
    if (url.pathname === '/api/v1/actor_profiles') return sendList(response, url, state.actors);
    if (url.pathname === '/api/v1/crew_profiles' || url.pathname === '/api/v1/casting_calls') return sendList(response, url, []);
    return send(response, 404, { error: { code: 'not_found', message: 'not found' } });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    baseUrl,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
