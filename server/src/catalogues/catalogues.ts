/**
 * The closed-list catalogues (contract/catalogues/<name>.json, shipped in the app too as its built-in labels): stable key → label in every content
 * locale. They are data, not code, so a translator can fix a label without touching TypeScript.
 * Every file is read and validated once, on first use; a broken file fails loudly with its name
 * and the path of the problem, so a bad edit never reaches a response.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { contentLocales, type ContentLocale } from '../../../contract/directory-api.ts';

const catalogueDir = new URL('../../../contract/catalogues/', import.meta.url);

/**
 * Translated lists and hashes are joined with ", " (enum=translate), so a label must not contain a
 * comma: a reader splitting the joined string would otherwise find items that do not exist.
 */
const label = z
  .string()
  .trim()
  .min(1, 'label must not be empty')
  .refine((text) => !text.includes(','), 'label must not contain a comma (joined lists are comma-separated)');

const labelSetSchema = z.strictObject(
  Object.fromEntries(contentLocales.map((locale) => [locale, label])) as Record<ContentLocale, typeof label>,
);

const catalogueFileSchema = z.strictObject({
  description: z.string().trim().min(1),
  labels: z
    .record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'key must be letters, digits, hyphens or underscores'), labelSetSchema)
    .refine((labels) => Object.keys(labels).length > 0, 'a catalogue needs at least one key'),
});

type LabelSet = Record<ContentLocale, string>;

export interface Catalogue {
  /** Keys in the order the file lists them (object key order would put numeric keys first). */
  keys: string[];
  labels: Map<string, LabelSet>;
}

let cache: Map<string, Catalogue> | undefined;

/**
 * Object keys of a JSON text that has already parsed: for every object (by its JSON path, "$" for
 * the root) the keys in source order, plus every key that occurs twice in one object. JSON.parse
 * silently keeps the last of two equal keys and reorders integer-like keys, so both facts need the
 * raw text.
 */
function scanObjectKeys(text: string): { keysByPath: Map<string, string[]>; duplicates: string[] } {
  interface Frame { kind: 'object' | 'array'; path: string; keys: string[]; expectKey: boolean; index: number; key: string }
  const stack: Frame[] = [];
  const keysByPath = new Map<string, string[]>();
  const duplicates: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const top = stack.at(-1);
    if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.includes(key)) duplicates.push(`${top.path}.${key}`);
        top.keys.push(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (ch === '{' || ch === '[') {
      const path = !top ? '$' : top.kind === 'object' ? `${top.path}.${top.key}` : `${top.path}[${top.index}]`;
      const frame: Frame = { kind: ch === '{' ? 'object' : 'array', path, keys: [], expectKey: ch === '{', index: 0, key: '' };
      if (frame.kind === 'object') keysByPath.set(path, frame.keys);
      stack.push(frame);
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ',' && top) {
      if (top.kind === 'object') top.expectKey = true;
      else top.index += 1;
    }
    i += 1;
  }
  return { keysByPath, duplicates };
}

/** Reads, checks and indexes one catalogue file; throws with the file name on any problem. */
function loadCatalogueFile(dir: URL, fileName: string): Catalogue {
  const file = new URL(fileName, dir);
  const where = `catalogue ${fileURLToPath(file)}`;
  const text = readFileSync(file, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = catalogueFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${['$', ...issue.path].join('.')}: ${issue.message}`);
    throw new Error(`${where}: ${problems.join('; ')}`);
  }
  const { keysByPath, duplicates } = scanObjectKeys(text);
  if (duplicates.length > 0) throw new Error(`${where}: duplicate key ${duplicates.join(', ')}`);
  const keys = keysByPath.get('$.labels')!;
  return {
    keys,
    labels: new Map(keys.map((key) => [key, parsed.data.labels[key]! as LabelSet])),
  };
}

/**
 * Reads and validates every `<name>.json` of a directory (a URL ending in "/"). The service reads
 * contract/catalogues/ once through the accessors below; tests point it at broken copies.
 */
export function readCatalogueDirectory(dir: URL): Map<string, Catalogue> {
  const loaded = new Map<string, Catalogue>();
  const files = readdirSync(dir).filter((file) => file.endsWith('.json')).sort();
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`catalogue ${file}: name must be lower-case letters, digits or underscores`);
    loaded.set(name, loadCatalogueFile(dir, file));
  }
  return loaded;
}

function catalogues(): Map<string, Catalogue> {
  cache ??= readCatalogueDirectory(catalogueDir);
  return cache;
}

function catalogue(name: string): Catalogue {
  const found = catalogues().get(name);
  if (!found) throw new Error(`unknown catalogue "${name}"`);
  return found;
}

/** Catalogue names for the attributes endpoint, sorted so the listing is stable. */
export function listCatalogueNames(): string[] {
  return [...catalogues().keys()];
}

/** Lets the attributes route answer 404 for an unknown name instead of throwing. */
export function hasCatalogue(name: string): boolean {
  return catalogues().has(name);
}

/** Every stable key of a catalogue, in the file's order (the order a picker should show). */
export function catalogueKeys(name: string): string[] {
  return [...catalogue(name).keys];
}

/**
 * Key → label in one locale, for the attributes endpoint. A fresh object each call, so a caller
 * may change it freely. (Integer-like keys come first in any JS object; catalogueKeys keeps the order.)
 */
export function catalogueLabels(name: string, locale: ContentLocale): Record<string, string> {
  const found = catalogue(name);
  return Object.fromEntries(found.keys.map((key) => [key, labelOf(found.labels.get(key)!, locale)]));
}

function labelOf(labels: LabelSet, locale: ContentLocale): string {
  return labels[locale] || labels.en;
}

/**
 * The label of one key. Real data carries keys newer than our lists, so an unknown key is shown
 * as itself rather than failing the whole response; a missing locale falls back to English.
 * An unknown catalogue name is a programming error and throws.
 */
export function labelFor(name: string, key: string, locale: ContentLocale): string {
  const labels = catalogue(name).labels.get(key);
  return labels ? labelOf(labels, locale) : key;
}
