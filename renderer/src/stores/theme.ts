/**
 * The colour theme: the system's (light or dark, following it live), or light or dark whatever
 * the system says. The choice is remembered for the next start; the document carries the theme in
 * effect as `data-theme`, which the app's colours (App.vue) read.
 */
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, watchEffect } from 'vue';

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const storageKey = 'castdesk.theme';

function storedChoice(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return themeChoices.find((choice) => choice === value) ?? 'system';
  } catch {
    return 'system';
  }
}

export const useThemeStore = defineStore('theme', () => {
  const choice = ref<ThemeChoice>(storedChoice());
  const darkQuery = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  const systemDark = ref(darkQuery?.matches ?? false);
  const followSystem = (event: MediaQueryListEvent): void => {
    systemDark.value = event.matches;
  };
  darkQuery?.addEventListener('change', followSystem);
  onScopeDispose(() => darkQuery?.removeEventListener('change', followSystem));

  /** The theme in effect. */
  const theme = computed<'light' | 'dark'>(() => (choice.value === 'system' ? (systemDark.value ? 'dark' : 'light') : choice.value));

  watchEffect(() => {
    const root = globalThis.document?.documentElement;
    if (!root) return;
    root.dataset.theme = theme.value;
  });

  function setChoice(next: ThemeChoice): void {
    choice.value = next;
    try {
      globalThis.localStorage?.setItem(storageKey, next);
    } catch {
      // Private mode or full storage: the choice lasts for this session.
    }
  }

  return { choice, theme, choices: themeChoices, setChoice };
});
