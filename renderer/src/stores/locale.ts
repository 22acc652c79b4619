import { defineStore } from 'pinia';
import { computed, inject } from 'vue';
import { castdeskComposerKey, rememberUiLocale, supportedLocales, type SupportedLocale } from '../i18n/index.ts';
import { useLabelsStore } from './labels.ts';

/**
 * The UI language: the one place that changes it, so the document's `lang` always follows, the
 * choice is remembered for the next start (it then wins over the browser's languages) and content
 * languages that followed the UI language follow it again.
 */
export const useLocaleStore = defineStore('locale', () => {
  const composer = inject(castdeskComposerKey) ?? missingI18nPlugin();

  const locale = computed(() => composer.locale.value);

  function setLocale(next: SupportedLocale): void {
    const previous = composer.locale.value;
    composer.locale.value = next;
    document.documentElement.lang = next;
    rememberUiLocale(next);
    void useLabelsStore().followUiLocale(previous, next);
  }

  return { locale, locales: supportedLocales, setLocale };
});

function missingI18nPlugin(): never {
  throw new Error('The locale store needs the Castdesk i18n plugin installed on the app');
}
