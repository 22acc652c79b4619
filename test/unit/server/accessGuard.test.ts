/**
 * Default deny: a route the /api plugin did not register, and that is not marked public, is
 * refused without rights; a public one answers. Over a real socket on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/http/buildApp.ts';
import type { RouteContext } from '../../../server/src/http/routeContext.ts';

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = buildApp({ keys: new Map() } as unknown as RouteContext, { rateLimit: false });
  // Routes outside the guarded plugin, as a later change might add them.
  app.get('/outside', async () => ({ secret: true }));
  app.get('/outside-public', { config: { access: 'public' } }, async () => ({ open: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
});

describe('default deny', () => {
  it('refuses a route outside the /api plugin that is not marked public', async () => {
    const answer = await fetch(`${baseUrl}/outside`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await fetch(`${baseUrl}/%6Futside/`)).status).toBe(401);
  });
  it('answers a route marked public', async () => {
    const answer = await fetch(`${baseUrl}/outside-public`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ open: true });
  });
});
