/**
 * The actor and crew profile endpoints: lists with every filter, ordering and field selection of
 * the spec, and details with enum modes and the 410 answers for merged and deleted profiles. The
 * two resources share this code and differ only in their configuration.
 */
import type { FastifyInstance } from 'fastify';
import {
  actorPictureVersionNames,
  contentLocales,
  crewDetailLocales,
  crewProfessionKeys,
  genderNewKeys,
  pictureVersionNames,
  type ContentLocale,
} from '../../../contract/directory-api.ts';
import { actorListFields, crewListFields } from '../../../contract/list-fields.ts';
import { applyActorEnumMode, applyCrewEnumMode, type EnumMode } from '../catalogues/enumMode.ts';
import type { FixtureActor, FixtureCrew } from '../fixture/schema.ts';
import { escapeLike, foldForSearch } from '../text/searchText.ts';
import { absoluteMediaUrls, localizedText } from '../views/common.ts';
import { actorDetail, crewDetail, type ViewContext } from '../views/details.ts';
import type { MainPictureSummary } from '../views/pictures.ts';
import { ApiError, notFound } from './apiError.ts';
import { setPaginationHeaders } from './pagination.ts';
import { fields, flag, languageCodes, nameQuery, oneOf, optionalInteger, pagination, repeated, type RawQuery } from './queryParams.ts';
import type { RouteContext } from './routeContext.ts';
import { SqlFilter } from './sqlFilter.ts';

/** Unix seconds from year 1 to year 9999. */
const unixSecondsRange = [-62135596800, 253402300799] as const;
const actingAgeRange = [0, 999] as const;

const crewGenderOf: Record<string, string> = { male: 'm', female: 'f' };

interface ProfileResource {
  table: 'actor_profiles' | 'crew_profiles';
  records: 'actor_records' | 'crew_records';
  path: string;
  what: string;
  listFields: readonly string[];
  defaultFields: readonly string[];
  pictureVersions: readonly string[];
  listLocales?: readonly ContentLocale[];
  detailLocales: readonly ContentLocale[];
  enumModes: readonly EnumMode[];
  /** Resource-specific filters on top of the shared ones. */
  addFilters(query: RawQuery, filter: SqlFilter): void;
  detail(doc: unknown, context: ViewContext, mode: EnumMode): Record<string, unknown>;
}

const actorResource: ProfileResource = {
  table: 'actor_profiles',
  records: 'actor_records',
  path: '/api/v1/actor_profiles',
  what: 'actor profile',
  listFields: actorListFields,
  defaultFields: ['name', 'gender'],
  pictureVersions: actorPictureVersionNames,
  detailLocales: contentLocales,
  enumModes: ['translate', 'v2'],
  addFilters(query, filter) {
    const gender = oneOf(query, 'gender', genderNewKeys);
    if (gender) filter.and('? = ANY (gender_searchability)', gender);
    const actingAgeMin = optionalInteger(query, 'acting_age[gte]', ...actingAgeRange);
    if (actingAgeMin !== undefined) filter.and('acting_age_to >= ?', actingAgeMin);
    const actingAgeMax = optionalInteger(query, 'acting_age[lte]', ...actingAgeRange);
    if (actingAgeMax !== undefined) filter.and('acting_age_from <= ?', actingAgeMax);
    const languages = languageCodes(query);
    if (languages.length > 0) filter.and('language_codes @> ?::text[]', languages);
  },
  detail: (doc, context, mode) => applyActorEnumMode(actorDetail(doc as FixtureActor, context), mode, context.locale),
};

const crewResource: ProfileResource = {
  table: 'crew_profiles',
  records: 'crew_records',
  path: '/api/v1/crew_profiles',
  what: 'crew profile',
  listFields: crewListFields,
  defaultFields: ['name', 'gender'],
  pictureVersions: pictureVersionNames,
  listLocales: contentLocales,
  detailLocales: crewDetailLocales,
  enumModes: ['translate'],
  addFilters(query, filter) {
    const gender = oneOf(query, 'gender', genderNewKeys);
    if (gender) filter.and('gender = ?', crewGenderOf[gender] ?? 'i');
    const professions = repeated(query, 'professions[]', 'professions');
    for (const profession of professions) {
      if (!(crewProfessionKeys as readonly string[]).includes(profession)) {
        throw new ApiError(400, 'invalid_parameter', `Invalid value for 'professions[]': expected any of ${crewProfessionKeys.join(', ')}, got ${JSON.stringify(profession)}`);
      }
    }
    if (professions.length > 0) filter.and('professions && ?::text[]', [...new Set(professions)]);
  },
  detail: (doc, context, mode) => applyCrewEnumMode(crewDetail(doc as FixtureCrew, context), mode === 'v2' ? 'keys' : mode, context.locale),
};

const orderColumns: Record<string, string[]> = {
  id: ['id'],
  name: ['sort_name', 'id'],
  last_name: ['sort_last_name', 'id'],
};

interface StoredListDoc extends Record<string, unknown> {
  main_picture: MainPictureSummary | null;
}

/**
 * main_picture_url_tile, picture_url and picture_copyright of a list item (include_picture=true):
 * all three describe the desktop/landscape main picture; picture_version picks which of its
 * versions picture_url names.
 */
function pictureFields(main: MainPictureSummary | null, version: string | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = { main_picture_url_tile: main?.versions.thumb ?? null };
  if (version) out.picture_url = main?.versions[version] ?? null;
  out.picture_copyright = main?.copyright ?? null;
  return out;
}

function registerProfileResource(app: FastifyInstance, context: RouteContext, resource: ProfileResource): void {
  app.get(resource.path, async (request, reply) => {
    const query = request.query as RawQuery;
    const { page, perPage } = pagination(query);
    const selected = fields(query, resource.listFields, resource.defaultFields);
    const includePicture = flag(query, 'include_picture');
    const pictureVersion = oneOf(query, 'picture_version', resource.pictureVersions);
    const order = oneOf(query, 'order', ['id', 'name', 'last_name'] as const) ?? 'id';
    const direction = oneOf(query, 'direction', ['asc', 'desc'] as const) ?? 'asc';
    const locale = resource.listLocales ? (oneOf(query, 'locale', resource.listLocales) ?? 'en') : 'en';

    const filter = new SqlFilter().and(`status = 'active'`).and('agency_ids && ?::integer[]', request.rights.agencyIds);
    const updatedSince = optionalInteger(query, 'updated_at[gte]', ...unixSecondsRange, true);
    if (updatedSince !== undefined) filter.and('updated_at >= to_timestamp(?)', updatedSince);
    const q = nameQuery(query);
    if (q !== undefined) {
      const folded = foldForSearch(q);
      if (folded === '') filter.and('false');
      else filter.and(`search_name LIKE ? ESCAPE '\\' OR ? <% search_name`, `%${escapeLike(folded)}%`, folded);
    }
    resource.addFilters(query, filter);

    const total = await context.counts.count(context.db, resource.table, filter);
    const sortColumns = orderColumns[order];
    const orderBy = (prefix: string) => sortColumns.map((column) => `${prefix}${column} ${direction}`).join(', ');
    const limit = filter.param(perPage);
    const offset = filter.param((page - 1) * perPage);
    // A name search matches few rows: collect them first, so the planner never walks a sort
    // index testing every row against the trigram condition.
    const matched = q !== undefined
      ? `WITH matched AS MATERIALIZED (SELECT ${sortColumns.join(', ')} FROM ${resource.table} ${filter.where}) SELECT * FROM matched`
      : `SELECT ${sortColumns.join(', ')} FROM ${resource.table} ${filter.where}`;
    const rows = total > (page - 1) * perPage
      ? await context.db.query<{ id: number; list_doc: string }>(
          `SELECT p.id, r.list_doc FROM (${matched} ORDER BY ${orderBy('')} LIMIT ${limit} OFFSET ${offset}) p
           JOIN ${resource.records} r ON r.id = p.id ORDER BY ${orderBy('p.')}`,
          filter.params,
        )
      : [];

    setPaginationHeaders(request, reply, context.publicUrl, page, perPage, total);
    return rows.map(({ id, list_doc: text }) => {
      const doc = JSON.parse(text) as StoredListDoc;
      const item: Record<string, unknown> = { id };
      for (const name of selected) {
        item[name] = name === 'about_me' || name === 'about_me_html' ? localizedText(doc[name], locale) : doc[name];
      }
      if (includePicture) Object.assign(item, absoluteMediaUrls(pictureFields(doc.main_picture, pictureVersion), context.publicUrl));
      return item;
    });
  });

  app.get(`${resource.path}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as RawQuery;
    const mode = oneOf(query, 'enum', resource.enumModes) ?? 'keys';
    const locale = oneOf(query, 'locale', resource.detailLocales) ?? 'en';
    if (!/^\d{1,9}$/.test(id)) throw notFound(resource.what, id);
    // The profile a merged one went into is named only when this key may see it; otherwise the
    // answer is `deleted`, so a 410 never reveals an id outside the key's rights.
    const [row] = await context.db.query<{ status: string; merged_into: number | null; merged_into_visible: boolean; doc: string }>(
      `SELECT p.status, p.merged_into, r.doc,
         EXISTS (SELECT 1 FROM ${resource.table} n WHERE n.id = p.merged_into AND n.agency_ids && $2::integer[]) AS merged_into_visible
       FROM ${resource.table} p JOIN ${resource.records} r ON r.id = p.id
       WHERE p.id = $1 AND p.agency_ids && $2::integer[]`,
      [Number(id), request.rights.agencyIds],
    );
    if (!row) throw notFound(resource.what, id);
    if (row.status === 'merged' && row.merged_into_visible) return reply.code(410).send({ id: Number(id), status: 'merged', new_id: row.merged_into });
    if (row.status !== 'active') return reply.code(410).send({ id: Number(id), status: 'deleted' });
    return resource.detail(JSON.parse(row.doc), { locale, baseUrl: context.publicUrl, agencies: context.agencies }, mode);
  });
}

export function registerProfileRoutes(app: FastifyInstance, context: RouteContext): void {
  registerProfileResource(app, context, actorResource);
  registerProfileResource(app, context, crewResource);
}
