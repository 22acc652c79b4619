/**
 * Who may reach a route, decided on the route the router matched, never on the spelling of the
 * URL: the router decodes `%61pi` to `api`, so a test on `request.url` can be walked around
 * (issue 10, finding 2). Routes are registered inside encapsulated plugins whose hooks run for
 * exactly their routes, whatever path reached them; and every matched route that is not marked
 * public is refused unless a key's rights were resolved (default deny).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { authenticate } from './accessKeys.ts';
import { ApiError } from './apiError.ts';
import type { RateLimitConfig, RateLimiter } from './rateLimit.ts';
import type { RouteContext } from './routeContext.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes answer without a key; every other route needs one. */
    access?: 'public';
  }
}

/** onRoute hook for a plugin whose routes answer without a key (the media host). */
export function markPublic(route: RouteOptions): void {
  route.config = { ...route.config, access: 'public' };
}

/** onRequest hook: counts the request against the client's budget; 429 once it is spent. */
export function limitRate(limiter: RateLimiter, config: RateLimitConfig) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const decision = limiter.take(request.ip);
    reply.headers(decision.headers);
    if (!decision.allowed) {
      throw new ApiError(429, 'rate_limited', `Too many requests: at most ${config.limit} per ${config.windowSeconds} s. Retry after ${decision.headers['Retry-After']} s.`);
    }
  };
}

/** onRequest hook: resolves the key's rights from the Authorization header, or answers 401. */
export function resolveRights(context: RouteContext) {
  return async (request: FastifyRequest): Promise<void> => {
    request.rights = authenticate(request.headers.authorization, context.keys);
  };
}

/**
 * preHandler on the root, so it covers routes of every plugin, present and future: a matched route
 * that is not public runs only with resolved rights. Unmatched paths go on to the JSON 404.
 */
export function installDefaultDeny(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config.access === 'public') return;
    if (!request.rights) throw new ApiError(401, 'unauthorized', 'This endpoint needs an API key: send the header "Authorization: Token token=<API_KEY>".');
  });
}
