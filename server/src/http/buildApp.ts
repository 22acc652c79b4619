/**
 * The HTTP service: CORS for any origin, the routes, and one error shape for every failure. The
 * /api routes live in one encapsulated plugin whose hooks rate-limit and authenticate exactly those
 * routes, however their path was spelled; the media routes in another, public and rate-limited.
 * See accessGuard.ts for why the decision is made on the matched route.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { registerMediaRoutes } from '../media/mediaRoutes.ts';
import { installDefaultDeny, limitRate, markPublic, resolveRights } from './accessGuard.ts';
import { ApiError } from './apiError.ts';
import { registerAttributeRoutes } from './attributeRoutes.ts';
import { registerCastingCallRoutes } from './castingCallRoutes.ts';
import { registerProfileRoutes } from './profileRoutes.ts';
import { registerShowreelRoutes } from './showreelRoutes.ts';
import { registerTalentAgencyRoutes } from './talentAgencyRoutes.ts';
import { RateLimiter, type RateLimitConfig } from './rateLimit.ts';
import type { RouteContext } from './routeContext.ts';
import { socketLimitsWith, type SocketLimits } from './socketLimits.ts';

const exposedHeaders = ['Link', 'Total', 'Per-Page', 'Ratelimit-Limit', 'Ratelimit-Remaining', 'Ratelimit-Reset', 'Retry-After'].join(', ');

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** On every answer, not only the preflight: some clients and proxies read it from the GET itself. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  reply.header('Access-Control-Expose-Headers', exposedHeaders);
}

/** The path of a URL as the client sent it, without the query, for error messages. */
const pathOf = (url: string) => url.split('?')[0];

export interface AppOptions {
  /** Per client on /api; false turns it off. */
  rateLimit: RateLimitConfig | false;
  /** Per client on /media, a budget of its own; false turns it off. */
  mediaRateLimit?: RateLimitConfig | false;
  /** Timeouts and socket caps; omitted ones are socketLimits.ts's defaults. */
  socketLimits?: Partial<SocketLimits>;
  log?: (line: string) => void;
}

export function buildApp(context: RouteContext, options: AppOptions): FastifyInstance {
  const limits = socketLimitsWith(options.socketLimits);
  const app = Fastify({
    logger: false,
    connectionTimeout: limits.connectionTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    // The provider's documentation writes paths with a trailing slash (/api/v1/attributes/).
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A path with a broken percent escape names no endpoint: the same JSON 404 as any unknown path.
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as FastifyReply;
      allowAnyOrigin(reply);
      if (error.code === 'FST_ERR_BAD_URL') reply.code(404).send(errorBody('not_found', `No such endpoint: ${request.method} ${pathOf(request.url)}`));
      else reply.code(400).send(errorBody('invalid_parameter', error.message));
    },
  });

  app.server.maxConnections = limits.maxConnections;

  app.decorateRequest('rights', null as never);
  // JSON answers shrink five- to eightfold; PNG and WAV media are not compressible types and go
  // out as they are. gzip only: brotli at the plugin's default quality made a 1,000-actor page
  // larger than gzip did, and took longer. Registered before any route.
  app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  app.addHook('onRequest', async (request, reply) => {
    allowAnyOrigin(reply);
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
      return reply;
    }
  });
  installDefaultDeny(app);

  app.register(async (api) => {
    if (options.rateLimit) api.addHook('onRequest', limitRate(new RateLimiter(options.rateLimit), options.rateLimit));
    api.addHook('onRequest', resolveRights(context));
    registerProfileRoutes(api, context);
    registerCastingCallRoutes(api, context);
    registerAttributeRoutes(api);
    registerTalentAgencyRoutes(api, context);
    registerShowreelRoutes(api, context);
  });

  app.register(async (media) => {
    media.addHook('onRoute', markPublic);
    if (options.mediaRateLimit) media.addHook('onRequest', limitRate(new RateLimiter(options.mediaRateLimit), options.mediaRateLimit));
    registerMediaRoutes(media);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('not_found', `No such endpoint: ${request.method} ${pathOf(request.url)}`));
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      reply.code(error.status).send(errorBody(error.code, error.message));
      return;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      reply.code(status).send(errorBody(status === 404 ? 'not_found' : 'invalid_parameter', (error as Error).message));
      return;
    }
    options.log?.(`error on ${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
    reply.code(500).send(errorBody('internal_error', 'The directory service failed to answer this request.'));
  });

  return app;
}
