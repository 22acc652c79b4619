/**
 * The links of a profile's "Links" section, in a fixed order, from the fields both kinds of profile
 * may carry. Values are shown as they are: whether one is a link the app opens is for the view to
 * ask (the external-links rule); a value that is not (a social page's name, a user name) stays text.
 */

export type ProfileLinkKind =
  | 'homepage'
  | 'agencyProfile'
  | 'service'
  | 'serviceCd'
  | 'filmdb'
  | 'filmdbId'
  | 'encyclopedia'
  | 'social'
  | 'photoSocial'
  | 'sv';

export interface ProfileLink {
  kind: ProfileLinkKind;
  value: string;
}

/** The link fields of actor and crew details (deprecated names as fallbacks). */
export interface LinkFields {
  homepage_url?: string | null;
  agency_profile_url?: string | null;
  service_url?: string | null;
  service_cd_url?: string | null;
  castupload_url?: string | null;
  castupload_professional_url?: string | null;
  filmdb_link?: string | null;
  filmdb_id?: string | null;
  encyclopedia_url?: string | null;
  social_page?: string | null;
  photo_social_username?: string | null;
  sv_url?: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The profile's links; `exclude` holds URLs shown elsewhere already (the agency connections'
 * profile links), so the deprecated top-level agency_profile_url does not repeat one of them.
 */
export function profileLinks(fields: LinkFields, exclude: readonly string[] = []): ProfileLink[] {
  const filmdbLink = text(fields.filmdb_link);
  const candidates: [ProfileLinkKind, string | null][] = [
    ['homepage', text(fields.homepage_url)],
    ['agencyProfile', text(fields.agency_profile_url)],
    ['service', text(fields.service_url) ?? text(fields.castupload_url)],
    ['serviceCd', text(fields.service_cd_url) ?? text(fields.castupload_professional_url)],
    ['filmdb', filmdbLink],
    ['filmdbId', filmdbLink ? null : text(fields.filmdb_id)],
    ['encyclopedia', text(fields.encyclopedia_url)],
    ['social', text(fields.social_page)],
    ['photoSocial', text(fields.photo_social_username)],
    ['sv', text(fields.sv_url)],
  ];
  const seen = new Set(exclude);
  const links: ProfileLink[] = [];
  for (const [kind, value] of candidates) {
    if (value === null || seen.has(value)) continue;
    seen.add(value);
    links.push({ kind, value });
  }
  return links;
}
