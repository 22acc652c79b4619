import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createCastdeskI18n, type SupportedLocale } from './i18n/index.ts';
import { createCastdeskRouter } from './router.ts';
import { useDesktopShellStore } from './stores/desktopShell.ts';

/** Assembles the renderer (stores, texts, routes) so the entry point and the tests build it the same way. */
export function createCastdeskApp(locale: SupportedLocale) {
  const app = createApp(App);
  const router = createCastdeskRouter();
  app.use(createPinia()).use(createCastdeskI18n(locale)).use(router);
  // Failures inside the renderer go to the app's log (the desktop shell store owns the channel).
  const desktop = useDesktopShellStore();
  app.config.errorHandler = (error, _instance, info) => {
    desktop.report(error, info);
    console.error(error);
  };
  globalThis.addEventListener?.('error', (event) => desktop.report(event.error ?? event.message, 'window'));
  globalThis.addEventListener?.('unhandledrejection', (event) => desktop.report(event.reason, 'promise'));
  return { app, router };
}
