/**
 * The query parameters of every endpoint, typed from the spec, and their encoding. Bracketed names
 * are written with underscores (`updated_at[gte]` is `updated_at_gte`); `professions[]` is sent
 * once per value. Page and per_page (at most 1000, the service's maximum) are checked here, before
 * a request leaves.
 */
import {
  actorPictureVersionNames,
  crewProfessionKeys,
  genderNewKeys,
  pictureVersionNames,
  type ContentLocale,
  type crewDetailLocales,
} from '../../../contract/directory-api.ts';
import type { ActorListField, CastingCallListField, CrewListField } from '../../../contract/list-fields.ts';
import { maxPerPage } from '../../../contract/list-limits.ts';
import { DirectoryError } from './directoryError.ts';

export type GenderFilter = (typeof genderNewKeys)[number];
export type PictureVersion = (typeof pictureVersionNames)[number];
export type ActorPictureVersion = (typeof actorPictureVersionNames)[number];
export type CrewProfession = (typeof crewProfessionKeys)[number];
export type CrewDetailLocale = (typeof crewDetailLocales)[number];
export type SortOrder = 'id' | 'name' | 'last_name';
export type SortDirection = 'asc' | 'desc';

export interface PagingParams {
  /** From 1 (default 1). */
  page?: number;
  /** From 1 to 1000 (default 250). */
  per_page?: number;
}

interface ProfileListParams extends PagingParams {
  /** Adds main_picture_url_tile. */
  include_picture?: boolean;
  order?: SortOrder;
  direction?: SortDirection;
  gender?: GenderFilter;
  /** `updated_at[gte]`: profiles updated at or after this Unix second (a Date is converted). */
  updated_at_gte?: number | Date;
  /** Trigram name filter. */
  q?: string;
}

export interface ActorListParams extends ProfileListParams {
  /** Adds picture_url; only with include_picture. */
  picture_version?: ActorPictureVersion;
  fields?: readonly ActorListField[];
  /** `acting_age[lte]`. */
  acting_age_lte?: number;
  /** `acting_age[gte]`. */
  acting_age_gte?: number;
  /** ISO 639-2 codes; profiles speaking all of them. */
  languages?: readonly string[];
}

export interface CrewListParams extends ProfileListParams {
  picture_version?: PictureVersion;
  fields?: readonly CrewListField[];
  /** `professions[]`: profiles with any of them. */
  professions?: readonly CrewProfession[];
  /** Language of about_me. */
  locale?: ContentLocale;
}

export interface CastingCallListParams extends PagingParams {
  /** Only casting calls with a current opportunity. */
  current?: boolean;
  fields?: readonly CastingCallListField[];
}

export interface ActorDetailQuery {
  enum?: 'translate' | 'v2';
  locale?: ContentLocale;
}

export interface CrewDetailQuery {
  enum?: 'translate';
  locale?: CrewDetailLocale;
}

type ParamValue = string | number | boolean | Date | readonly string[] | undefined;

/** Spec names of the parameters whose TypeScript names differ. */
const wireNames: Record<string, string> = {
  updated_at_gte: 'updated_at[gte]',
  acting_age_lte: 'acting_age[lte]',
  acting_age_gte: 'acting_age[gte]',
  professions: 'professions[]',
};
const repeatedParams = new Set(['professions']);
const integerParams = new Set(['page', 'per_page', 'updated_at_gte', 'acting_age_lte', 'acting_age_gte']);

function refuse(endpoint: string, message: string): never {
  throw new DirectoryError('invalid_request', `${message} (${endpoint}; not sent)`, { endpoint, attempts: 0 });
}

function checkParam(name: string, value: ParamValue, endpoint: string): void {
  if (!integerParams.has(name) || value instanceof Date) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) refuse(endpoint, `${name} must be an integer, not ${JSON.stringify(value)}`);
  if ((name === 'page' || name === 'per_page') && value < 1) refuse(endpoint, `${name} must be at least 1, not ${value}`);
  if (name === 'per_page' && value > maxPerPage) refuse(endpoint, `per_page must be at most ${maxPerPage}, not ${value}`);
}

/**
 * Encodes parameters for the wire: lists comma-joined (or repeated for `professions[]`), dates as
 * Unix seconds, undefined left out. Refuses out-of-range paging before anything is sent.
 */
export function encodeParams(params: object, endpoint: string): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, ParamValue][]) {
    if (value === undefined) continue;
    checkParam(name, value, endpoint);
    const wireName = wireNames[name] ?? name;
    if (Array.isArray(value)) {
      if (repeatedParams.has(name)) for (const item of value) search.append(wireName, item);
      else if (value.length > 0) search.set(wireName, value.join(','));
    } else if (value instanceof Date) {
      search.set(wireName, String(Math.floor(value.getTime() / 1000)));
    } else {
      search.set(wireName, String(value));
    }
  }
  return search;
}
