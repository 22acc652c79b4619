/**
 * GET /api/v1/talent_agencies/{id}, as the provider documents it (docs/talent-agencies.md): the
 * agency's name and its employees, the people named as representatives on its profiles; the
 * deprecation notes send clients here for representative names. Only the agencies the key's
 * rights name are served; any other id is a 404 like an unknown one. Address, links and pictures
 * are not in our data and are left out rather than invented (API-NOTES.md).
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from './apiError.ts';
import type { RouteContext } from './routeContext.ts';

interface Employee {
  id: number;
  first_name: string;
  last_name: string;
}

/** "Erika Agent" → first "Erika", last "Agent"; one word is a last name. */
function employeeOf(id: number, name: string): Employee {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return { id, first_name: words.join(' '), last_name: last };
}

export function registerTalentAgencyRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/talent_agencies/:id', async (request) => {
    const { id } = request.params as { id: string };
    const agencyId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const agency = context.agencies.get(agencyId);
    if (!agency || !request.rights.agencyIds.includes(agencyId)) throw notFound('talent agency', id);
    const rows = await context.db.query<{ representative: string }>(
      `SELECT DISTINCT (r.doc::jsonb -> 'representative')::text AS representative
         FROM actor_profiles p JOIN actor_records r ON r.id = p.id
        WHERE p.status = 'active' AND p.agency_ids && $1::integer[]
          AND jsonb_typeof(r.doc::jsonb -> 'representative') = 'object'`,
      [[agencyId]],
    );
    const employees = new Map<number, Employee>();
    for (const { representative } of rows) {
      const { id: employeeId, name } = JSON.parse(representative) as { id: number; name: string };
      if (!employees.has(employeeId)) employees.set(employeeId, employeeOf(employeeId, name));
    }
    return {
      id: agency.id,
      name: agency.name,
      employees: [...employees.values()].sort((a, b) => a.id - b.id),
      associations: [],
    };
  });
}
