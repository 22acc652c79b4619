/**
 * The attributes endpoint: the closed lists behind every key the service returns, with labels per
 * locale. It serves the same catalogues that `enum=translate` uses.
 */
import type { FastifyInstance } from 'fastify';
import { contentLocales } from '../../../contract/directory-api.ts';
import { catalogueLabels, hasCatalogue, listCatalogueNames } from '../catalogues/catalogues.ts';
import { ApiError } from './apiError.ts';
import { oneOf, type RawQuery } from './queryParams.ts';

export function registerAttributeRoutes(app: FastifyInstance): void {
  app.get('/api/v1/attributes', async () => listCatalogueNames());

  app.get('/api/v1/attributes/:name', async (request) => {
    const { name } = request.params as { name: string };
    const locale = oneOf(request.query as RawQuery, 'locale', contentLocales) ?? 'en';
    if (!hasCatalogue(name)) throw new ApiError(404, 'not_found', `No attribute list named ${JSON.stringify(name)}; GET /api/v1/attributes lists them.`);
    return catalogueLabels(name, locale);
  });
}
