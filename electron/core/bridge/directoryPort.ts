/**
 * Adapts the directory client to the bridge: the contract's camelCase parameters become the API's
 * parameters, and a client page (with its paging headers) becomes the contract's list page.
 */
import type { ActorListParams, CrewListParams } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { defaultPerPage } from '../../../contract/list-limits.ts';
import type { DirectoryClient, Page } from '../directory/directoryClient.ts';
import type { CallOptions } from '../directory/directoryRequest.ts';
import type { CrewDetailLocale } from '../directory/directoryParams.ts';
import type { DirectoryCallOptions, DirectoryPort } from './ports.ts';


function listPage<T>(page: Page<T>, requestedPerPage: number | undefined) {
  return {
    items: page.items,
    ...(page.rejected.length > 0 ? { rejected: page.rejected } : {}),
    total: page.total ?? page.items.length,
    page: page.page,
    perPage: page.perPage ?? requestedPerPage ?? defaultPerPage,
    nextPage: page.links.next !== undefined ? page.page + 1 : null,
    ...(page.serverTime ? { serverTime: page.serverTime } : {}),
  };
}

/**
 * `signal` ends every call of this port, waiting or running (the back end closing); each call's
 * priority decides the order in which the host's rate budget starts it.
 */
export function createDirectoryPort(client: DirectoryClient, signal?: AbortSignal): DirectoryPort {
  const callOptions = (call: DirectoryCallOptions | undefined): CallOptions => ({ priority: call?.priority ?? 'interactive', signal });
  return {
    async listActors(params: ActorListParams, call) {
      const page = await client.listActors({
        page: params.page,
        per_page: params.perPage,
        order: params.order,
        direction: params.direction,
        fields: params.fields,
        include_picture: params.includePicture,
        picture_version: params.pictureVersion,
        gender: params.gender,
        updated_at_gte: params.updatedSince,
        acting_age_gte: params.actingAgeMin,
        acting_age_lte: params.actingAgeMax,
        languages: params.languages,
        q: params.q,
      }, callOptions(call));
      return listPage(page, params.perPage);
    },
    async getActor(id, options, call) {
      return client.getActor(id, options, callOptions(call));
    },
    async listCrew(params: CrewListParams, call) {
      const page = await client.listCrew({
        page: params.page,
        per_page: params.perPage,
        order: params.order,
        direction: params.direction,
        fields: params.fields,
        include_picture: params.includePicture,
        picture_version: params.pictureVersion,
        gender: params.gender,
        updated_at_gte: params.updatedSince,
        professions: params.professions,
        q: params.q,
        locale: params.locale,
      }, callOptions(call));
      return listPage(page, params.perPage);
    },
    async getCrew(id, options: { enum?: 'translate'; locale?: ContentLocale }, call) {
      // The crew detail has no Ukrainian; the directory answers such a request with a 400.
      return client.getCrew(id, { enum: options.enum, locale: options.locale as CrewDetailLocale | undefined }, callOptions(call));
    },
    async listCastingCalls(params, call) {
      const page = await client.listCastingCalls({
        page: params.page,
        per_page: params.perPage,
        current: params.current,
        fields: params.fields,
      }, callOptions(call));
      return listPage(page, params.perPage);
    },
    getCastingCall: (id, call) => client.getCastingCall(id, callOptions(call)),
    listAttributes: () => client.listAttributes(callOptions(undefined)),
    getAttribute: (name, locale) => client.getAttribute(name, locale, callOptions(undefined)),
  };
}
