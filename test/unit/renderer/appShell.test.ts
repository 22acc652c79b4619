import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import App from '../../../renderer/src/App.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountApp(locale: 'en' | 'de'): Promise<VueWrapper> {
  const router = createCastdeskRouter();
  await router.push('/');
  await router.isReady();
  wrapper = mount(App, {
    global: { plugins: [createPinia(), createCastdeskI18n(locale), router] },
    attachTo: document.body,
  });
  await flushPromises();
  return wrapper;
}

describe('App', () => {
  it('shows the Home view in English by default', async () => {
    const app = await mountApp('en');
    expect(app.get('h1').text()).toBe('Welcome to Castdesk');
    expect(app.text()).toContain('Language');
  });

  it('switches the whole UI and the document language to German and back', async () => {
    const app = await mountApp('en');
    const languageSwitch = app.get<HTMLSelectElement>('[data-testid="language-switch"]');

    await languageSwitch.setValue('de');
    expect(app.get('h1').text()).toBe('Willkommen bei Castdesk');
    expect(app.text()).toContain('Sprache');
    expect(document.documentElement.lang).toBe('de');
    expect(languageSwitch.element.value).toBe('de');

    await languageSwitch.setValue('en');
    expect(app.get('h1').text()).toBe('Welcome to Castdesk');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the locale it was created with', async () => {
    const app = await mountApp('de');
    expect(app.get('h1').text()).toBe('Willkommen bei Castdesk');
    expect(app.get<HTMLSelectElement>('[data-testid="language-switch"]').element.value).toBe('de');
  });
});
