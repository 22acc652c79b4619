import { defineStore } from 'pinia';
import { computed, inject, watch } from 'vue';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { castdeskComposerKey, rememberUiLocale, supportedLocales, type SupportedLocale } from '../i18n/index.ts';
import { useLabelsStore } from './labels.ts';

/**
 * The UI language: the one place that changes it, so the document's `lang` always follows, the
 * choice is remembered for the next start (it then wins over the browser's languages), content
 * languages that followed the UI language follow it again, and the desktop app's native menus
 * speak it too (from the start on, not the system's language).
 */
export const useLocaleStore = defineStore('locale', () => {
  const composer = inject(castdeskComposerKey) ?? missingI18nPlugin();

  const locale = computed(() => composer.locale.value);
  const bridge = useBridge();
  // The web shell has no native menu: its back end does nothing with it.
  watch(locale, (current) => void bridge.setMenuLanguage({ locale: current }).catch(() => undefined), { immediate: true });

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
