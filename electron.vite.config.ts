import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

/** Resolves a path from the repository root, so the build works from any working directory. */
const fromRoot = (relativePath: string): string => fileURLToPath(new URL(relativePath, import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('./out/main'),
      rolldownOptions: {
        input: { index: fromRoot('./electron/main/index.ts') },
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
