import { defineStore } from 'pinia';
import { computed, inject } from 'vue';
import { castdeskComposerKey, rememberUiLocale, supportedLocales, type SupportedLocale } from '../i18n/index.ts';

/**
 * The UI language: the one place that changes it, so the document's `lang` always follows and the
 * choice is remembered for the next start (it then wins over the browser's languages).
 */
export const useLocaleStore = defineStore('locale', () => {
  const composer = inject(castdeskComposerKey) ?? missingI18nPlugin();

  const locale = computed(() => composer.locale.value);

  function setLocale(next: SupportedLocale): void {
    composer.locale.value = next;
    document.documentElement.lang = next;
    rememberUiLocale(next);
  }

  return { locale, locales: supportedLocales, setLocale };
});

function missingI18nPlugin(): never {
  throw new Error('The locale store needs the Castdesk i18n plugin installed on the app');
}
