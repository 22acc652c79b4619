/**
 * Plural forms per UI language. A plural message lists its forms separated by ` | ` in the order
 * `pluralForms` gives for its language (English: one | other; Polish: one | few | many; Romanian:
 * one | few | other), and vue-i18n picks the form through the language's CLDR rule, so
 * "1 actor", "2 aktorów"/"5 aktorów" and "21 актёр" come out right without code per language.
 */

/** The CLDR plural categories a language's messages spell out, in the order they are written. */
export const pluralForms = {
  en: ['one', 'other'],
  de: ['one', 'other'],
  fr: ['one', 'other'],
  it: ['one', 'other'],
  es: ['one', 'other'],
  tr: ['one', 'other'],
  pl: ['one', 'few', 'many'],
  ru: ['one', 'few', 'many'],
  uk: ['one', 'few', 'many'],
  ro: ['one', 'few', 'other'],
} as const satisfies Record<string, readonly Intl.LDMLPluralRule[]>;

export type PluralLocale = keyof typeof pluralForms;

/**
 * The form index for `count` in `locale`. A category the messages do not spell out (French "many"
 * for a million, Russian "other" for fractions) takes the last form, the general plural.
 */
export function pluralIndex(locale: PluralLocale, count: number, formsWritten: number): number {
  const forms: readonly string[] = pluralForms[locale];
  if (formsWritten < forms.length) {
    // A message written with fewer forms (a label that needs none): English-style one | other.
    return formsWritten <= 1 ? 0 : Math.abs(count) === 1 ? 0 : formsWritten - 1;
  }
  const category = new Intl.PluralRules(locale).select(count);
  const index = forms.indexOf(category);
  return index === -1 ? forms.length - 1 : index;
}

/** vue-i18n's `pluralRules` option: one rule per language, all from CLDR. */
export function vueI18nPluralRules(): Record<string, (choice: number, choicesLength: number) => number> {
  return Object.fromEntries(
    (Object.keys(pluralForms) as PluralLocale[]).map((locale) => [locale, (choice: number, choicesLength: number) => pluralIndex(locale, choice, choicesLength)]),
  );
}
