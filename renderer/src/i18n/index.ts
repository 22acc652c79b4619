import type { App, InjectionKey } from 'vue';
import { createI18n } from 'vue-i18n';
import type { Messages } from './en.ts';
import { dateTimeFormatsFor, numberFormatsFor } from './formats.ts';
import { vueI18nPluralRules } from './pluralRules.ts';
import { uiLocales } from './uiLocales.ts';

export type SupportedLocale = keyof typeof uiLocales;
export const supportedLocales = Object.keys(uiLocales) as SupportedLocale[];

/** Each language is offered under its own name, so it stays findable whatever the current language is. */
export const localeNames = Object.fromEntries(supportedLocales.map((code) => [code, uiLocales[code].name])) as Record<SupportedLocale, string>;

/** Narrows any string (a stored setting, a browser language) to a locale we have texts for. */
export function isSupportedLocale(value: string): value is SupportedLocale {
  return (supportedLocales as readonly string[]).includes(value);
}

/** Picks the first of the user's preferred languages that Castdesk speaks, English otherwise. */
export function preferredLocale(languages: readonly string[]): SupportedLocale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0] ?? '';
    if (isSupportedLocale(base)) return base;
  }
  return 'en';
}

/** Where the UI language the user chose in Settings is kept; it wins over the browser's languages. */
export const uiLocaleStorageKey = 'castdesk.uiLocale';

/** The UI language chosen earlier, or null (none chosen, storage unavailable, or an unknown value). */
export function storedUiLocale(storage?: Pick<Storage, 'getItem'>): SupportedLocale | null {
  try {
    // Inside the try: merely reading localStorage throws where storage is blocked.
    const value = (storage ?? globalThis.localStorage)?.getItem(uiLocaleStorageKey);
    return typeof value === 'string' && isSupportedLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the chosen UI language; without storage the choice lasts for this session only. */
export function rememberUiLocale(locale: SupportedLocale, storage?: Pick<Storage, 'setItem'>): void {
  try {
    (storage ?? globalThis.localStorage)?.setItem(uiLocaleStorageKey, locale);
  } catch {
    // Private mode or a full storage: nothing to do.
  }
}

/** The language to start in: the one chosen in Settings, else the first preferred one Castdesk speaks. */
export function startLocale(languages: readonly string[], storage?: Pick<Storage, 'getItem'>): SupportedLocale {
  return storedUiLocale(storage) ?? preferredLocale(languages);
}

/**
 * A content language under its own name ("Deutsch", "Français", "Українська"), so each stays
 * findable whatever the UI language is; the code itself where the browser has no name for it.
 */
export function contentLocaleName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

function createMessagesI18n(locale: SupportedLocale) {
  return createI18n<[Messages], SupportedLocale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: Object.fromEntries(supportedLocales.map((code) => [code, uiLocales[code].messages])) as Record<SupportedLocale, Messages>,
    pluralRules: vueI18nPluralRules(),
    numberFormats: numberFormatsFor(supportedLocales),
    datetimeFormats: dateTimeFormatsFor(supportedLocales),
  });
}

export type CastdeskComposer = ReturnType<typeof createMessagesI18n>['global'];

/** Where stores find the i18n composer: vue-i18n's own injection key is private to its components. */
export const castdeskComposerKey: InjectionKey<CastdeskComposer> = Symbol('castdesk-i18n-composer');

/**
 * Creates the app's i18n plugin (composition mode; English fills any gap at runtime). Installing it
 * also provides the composer to Pinia stores, which own every change of language.
 */
export function createCastdeskI18n(locale: SupportedLocale) {
  const i18n = createMessagesI18n(locale);
  return {
    install(app: App): void {
      app.use(i18n);
      app.provide(castdeskComposerKey, i18n.global);
    },
  };
}
