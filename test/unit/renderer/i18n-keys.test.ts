import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { preferredLocale } from '../../../renderer/src/i18n/index.ts';

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

describe('UI texts', () => {
  it('has every English key in German and no German key without an English one', () => {
    const enKeys = leafKeys(en);
    const deKeys = leafKeys(de);
    expect(deKeys.filter((key) => !enKeys.includes(key)), 'keys only in de').toEqual([]);
    expect(enKeys.filter((key) => !deKeys.includes(key)), 'keys missing in de').toEqual([]);
  });

  it('has a non-empty text for every key in both languages', () => {
    for (const [locale, messages] of Object.entries({ en, de })) {
      const empty = leafKeys(messages).filter((key) => {
        const text = valueAt(messages, key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, `empty texts in ${locale}`).toEqual([]);
    }
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
    }
    expect(unknown).toEqual([]);
  });
});

describe('preferredLocale', () => {
  it('picks the first preferred language Castdesk speaks, English otherwise', () => {
    expect(preferredLocale(['de-AT', 'en-US'])).toBe('de');
    expect(preferredLocale(['fr-FR', 'DE'])).toBe('de');
    expect(preferredLocale(['fr-FR'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });
});
