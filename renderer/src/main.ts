import { createCastdeskApp } from './create-app.ts';
import { preferredLocale } from './i18n/index.ts';

const locale = preferredLocale(navigator.languages);
document.documentElement.lang = locale;
const { app, router } = createCastdeskApp(locale);
await router.isReady();
app.mount('#app');
