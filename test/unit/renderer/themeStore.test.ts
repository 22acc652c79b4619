/** The colour theme: the system's by default, or the user's choice, remembered and set on the document. */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { useThemeStore } from '../../../renderer/src/stores/theme.ts';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('the theme store', () => {
  it("follows the system's theme until the user picks one, then keeps the pick across starts", async () => {
    setActivePinia(createPinia());
    const theme = useThemeStore();
    const systemIsDark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(theme.choice).toBe('system');
    expect(theme.theme).toBe(systemIsDark ? 'dark' : 'light');
    await nextTick();
    expect(document.documentElement.dataset.theme).toBe(theme.theme);

    theme.setChoice(systemIsDark ? 'light' : 'dark');
    await nextTick();
    expect(document.documentElement.dataset.theme).toBe(systemIsDark ? 'light' : 'dark');

    // The next start (a fresh store) reads the pick.
    setActivePinia(createPinia());
    const again = useThemeStore();
    expect(again.choice).toBe(systemIsDark ? 'light' : 'dark');
    again.setChoice('system');
    expect(again.theme).toBe(systemIsDark ? 'dark' : 'light');
  });

  it('takes a stored value it does not know for the system theme', () => {
    localStorage.setItem('castdesk.theme', 'sepia');
    setActivePinia(createPinia());
    expect(useThemeStore().choice).toBe('system');
  });
});
