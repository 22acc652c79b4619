import { captureLaunchToken, reloadOnNewLaunchToken } from './bridge/castdeskBridge.ts';
import { createCastdeskApp } from './create-app.ts';
import { startLocale } from './i18n/index.ts';

// Web shell: the launch token leaves the address before the hash router reads it.
captureLaunchToken();
reloadOnNewLaunchToken();
// The language chosen in Settings, else the browser's.
const locale = startLocale(navigator.languages);
document.documentElement.lang = locale;
const { app, router } = createCastdeskApp(locale);
await router.isReady();
app.mount('#app');
