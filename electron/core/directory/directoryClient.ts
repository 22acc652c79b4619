/**
 * The typed client of the Casting and Talent Directory API: one method per endpoint and parameter
 * of the spec, answers mapped to the spec's names (payloadMapping.ts) and validated against the
 * contract, lists with their paging headers, and page walks that follow rel=next. The key lives in
 * the closure of the requester and is never exposed on the client object.
 */
import { z } from 'zod';
import {
  actorDetailSchema,
  actorListItemSchema,
  castingCallDetailSchema,
  castingCallListItemSchema,
  crewDetailSchema,
  crewListItemSchema,
  type ActorDetail,
  type ActorListItem,
  type CastingCallDetail,
  type CastingCallListItem,
  type ContentLocale,
  type CrewDetail,
  type CrewListItem,
} from '../../../contract/directory-api.ts';
import { assertKeyOrigin, type BoundKey } from '../keys/keyOrigin.ts';
import type { RejectedListItem } from '../../../contract/bridge.ts';
import { defaultPerPage } from '../../../contract/list-limits.ts';
import { badResponse, validateAnswer, validateListItems } from './answerValidation.ts';
import type { BackoffOptions } from '../../../contract/backoff.ts';
import { DirectoryError } from './directoryError.ts';
import { answerTooLarge, defaultAnswerLimits, type AnswerLimits } from './answerLimits.ts';
import {
  encodeParams,
  type ActorListParams,
  type CastingCallListParams,
  type CrewDetailLocale,
  type CrewListParams,
} from './directoryParams.ts';
import { createRequester, type CallOptions } from './directoryRequest.ts';
import {
  translatedActorDetailSchema,
  translatedCrewDetailSchema,
  v2ActorDetailSchema,
  type TranslatedActorDetail,
  type TranslatedCrewDetail,
  type V2ActorDetail,
} from './enumModeSchemas.ts';
import { readPagingHeaders, type PageLinks } from './pagingHeaders.ts';
import { mapProviderPayload } from './payloadMapping.ts';
import type { RateBudget } from './rateBudget.ts';

export interface DirectoryClientOptions {
  /** Where the API lives; paths start with /api/v1 below it. */
  baseUrl: string;
  /** The API key with the origin it was stored for; kept in a closure, never on the returned object. */
  key: BoundKey;
  fetch?: typeof fetch;
  /** The connection's budget, shared by every client and call that uses this key. */
  budget: RateBudget;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  /** Retries after the first attempt of an answer asking for another try: 408, 429, 5xx (default 3). */
  retries?: number;
  backoff?: BackoffOptions;
  /** A longer Retry-After fails the call at once instead of waiting (default 120 s). */
  maxRetryAfterMs?: number;
  /** The most of an answer read (default defaultAnswerLimits); tests lower them to keep their data small. */
  answerLimits?: Partial<AnswerLimits>;
}

/** One page of a list, with what the paging headers said. */
export interface Page<T> {
  items: T[];
  page: number;
  /** Matching items across all pages (`Total`). */
  total: number | null;
  perPage: number | null;
  links: PageLinks;
  /** Items that did not match the contract: left out of `items`, named for the "could not read" list. */
  rejected: RejectedListItem[];
  /** The directory's clock when it answered (its `Date` header, ISO); null when absent or unreadable. */
  serverTime: string | null;
}

/** The `Date` header as ISO: the sync bounds its watermark by the directory's clock, not ours. */
function serverTimeOf(headers: Headers): string | null {
  const at = Date.parse(headers.get('date') ?? '');
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

export type ActorDetailOf<Q> = Q extends { enum: 'translate' } ? TranslatedActorDetail : Q extends { enum: 'v2' } ? V2ActorDetail : ActorDetail;
export type CrewDetailOf<Q> = Q extends { enum: 'translate' } ? TranslatedCrewDetail : CrewDetail;

export interface DirectoryClient {
  readonly baseUrl: string;
  listActors(params?: ActorListParams, options?: CallOptions): Promise<Page<ActorListItem>>;
  /** Every page from `params.page` (default 1) on, following rel=next. */
  walkActors(params?: ActorListParams, options?: CallOptions): AsyncGenerator<Page<ActorListItem>>;
  getActor<Q extends { enum?: 'translate' | 'v2'; locale?: ContentLocale }>(id: number, query?: Q, options?: CallOptions): Promise<ActorDetailOf<Q>>;
  listCrew(params?: CrewListParams, options?: CallOptions): Promise<Page<CrewListItem>>;
  walkCrew(params?: CrewListParams, options?: CallOptions): AsyncGenerator<Page<CrewListItem>>;
  getCrew<Q extends { enum?: 'translate'; locale?: CrewDetailLocale }>(id: number, query?: Q, options?: CallOptions): Promise<CrewDetailOf<Q>>;
  listCastingCalls(params?: CastingCallListParams, options?: CallOptions): Promise<Page<CastingCallListItem>>;
  walkCastingCalls(params?: CastingCallListParams, options?: CallOptions): AsyncGenerator<Page<CastingCallListItem>>;
  getCastingCall(id: number, options?: CallOptions): Promise<CastingCallDetail>;
  /** Names of the attribute catalogues. */
  listAttributes(options?: CallOptions): Promise<string[]>;
  /** One catalogue: stable key → label in `locale` (default en). */
  getAttribute(name: string, locale?: ContentLocale, options?: CallOptions): Promise<Record<string, string>>;
}

const attributeNamesSchema = z.array(z.string());
const attributeLabelsSchema = z.record(z.string(), z.string());

const listPaths = { actors: '/api/v1/actor_profiles', crew: '/api/v1/crew_profiles', castingCalls: '/api/v1/casting_calls' } as const;

export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`The directory base URL must be http(s), not ${options.baseUrl}`);
  // No client for an address the key was not stored for; the requester checks every URL again.
  assertKeyOrigin(options.key, base);
  const request = createRequester({
    key: options.key,
    fetch: options.fetch ?? globalThis.fetch,
    budget: options.budget,
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 3,
    backoff: options.backoff,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
  });

  const limits: AnswerLimits = { ...defaultAnswerLimits, ...options.answerLimits };

  const urlFor = (path: string, query?: URLSearchParams): URL => {
    const url = new URL(path.slice(1), base);
    if (query) url.search = query.toString();
    return url;
  };

  const checkId = (id: number, path: string): void => {
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new DirectoryError('invalid_request', `An id must be a positive integer, not ${JSON.stringify(id)} (GET ${path}/{id}; not sent)`, { endpoint: `GET ${path}/{id}`, attempts: 0 });
    }
  };

  async function fetchResource<S extends z.ZodType>(url: URL, schema: S, callOptions: CallOptions | undefined): Promise<z.output<S>> {
    const { body } = await request(url, callOptions ?? {}, limits.detailBytes);
    return validateAnswer(schema, mapProviderPayload(body), `GET ${url.pathname}`);
  }

  async function fetchPage<T>(url: URL, itemSchema: z.ZodType<T>, callOptions: CallOptions | undefined): Promise<Page<T>> {
    const { body, headers } = await request(url, callOptions ?? {}, limits.listPageBytes);
    const endpoint = `GET ${url.pathname}`;
    // Checked before a single item is validated: the items past per_page would only cost memory.
    const asked = Number(url.searchParams.get('per_page') ?? defaultPerPage);
    if (Array.isArray(body) && body.length > asked) throw answerTooLarge(endpoint, `${body.length} items on a page of ${asked}`);
    const { items, rejected } = validateListItems(itemSchema, mapProviderPayload(body), endpoint);
    const paging = readPagingHeaders(headers, url.toString());
    return { items, rejected, page: Number(url.searchParams.get('page') ?? 1) || 1, ...paging, serverTime: serverTimeOf(headers) };
  }

  /** `first` is computed inside, so a refused parameter rejects the first `next()` rather than throwing. */
  async function* walk<T>(first: () => URL, itemSchema: z.ZodType<T>, callOptions: CallOptions | undefined): AsyncGenerator<Page<T>> {
    const seen = new Set<string>();
    let url: URL | undefined = first();
    while (url) {
      seen.add(url.toString());
      const page: Page<T> = await fetchPage(url, itemSchema, callOptions);
      yield page;
      const next: string | undefined = page.links.next;
      if (next === undefined) return;
      const nextUrl: URL = new URL(next);
      const endpoint = `GET ${url.pathname}`;
      // The key goes only where the connection points; a loop would never end.
      if (nextUrl.origin !== base.origin) badResponse(endpoint, [], `Link rel=next leaves the directory (${nextUrl.origin})`);
      if (seen.has(nextUrl.toString())) badResponse(endpoint, [], `Link rel=next points back to a page already read (${nextUrl.pathname}${nextUrl.search})`);
      url = nextUrl;
    }
  }

  const listUrl = (path: string, params: object) => urlFor(path, encodeParams(params, `GET ${path}`));

  return {
    baseUrl: base.toString().replace(/\/$/, ''),
    listActors: async (params = {}, callOptions) => fetchPage(listUrl(listPaths.actors, params), actorListItemSchema, callOptions),
    walkActors: (params = {}, callOptions) => walk(() => listUrl(listPaths.actors, params), actorListItemSchema, callOptions),
    async getActor(id, query, callOptions) {
      checkId(id, listPaths.actors);
      const mode = query?.enum;
      const schema = mode === 'translate' ? translatedActorDetailSchema : mode === 'v2' ? v2ActorDetailSchema : actorDetailSchema;
      const url = urlFor(`${listPaths.actors}/${id}`, encodeParams(query ?? {}, `GET ${listPaths.actors}/${id}`));
      return (await fetchResource(url, schema, callOptions)) as never;
    },
    listCrew: async (params = {}, callOptions) => fetchPage(listUrl(listPaths.crew, params), crewListItemSchema, callOptions),
    walkCrew: (params = {}, callOptions) => walk(() => listUrl(listPaths.crew, params), crewListItemSchema, callOptions),
    async getCrew(id, query, callOptions) {
      checkId(id, listPaths.crew);
      const schema = query?.enum === 'translate' ? translatedCrewDetailSchema : crewDetailSchema;
      const url = urlFor(`${listPaths.crew}/${id}`, encodeParams(query ?? {}, `GET ${listPaths.crew}/${id}`));
      return (await fetchResource(url, schema, callOptions)) as never;
    },
    listCastingCalls: async (params = {}, callOptions) => fetchPage(listUrl(listPaths.castingCalls, params), castingCallListItemSchema, callOptions),
    walkCastingCalls: (params = {}, callOptions) => walk(() => listUrl(listPaths.castingCalls, params), castingCallListItemSchema, callOptions),
    async getCastingCall(id, callOptions) {
      checkId(id, listPaths.castingCalls);
      return fetchResource(urlFor(`${listPaths.castingCalls}/${id}`), castingCallDetailSchema, callOptions);
    },
    async listAttributes(callOptions) {
      const url = urlFor('/api/v1/attributes');
      const { body } = await request(url, callOptions ?? {}, limits.otherBytes);
      return validateAnswer(attributeNamesSchema, body, `GET ${url.pathname}`);
    },
    async getAttribute(name, locale, callOptions) {
      const url = urlFor(`/api/v1/attributes/${encodeURIComponent(name)}`, encodeParams({ locale }, 'GET /api/v1/attributes/{name}'));
      const { body } = await request(url, callOptions ?? {}, limits.otherBytes);
      return validateAnswer(attributeLabelsSchema, body, `GET ${url.pathname}`);
    },
  };
}
