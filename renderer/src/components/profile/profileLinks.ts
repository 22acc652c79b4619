/**
 * The links of a profile's "Links" section, in a fixed order, from the fields both kinds of profile
 * may carry. Values are shown as they are: whether one is a link the app opens is for the view to
 * ask (the external-links rule); a value that is not (a social page's name, a user name) stays text.
 * Every kind is listed even when two carry the same value (the provider often gives a social page
 * and a photo-platform user name alike): each says something different about the person.
 */
import { isSafeExternalUrl } from '../../../../contract/external-url.ts';

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

/** A host name with at least one dot and a path after it, as people type a web address. */
const bareWebAddress = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * "www.example.com" as the provider often stores a homepage → "https://www.example.com", when the
 * result passes the external-links rule; anything else stays as it was (and shows as text).
 */
export function withWebScheme(value: string): string {
  // A scheme ("https:", "mailto:") stays; "host:8443" is a port, not a scheme.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) || !bareWebAddress.test(value)) return value;
  const candidate = `https://${value}`;
  return isSafeExternalUrl(candidate) ? candidate : value;
}

/**
 * The profile's links; `exclude` holds URLs shown elsewhere already (the agency connections'
 * profile links), so the deprecated top-level agency_profile_url does not repeat one of them.
 */
export function profileLinks(fields: LinkFields, exclude: readonly string[] = []): ProfileLink[] {
  const filmdbLink = text(fields.filmdb_link);
  const candidates: [ProfileLinkKind, string | null][] = [
    ['homepage', withHomepageScheme(text(fields.homepage_url))],
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
  const shownElsewhere = new Set(exclude);
  const links: ProfileLink[] = [];
  for (const [kind, value] of candidates) {
    // Only the deprecated agency link may repeat what the agency section shows already.
    if (value === null || (kind === 'agencyProfile' && shownElsewhere.has(value))) continue;
    links.push({ kind, value });
  }
  return links;
}

function withHomepageScheme(value: string | null): string | null {
  return value === null ? null : withWebScheme(value);
}

/**
 * How a web address reads in a narrow column: host and path ("imdb.com/name/nm0000001"), without
 * the scheme, "www.", a trailing slash, the query or the fragment. The full address stays on the
 * link (its title, and what opens): a long URL broken every few letters was unreadable (issue 22).
 * Anything that is not an http(s) address, "mailto:" included, is returned as it was.
 */
export function shortAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  let path = parsed.pathname.replace(/\/+$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays escaped.
  }
  return `${parsed.host.replace(/^www\./i, '')}${path}`;
}
