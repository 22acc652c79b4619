/**
 * The provider's real answers name some of the spec's neutral fields after brands (imdb_link,
 * facebook_page, filmmakers_url …) and key languages by German words. Every answer passes through
 * here before validation, so the rest of the app sees only the spec's names. When a payload holds
 * both names, the spec's value wins and the brand-named one is dropped. The input is never changed.
 */
import { isoCodeForLanguageKey } from '../../../contract/language-keys.ts';

/** Brand-named field → the spec's name. */
export const renamedFields: Readonly<Record<string, string>> = {
  imdb_link: 'filmdb_link',
  imdb_id: 'filmdb_id',
  facebook_page: 'social_page',
  instagram_username: 'photo_social_username',
  wikipedia_url: 'encyclopedia_url',
};

/** Brands whose `<brand>_url` is the service_url even without a `<brand>_cd_url` beside it. */
const serviceBrands = new Set(['filmmakers']);
/** Prefixes of `*_url` / `*_cd_url` fields that are the spec's own (castupload_* are deprecated spec fields and stay). */
const specPrefixes = new Set(['service', 'castupload']);

type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `filmmakers_cd_url` → service_cd_url; `filmmakers_url` (a known brand, or paired with a `_cd_url`) → service_url. */
function serviceUrlTarget(key: string, record: JsonRecord): 'service_url' | 'service_cd_url' | undefined {
  const cd = /^([a-z][a-z0-9]*)_cd_url$/.exec(key);
  if (cd) return specPrefixes.has(cd[1]!) ? undefined : 'service_cd_url';
  const plain = /^([a-z][a-z0-9]*)_url$/.exec(key);
  if (!plain || specPrefixes.has(plain[1]!)) return undefined;
  return serviceBrands.has(plain[1]!) || Object.hasOwn(record, `${plain[1]}_cd_url`) ? 'service_url' : undefined;
}

/** `{deutsch: "muttersprachlich"}` → `{deu: "muttersprachlich"}`; unknown keys stay as they are. */
export function mapLanguageKeys(languages: JsonRecord): JsonRecord {
  const mapped: JsonRecord = {};
  for (const [key, level] of Object.entries(languages)) {
    const code = isoCodeForLanguageKey(key);
    if (code === undefined || code === key) mapped[key] = level;
    else if (!Object.hasOwn(languages, code) && !Object.hasOwn(mapped, code)) mapped[code] = level;
  }
  return mapped;
}

function mapRecord(record: JsonRecord): JsonRecord {
  const mapped: JsonRecord = {};
  for (const [key, value] of Object.entries(record)) {
    const target = renamedFields[key] ?? serviceUrlTarget(key, record);
    if (target !== undefined) {
      if (!Object.hasOwn(record, target) && !Object.hasOwn(mapped, target)) mapped[target] = value;
    } else if (key === 'languages' && isRecord(value)) {
      mapped[key] = mapLanguageKeys(value);
    } else if (key === 'roles' && Array.isArray(value)) {
      mapped[key] = value.map((role) => (isRecord(role) ? mapRecord(role) : role));
    } else {
      mapped[key] = value;
    }
  }
  return mapped;
}

/**
 * Maps one answer body (a list of items or one resource) to the spec's names. Anything that is not
 * an object is left for validation to report.
 */
export function mapProviderPayload(body: unknown): unknown {
  if (Array.isArray(body)) return body.map((item) => (isRecord(item) ? mapRecord(item) : item));
  return isRecord(body) ? mapRecord(body) : body;
}
