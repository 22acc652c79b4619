import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from 'vue-i18n';
import { en } from '../../../renderer/src/i18n/en.ts';
import { dateTimeFormatsFor, numberFormatsFor } from '../../../renderer/src/i18n/formats.ts';
import { preferredLocale, supportedLocales, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { pluralForms, vueI18nPluralRules } from '../../../renderer/src/i18n/pluralRules.ts';
import { uiLocales } from '../../../renderer/src/i18n/uiLocales.ts';

/** Every leaf key of a message tree as a dotted path, e.g. `home.title`. */
function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) =>
    value !== null && typeof value === 'object' ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The value at a dotted path of a message tree. */
function valueAt(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

const sources = import.meta.glob<string>('../../../renderer/src/**/*.{vue,ts}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The `{name}` placeholders of a message, each once, sorted. */
function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)].map((match) => match[1]!))].sort();
}

/** The plural forms of a message (vue-i18n separates them by `|`). */
function formsOf(text: string): string[] {
  return text.split('|');
}

const messagesOf = (locale: SupportedLocale): object => uiLocales[locale].messages;
const enKeys = leafKeys(en);

describe.each(supportedLocales)('UI texts in %s', (locale) => {
  const messages = messagesOf(locale);

  it('has every English key and no key without an English one', () => {
    const keys = leafKeys(messages);
    expect(keys.filter((key) => !enKeys.includes(key)), `keys only in ${locale}`).toEqual([]);
    expect(enKeys.filter((key) => !keys.includes(key)), `keys missing in ${locale}`).toEqual([]);
  });

  it('has a non-empty text for every key', () => {
    const empty = leafKeys(messages).filter((key) => {
      const text = valueAt(messages, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty, `empty texts in ${locale}`).toEqual([]);
  });

  it('uses the same placeholders as English, and every plural form the language has', () => {
    const mismatched: string[] = [];
    for (const key of enKeys) {
      const english = String(valueAt(en, key));
      const text = valueAt(messages, key);
      if (typeof text !== 'string') continue;
      if (placeholdersOf(text).join() !== placeholdersOf(english).join()) mismatched.push(`${key}: placeholders ${placeholdersOf(text).join()} instead of ${placeholdersOf(english).join()}`);
      const wanted = formsOf(english).length > 1 ? pluralForms[locale].length : 1;
      if (formsOf(text).length !== wanted) mismatched.push(`${key}: ${formsOf(text).length} forms instead of ${wanted}`);
      for (const [index, form] of formsOf(text).entries()) if (form.trim() === '') mismatched.push(`${key}: form ${index + 1} is empty`);
    }
    expect(mismatched).toEqual([]);
  });

  it('compiles every message and fills every placeholder', () => {
    const problems: string[] = [];
    // Untyped on purpose: the check reads keys as data, and typing every locale's tree is too deep for tsc.
    const untypedI18n = createI18n as unknown as (options: object) => { global: { t: (key: string, values: Record<string, string>, plural: number) => string } };
    const translate = untypedI18n({
      legacy: false,
      locale,
      fallbackLocale: 'en',
      messages: { [locale]: messages, en },
      pluralRules: vueI18nPluralRules(),
      missingWarn: false,
      fallbackWarn: false,
      warnHtmlMessage: false,
    }).global.t;
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void problems.push(args.map(String).join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args.map(String).join(' ')));
    for (const key of enKeys) {
      const values = Object.fromEntries(placeholdersOf(String(valueAt(en, key))).map((name) => [name, `<${name}>`]));
      for (const count of [1, 2, 5, 22]) {
        let text: string;
        try {
          text = translate(key, values, count);
        } catch (failure) {
          problems.push(`${key}: ${String(failure)}`);
          continue;
        }
        if (/\{\s*[A-Za-z_]\w*\s*\}/.test(text) || text === key) problems.push(`${key}: "${text}"`);
      }
    }
    warn.mockRestore();
    error.mockRestore();
    expect(problems).toEqual([]);
  });

  it('uses only literal keys that exist, wherever the renderer calls t() or $t()', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(0);
    const enKeys = leafKeys(en);
    const unknown: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\$?\bt\(\s*(['"`])([^'"`]*)\1/g)) {
        const key = match[2] ?? '';
        if (!enKeys.includes(key)) unknown.push(`${file}: ${key}`);
      }
      for (const match of source.matchAll(/\$?\bt\(\s*`[^`]*\$\{/g)) unknown.push(`${file}: computed key ${match[0]}`);
      // <i18n-t keypath="…">
      for (const match of source.matchAll(/\bkeypath="([^"]*)"/g)) if (!enKeys.includes(match[1]!)) unknown.push(`${file}: keypath ${match[1]}`);
    }
    expect(unknown).toEqual([]);
  });
});


const sourceRoot = '../../../renderer/src/';
/** The `sources` key of a module a renderer file imports by a relative path. */
const resolveSource = (file: string, specifier: string): string => sourceRoot + new URL(specifier, `https://renderer/${file.slice(sourceRoot.length)}`).pathname.slice(1);

describe('Keys chosen in code', () => {
  it('come from a table typed MessageKey (the type check holds it to the English keys), in the file or a module it imports', () => {
    const untyped: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      // t(someKey…), $t(table[…]), composer.t(keys[name]): anything but a literal.
      if (!/\$?\bt\(\s*[^'"`\s)]/.test(source)) continue;
      if (/\bMessageKey\b/.test(source)) continue;
      // A table or composable (never a component) imported from a module that types its keys.
      const imported = [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+\.ts)'/g)].map((match) => resolveSource(file, match[1]!));
      if (imported.some((module) => /\bMessageKey\b/.test(sources[module] ?? ''))) continue;
      untyped.push(file.replace(/^.*\/renderer\/src\//, ''));
    }
    expect(untyped, 'files passing a key chosen in code to t() without MessageKey').toEqual([]);
  });
});

describe('plural forms, numbers and dates by language', () => {
  const i18n = createI18n({
    legacy: false,
    locale: 'en',
    messages: {
      en: { actors: '{count} actor | {count} actors' },
      de: { actors: '{count} Schauspieler | {count} Schauspieler*innen' },
      pl: { actors: '{count} aktor | {count} aktorów (few) | {count} aktorów (many)' },
      ru: { actors: '{count} актёр | {count} актёра | {count} актёров' },
      ro: { actors: '{count} actor | {count} actori | {count} de actori' },
    },
    pluralRules: vueI18nPluralRules(),
    numberFormats: numberFormatsFor(['en', 'de', 'pl', 'ru']),
    datetimeFormats: dateTimeFormatsFor(['en', 'de', 'pl', 'ru']),
  });
  const { t, n, d } = i18n.global;
  afterEach(() => {
    i18n.global.locale.value = 'en';
  });
  const inLocale = (locale: string) => {
    i18n.global.locale.value = locale as never;
  };

  it('picks English and German forms', () => {
    expect(t('actors', { count: 1 }, 1)).toBe('1 actor');
    expect(t('actors', { count: 0 }, 0)).toBe('0 actors');
    inLocale('de');
    expect(t('actors', { count: 2 }, 2)).toBe('2 Schauspieler*innen');
  });

  it('picks the Polish one, few and many forms', () => {
    inLocale('pl');
    expect([1, 2, 4, 5, 12, 22, 25, 101].map((count) => t('actors', { count }, count))).toEqual([
      '1 aktor', '2 aktorów (few)', '4 aktorów (few)', '5 aktorów (many)', '12 aktorów (many)', '22 aktorów (few)', '25 aktorów (many)', '101 aktorów (many)',
    ]);
  });

  it('picks the Russian forms, 21 and 11 included', () => {
    inLocale('ru');
    expect([1, 21, 3, 11, 14, 25].map((count) => t('actors', { count }, count))).toEqual(['1 актёр', '21 актёр', '3 актёра', '11 актёров', '14 актёров', '25 актёров']);
  });

  it('picks the Romanian forms (0 and 19 few, 20 and up other)', () => {
    inLocale('ro');
    expect([1, 0, 19, 20, 101].map((count) => t('actors', { count }, count))).toEqual(['1 actor', '0 actori', '19 actori', '20 de actori', '101 actori']);
  });

  it('formats numbers, sizes and dates in the language', () => {
    expect(n(50000, 'integer')).toBe('50,000');
    expect(n(1.5, 'megabyte')).toBe('1.5 MB');
    inLocale('de');
    expect(n(50000, 'integer')).toBe('50.000');
    expect(n(1.5, 'megabyte')).toBe('1,5 MB');
    expect(d(new Date('2026-11-25T12:00:00Z'), 'date')).toBe('25.11.2026');
    inLocale('pl');
    expect(n(50000, 'integer')).toMatch(/^50\s000$/u);
    inLocale('ru');
    expect(n(50000, 'integer')).toMatch(/^50\s000$/u);
    expect(n(1.5, 'megabyte')).toMatch(/^1,5\sМБ$/u);
  });
});

describe('preferredLocale', () => {
  it('picks the first preferred language Castdesk speaks, English otherwise', () => {
    expect(preferredLocale(['de-AT', 'en-US'])).toBe('de');
    expect(preferredLocale(['pt-BR', 'DE'])).toBe('de');
    expect(preferredLocale(['pt-BR'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });
});
