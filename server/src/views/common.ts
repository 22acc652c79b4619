/**
 * Pieces every detail shares: localized about_me, residences before housing options, visible
 * showreels, and media paths made absolute on the service's own address.
 */
import type { ContentLocale } from '../../../contract/directory-api.ts';

/** about_me in the asked language, or null when the profile has no text in it. */
export function localizedText(value: unknown, locale: ContentLocale): string | null {
  if (typeof value === 'string') return locale === 'en' ? value : null;
  if (value && typeof value === 'object') {
    const text = (value as Record<string, unknown>)[locale];
    return typeof text === 'string' ? text : null;
  }
  return null;
}

/** Places of residence first, then housing options, otherwise in data order (stable sort). */
export function servedLocations(locations: { type: string }[] | undefined): unknown[] {
  return (locations ?? []).slice().sort((a, b) => Number(a.type !== 'place') - Number(b.type !== 'place'));
}

/** The visible showreels as a profile serves them: without their hidden state and their media ids. */
export function servedShowreels(showreels: (Record<string, unknown> & { visible?: boolean })[] | undefined): Record<string, unknown>[] {
  return (showreels ?? [])
    .filter((s) => s.visible !== false)
    .map(({ visible: _visible, showreel_medium_ids: _media, poster: _poster, poster_copyright: _copyright, ...rest }) => rest);
}

/** Media stored as service paths (`/media/…`) are served as absolute URLs on the request's base. */
export function absoluteMediaUrls<T>(value: T, baseUrl: string): T {
  if (typeof value === 'string') return (value.startsWith('/media/') ? `${baseUrl}${value}` : value) as T;
  if (Array.isArray(value)) return value.map((item) => absoluteMediaUrls(item, baseUrl)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = absoluteMediaUrls(item, baseUrl);
    return out as T;
  }
  return value;
}
