import { captureLaunchToken } from './bridge/castdeskBridge.ts';
import { createCastdeskApp } from './create-app.ts';
import { preferredLocale } from './i18n/index.ts';

// Web shell: the launch token leaves the address before the hash router reads it.
captureLaunchToken();
const locale = preferredLocale(navigator.languages);
document.documentElement.lang = locale;
const { app, router } = createCastdeskApp(locale);
await router.isReady();
app.mount('#app');
