/**
 * The closed-list catalogues shipped in the app: contract/catalogues, the very files the directory
 * service serves from its attributes endpoint. They label keys when a directory has no attributes
 * endpoint (or before its labels arrive), so a closed-list key always reads as a word.
 */
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { isoCodeForLanguageKey } from '../../../contract/language-keys.ts';

interface CatalogueFile {
  labels: Record<string, Partial<Record<ContentLocale, string>>>;
}

const files = import.meta.glob<CatalogueFile>('../../../contract/catalogues/*.json', { eager: true, import: 'default' });

/**
 * The app keys languages by ISO 639-2 (profiles are mapped on the way in, roles come so), the
 * provider's catalogue by German words: both keys get the label, so one lookup serves both.
 */
export function withAppLanguageKeys(catalogue: string, labels: Record<string, string>): Record<string, string> {
  if (catalogue !== 'languages') return labels;
  const keyed: Record<string, string> = { ...labels };
  for (const [key, text] of Object.entries(labels)) {
    const code = isoCodeForLanguageKey(key);
    if (code !== undefined && !Object.hasOwn(keyed, code)) keyed[code] = text;
  }
  return keyed;
}

/** catalogue → key → label in `locale` (English where a label is missing). */
export function builtInCatalogues(locale: ContentLocale): Record<string, Record<string, string>> {
  const catalogues: Record<string, Record<string, string>> = {};
  for (const [path, file] of Object.entries(files)) {
    const name = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    const labels = Object.fromEntries(Object.entries(file.labels).map(([key, set]) => [key, set[locale] ?? set.en ?? key]));
    catalogues[name] = withAppLanguageKeys(name, labels);
  }
  return catalogues;
}
