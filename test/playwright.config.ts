import { chromiumArgs, chromiumExecutable } from './chromium.ts';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never `npx playwright install`). Run after a build:
 * `npx electron-vite build && npx playwright test -c test/playwright.config.ts`.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  globalSetup: './e2e/globalSetup.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
});
