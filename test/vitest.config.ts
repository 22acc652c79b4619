import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** A PostgreSQL server for the second conformance run; CI sets it (.ci/run). */
const postgresUrl = process.env.CASTDESK_TEST_DATABASE_URL;

/** Test projects: `vitest run --config test/vitest.config.ts [--project unit|renderer|integration]`. */
export default defineConfig({
  root: repoRoot,
  test: {
    // The CI machine has two cores; no project may use more workers than that.
    maxWorkers: 2,
    projects: [
      {
        root: repoRoot,
        test: {
          name: 'unit',
          environment: 'node',
          // A safety net, not a budget: the 5 s default is reached on a loaded 2-core machine.
          testTimeout: 30_000,
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/renderer/**'],
        },
      },
      {
        root: repoRoot,
        plugins: [vue()],
        define: {
          __VUE_I18N_FULL_INSTALL__: 'true',
          __VUE_I18N_LEGACY_API__: 'false',
          __INTLIFY_PROD_DEVTOOLS__: 'false',
        },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          // Views mounted whole with their stores and a fake-indexeddb library: seconds under load.
          testTimeout: 30_000,
          include: ['test/unit/renderer/**/*.test.ts'],
          setupFiles: ['test/unit/renderer/setup/oneLibrary.ts'],
        },
      },
      {
        root: repoRoot,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts', 'test/conformance/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: each file may start a service and a database of its own.
          maxWorkers: 2,
        },
      },
      ...(postgresUrl
        ? [
            {
              root: repoRoot,
              test: {
                name: 'conformance-postgres',
                environment: 'node',
                include: ['test/conformance/**/*.test.ts'],
                exclude: ['test/conformance/postgres.test.ts'],
                env: { CONFORMANCE_DATABASE_URL: postgresUrl },
                testTimeout: 60_000,
                hookTimeout: 120_000,
                maxWorkers: 2,
              },
            },
          ]
        : []),
    ],
  },
});
