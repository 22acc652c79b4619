/**
 * The casting call endpoints (beta in the spec). Which calls and roles a key sees, and the eight
 * rules of `current`, are decided in SQL so that paging and counting stay exact.
 */
import type { FastifyInstance } from 'fastify';
import { castingCallListFields } from '../../../contract/list-fields.ts';
import type { FixtureCastingCall } from '../fixture/schema.ts';
import { castingCallDetail } from '../views/details.ts';
import type { KeyRights } from './accessKeys.ts';
import { notFound } from './apiError.ts';
import { setPaginationHeaders } from './pagination.ts';
import { fields, flag, pagination, type RawQuery } from './queryParams.ts';
import type { RouteContext } from './routeContext.ts';
import { SqlFilter } from './sqlFilter.ts';

/**
 * A call is visible to a key when the key sees all public calls and it is public, when the key
 * names it, or when it is private and the key was invited to one of its roles (Authentication, 4).
 */
function addVisibility(filter: SqlFilter, rights: KeyRights): void {
  filter.and(
    `(c.visibility = 'public' AND ?::boolean) OR c.id = ANY (?::integer[])
     OR (c.visibility = 'private' AND EXISTS (SELECT 1 FROM casting_roles r WHERE r.casting_call_id = c.id AND r.id = ANY (?::integer[])))`,
    rights.allPublicCastingCalls,
    rights.castingCallIds,
    rights.invitedRoleIds,
  );
}

/**
 * `current` (Endpoints, rules 1–8). A role counts when it is active, not deleted and visible to
 * the key (private calls: invited roles only, rule 6). With such roles, the call is current when
 * one of them is open by its own deadline or, lacking one, the call's (rules 1, 2, 4, 5); without
 * any, the call's own deadline decides (rule 3). Hidden deadlines count like any other (rule 7);
 * EXISTS keeps each call once (rule 8).
 */
function addCurrent(filter: SqlFilter, rights: KeyRights, now: Date): void {
  const countingRole = `r.casting_call_id = c.id AND r.active AND NOT r.deleted AND (c.visibility = 'public' OR r.id = ANY (?::integer[]))`;
  filter.and(
    `CASE WHEN EXISTS (SELECT 1 FROM casting_roles r WHERE ${countingRole})
       THEN EXISTS (SELECT 1 FROM casting_roles r WHERE ${countingRole} AND (COALESCE(r.deadline, c.deadline) IS NULL OR COALESCE(r.deadline, c.deadline) >= ?::timestamptz))
       ELSE c.deadline IS NULL OR c.deadline >= ?::timestamptz
     END`,
    rights.invitedRoleIds,
    rights.invitedRoleIds,
    now.toISOString(),
    now.toISOString(),
  );
}

export function registerCastingCallRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/casting_calls', async (request, reply) => {
    const query = request.query as RawQuery;
    const { page, perPage } = pagination(query);
    const selected = fields(query, castingCallListFields, ['name']);
    const current = flag(query, 'current');

    const filter = new SqlFilter();
    addVisibility(filter, request.rights);
    if (current) addCurrent(filter, request.rights, context.now());

    const total = await context.counts.count(context.db, 'casting_calls c', filter);
    const limit = filter.param(perPage);
    const offset = filter.param((page - 1) * perPage);
    // Newest first, as the provider lists them.
    const rows = total > (page - 1) * perPage
      ? await context.db.query<{ id: number; list_doc: string }>(
          `SELECT c.id, c.list_doc FROM casting_calls c ${filter.where} ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`,
          filter.params,
        )
      : [];
    setPaginationHeaders(request, reply, context.publicUrl, page, perPage, total);
    return rows.map(({ id, list_doc: text }) => {
      const doc = JSON.parse(text) as Record<string, unknown>;
      const item: Record<string, unknown> = { id };
      for (const name of selected) item[name] = doc[name];
      return item;
    });
  });

  app.get('/api/v1/casting_calls/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!/^\d{1,9}$/.test(id)) throw notFound('casting call', id);
    const filter = new SqlFilter().and('c.id = ?', Number(id));
    addVisibility(filter, request.rights);
    const [row] = await context.db.query<{ doc: string }>(`SELECT c.doc FROM casting_calls c ${filter.where}`, filter.params);
    if (!row) throw notFound('casting call', id);
    const call = JSON.parse(row.doc) as FixtureCastingCall;
    const invited = new Set(request.rights.invitedRoleIds);
    const visibleRoleIds = new Set(call.roles.filter((role) => call.visibility === 'public' || invited.has(role.id)).map((role) => role.id));
    return castingCallDetail(call, visibleRoleIds, context.publicUrl);
  });
}
