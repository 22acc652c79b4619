/**
 * GET /api/v1/showreels/{id} and GET /api/v1/showreel_media/{id}, as the provider documents them
 * (docs/showreels.md, docs/showreel-media.md; the ids come from a profile's `showreel_ids` and
 * `showreel_medium_ids`). A showreel or medium belongs to one profile and is served only while that
 * profile is active and within the key's rights; otherwise it is a 404 like an unknown id, so the
 * answer never reveals a profile the key may not see.
 */
import type { FastifyInstance } from 'fastify';
import { showreelWavSeconds } from '../media/wav.ts';
import { showreelMediumView, showreelView, type ShowreelHolder } from '../views/showreels.ts';
import { notFound } from './apiError.ts';
import type { RouteContext } from './routeContext.ts';

type IdColumn = 'showreel_ids' | 'showreel_medium_ids';

const idPattern = /^\d{1,9}$/;

/** The stored record of the visible, active profile (actor first, then crew) holding the id. */
async function holderOf(context: RouteContext, column: IdColumn, id: number, agencyIds: number[]): Promise<ShowreelHolder | undefined> {
  const visibleProfileWith = (profiles: string, records: string) =>
    `SELECT r.doc FROM ${profiles} p JOIN ${records} r ON r.id = p.id
      WHERE p.${column} @> ARRAY[$1::integer] AND p.status = 'active' AND p.agency_ids && $2::integer[]`;
  const [row] = await context.db.query<{ doc: string }>(
    `(${visibleProfileWith('actor_profiles', 'actor_records')}) UNION ALL (${visibleProfileWith('crew_profiles', 'crew_records')}) LIMIT 1`,
    [id, agencyIds],
  );
  return row ? (JSON.parse(row.doc) as ShowreelHolder) : undefined;
}

export function registerShowreelRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/showreels/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!idPattern.test(id)) throw notFound('showreel', id);
    const holder = await holderOf(context, 'showreel_ids', Number(id), request.rights.agencyIds);
    const showreel = holder && showreelView(holder, Number(id), context.publicUrl);
    if (!showreel) throw notFound('showreel', id);
    return showreel;
  });

  app.get('/api/v1/showreel_media/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!idPattern.test(id)) throw notFound('showreel medium', id);
    const holder = await holderOf(context, 'showreel_medium_ids', Number(id), request.rights.agencyIds);
    if (!holder) throw notFound('showreel medium', id);
    return showreelMediumView(holder, Number(id), context.publicUrl, showreelWavSeconds);
  });
}
