/**
 * The HTTP service: CORS for any origin, rate limiting and authentication on /api, the routes,
 * and one error shape for every failure.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { registerMediaRoutes } from '../media/mediaRoutes.ts';
import { authenticate } from './accessKeys.ts';
import { ApiError } from './apiError.ts';
import { registerAttributeRoutes } from './attributeRoutes.ts';
import { registerCastingCallRoutes } from './castingCallRoutes.ts';
import { registerProfileRoutes } from './profileRoutes.ts';
import { RateLimiter, type RateLimitConfig } from './rateLimit.ts';
import type { RouteContext } from './routeContext.ts';

const exposedHeaders = ['Link', 'Total', 'Per-Page', 'Ratelimit-Limit', 'Ratelimit-Remaining', 'Ratelimit-Reset', 'Retry-After'].join(', ');

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function buildApp(context: RouteContext, options: { rateLimit: RateLimitConfig | false; log?: (line: string) => void }): FastifyInstance {
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 200 } });
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;

  app.decorateRequest('rights', null as never);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', exposedHeaders);
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
      return reply;
    }
    if (!request.url.startsWith('/api/')) return;
    if (limiter) {
      const decision = limiter.take(request.ip);
      reply.headers(decision.headers);
      if (!decision.allowed) {
        throw new ApiError(429, 'rate_limited', `Too many requests: at most ${options.rateLimit ? options.rateLimit.limit : 0} per ${options.rateLimit ? options.rateLimit.windowSeconds : 0} s. Retry after ${decision.headers['Retry-After']} s.`);
      }
    }
    request.rights = authenticate(request.headers.authorization, context.keys);
  });

  registerProfileRoutes(app, context);
  registerCastingCallRoutes(app, context);
  registerAttributeRoutes(app);
  registerMediaRoutes(app);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
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
