import { defineConfig } from '@playwright/test';

/**
 * The real Electron app driven by Playwright's `_electron` (`npm run test:electron`, which skips
 * it where Electron's binary is missing). The executable comes from CASTDESK_ELECTRON_BINARY.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/electron',
  retries: 0,
  workers: 1,
  reporter: [['list']],
  timeout: 180_000,
});
