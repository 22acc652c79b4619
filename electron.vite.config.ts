import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';

/** Resolves a path from the repository root, so the build works from any working directory. */
const fromRoot = (relativePath: string): string => fileURLToPath(new URL(relativePath, import.meta.url));

/**
 * The embedded demo directory in a packaged app has no tsx and no server/ sources: it runs the
 * directory service bundled as out/main/directory.js (under Electron as Node). The service finds its
 * catalogues (data files) in contract/ (`../../../contract/catalogues/` from its source); in the bundle
 * that becomes `../catalogues/`, i.e. out/catalogues/, which this plugin fills with a copy of
 * contract/catalogues (the renderer bundles the same files as its built-in labels).
 */
function bundledDirectoryCatalogues(): Plugin {
  const catalogueModule = fromRoot('./server/src/catalogues/catalogues.ts');
  const sourceUrl = /new URL\((['"])\.\.\/\.\.\/\.\.\/contract\/catalogues\/\1, import\.meta\.url\)/;
  return {
    name: 'castdesk-bundled-directory-catalogues',
    transform(code, id) {
      if (id !== catalogueModule) return null;
      if (!sourceUrl.test(code)) throw new Error(`${id} no longer finds its catalogues at ../../../contract/catalogues/: update electron.vite.config.ts`);
      return code.replace(sourceUrl, "new URL('../catalogues/', import.meta.url)");
    },
    writeBundle() {
      cpSync(fromRoot('./contract/catalogues'), fromRoot('./out/catalogues'), { recursive: true });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [bundledDirectoryCatalogues()],
    build: {
      outDir: fromRoot('./out/main'),
      rolldownOptions: {
        // The demo generator's worker thread is an entry of its own: the bundled directory service
        // starts it as out/main/demoRowsWorker.js (server/src/demo/demoWorkerSource.ts).
        input: {
          index: fromRoot('./electron/main/index.ts'),
          directory: fromRoot('./server/cli.ts'),
          demoRowsWorker: fromRoot('./server/src/demo/demoRowsWorker.ts'),
        },
        // Shared chunks beside the entries, not in chunks/: the bundled code finds the worker and the
        // catalogues relative to its own file (import.meta.url), whichever chunk it lands in.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('./out/preload'),
      rolldownOptions: {
        input: { index: fromRoot('./electron/preload/index.ts') },
        // A sandboxed renderer cannot load an ESM preload script (Electron's ESM support matrix),
        // so the preload is one self-contained CommonJS file; `.cjs` because package.json says "module".
        // It imports contract/bridge-channels.ts only, so zod stays out of it.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./renderer'),
    base: './',
    plugins: [vue()],
    define: {
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'true',
      __VUE_I18N_LEGACY_API__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    build: {
      outDir: fromRoot('./out/renderer'),
      rolldownOptions: {
        input: { index: fromRoot('./renderer/index.html') },
      },
    },
  },
});
