import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createCastdeskI18n, type SupportedLocale } from './i18n/index.ts';
import { createCastdeskRouter } from './router.ts';

/** Assembles the renderer (stores, texts, routes) so the entry point and the tests build it the same way. */
export function createCastdeskApp(locale: SupportedLocale) {
  const app = createApp(App);
  const router = createCastdeskRouter();
  app.use(createPinia()).use(createCastdeskI18n(locale)).use(router);
  return { app, router };
}
