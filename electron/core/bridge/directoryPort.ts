/**
 * Adapts the directory client to the bridge: the contract's camelCase parameters become the API's
 * parameters, and a client page (with its paging headers) becomes the contract's list page.
 */
import type { ActorListParams, CrewListParams } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import type { DirectoryClient, Page } from '../directory/directoryClient.ts';
import type { ActorListField, CastingCallListField, CrewDetailLocale, CrewListField } from '../directory/directoryParams.ts';
import type { DirectoryPort } from './ports.ts';

/** The service's default page size (spec). */
const defaultPerPage = 250;

function listPage<T>(page: Page<T>, requestedPerPage: number | undefined) {
  return {
    items: page.items,
    total: page.total ?? page.items.length,
    page: page.page,
    perPage: page.perPage ?? requestedPerPage ?? defaultPerPage,
    nextPage: page.links.next !== undefined ? page.page + 1 : null,
  };
}

export function createDirectoryPort(client: DirectoryClient): DirectoryPort {
  return {
    async listActors(params: ActorListParams) {
      const page = await client.listActors({
        page: params.page,
        per_page: params.perPage,
        order: params.order,
        direction: params.direction,
        // Names outside the endpoint's list are ignored by the directory (spec).
        fields: params.fields as ActorListField[] | undefined,
        include_picture: params.includePicture,
        picture_version: params.pictureVersion,
        gender: params.gender,
        updated_at_gte: params.updatedSince,
        acting_age_gte: params.actingAgeMin,
        acting_age_lte: params.actingAgeMax,
        languages: params.languages,
        q: params.q,
      });
      return listPage(page, params.perPage);
    },
    async getActor(id, options) {
      return client.getActor(id, options);
    },
    async listCrew(params: CrewListParams) {
      const page = await client.listCrew({
        page: params.page,
        per_page: params.perPage,
        order: params.order,
        direction: params.direction,
        fields: params.fields as CrewListField[] | undefined,
        include_picture: params.includePicture,
        picture_version: params.pictureVersion,
        gender: params.gender,
        updated_at_gte: params.updatedSince,
        professions: params.professions,
        q: params.q,
        locale: params.locale,
      });
      return listPage(page, params.perPage);
    },
    async getCrew(id, options: { enum?: 'translate'; locale?: ContentLocale }) {
      // The crew detail has no Ukrainian; the directory answers such a request with a 400.
      return client.getCrew(id, { enum: options.enum, locale: options.locale as CrewDetailLocale | undefined });
    },
    async listCastingCalls(params) {
      const page = await client.listCastingCalls({
        page: params.page,
        per_page: params.perPage,
        current: params.current,
        fields: params.fields as CastingCallListField[] | undefined,
      });
      return listPage(page, params.perPage);
    },
    getCastingCall: (id) => client.getCastingCall(id),
    listAttributes: () => client.listAttributes(),
    getAttribute: (name, locale) => client.getAttribute(name, locale),
  };
}
