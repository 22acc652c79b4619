// @ts-check
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import { castdeskPlugin } from './scripts/lint/castdeskPlugin.ts';
import { rendererLayers } from './scripts/lint/rendererLayers.ts';

/**
 * Import boundaries (DEVELOPERS.md, "Layout"). Each folder gets one `no-restricted-imports` rule
 * listing what it must not reach. A later config object replaces the rule for its files rather
 * than adding to it, so nested folders repeat their parent's restrictions.
 */

/** A relative import that passes through one of these folder names, e.g. `../../server/src/x.ts`. */
const relativeInto = (/** @type {string[]} */ ...folders) => `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

const noElectronModule = { regex: '^electron(?:/|$)', message: "Only electron/main and electron/preload may import 'electron'." };
const noRenderer = { regex: relativeInto('renderer'), message: 'renderer/ is the Vue app; other folders never import it.' };
const noServer = {
  regex: relativeInto('server'),
  message: 'server/ is the directory service; only electron/core may start it, and the rest talks to it over HTTP.',
};

const restrict = (/** @type {{regex: string, message: string}[]} */ ...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/**
 * Code patterns a folder must not use, for what an import rule cannot see: a database handle or
 * the preload bridge reached through a store or a global, a module loaded at run time. Templates
 * are checked too (vue/no-restricted-syntax), where `sync.db` would otherwise slip through.
 */
const forbidSyntax = (/** @type {{selector: string, message: string}[]} */ ...patterns) => ({
  'no-restricted-syntax': ['error', ...patterns],
  'vue/no-restricted-syntax': ['error', ...patterns],
});

/** Renderer failures carry a typed code (RendererError, contract's BridgeErrorCode), never one glued on. */
const rendererSyntax = [
  {
    selector: "CallExpression[callee.object.name='Object'][callee.property.name='assign'][arguments.0.type='NewExpression'][arguments.0.callee.name=/Error$/]",
    message: 'Raise a RendererError(code, message): its code is a BridgeErrorCode or LibraryErrorCode with an i18n text, not Object.assign(new Error(), {code}).',
  },
];

/**
 * Stores own their databases: no store hands a Dexie handle out (a component or a shortlists/
 * module would reach the database past the store); they offer functions that read or write it.
 */
const storeSyntax = [
  {
    selector: 'ReturnStatement > ObjectExpression > Property[key.name=/^(db|database|shortlistDb|libraryDb)$/]',
    message: 'Stores never return a database handle: offer functions that read or write it.',
  },
];

const storeHandleMessage = 'Components never hold a database handle, not even through a store: ask the store (e.g. sync.libraryOpen).';
const bridgeMessage = 'Components reach the back end through stores, never window.castdesk.';
const componentSyntax = [
  ...rendererSyntax,
  { selector: "MemberExpression[property.name='castdesk']", message: bridgeMessage },
  { selector: "MemberExpression[computed=true][property.value='castdesk']", message: bridgeMessage },
  { selector: "MemberExpression[property.name=/^(db|database)$/]", message: storeHandleMessage },
  { selector: "MemberExpression[computed=true][property.value=/^(db|database)$/]", message: storeHandleMessage },
  // `const { db } = useSyncStore()`, `const { castdesk } = window`: the same reach, destructured.
  { selector: "ObjectPattern > Property[key.name=/^(db|database)$/]", message: storeHandleMessage },
  { selector: "ObjectPattern > Property[key.name='castdesk']", message: bridgeMessage },
  {
    selector: "ImportExpression:not([source.type='Literal'])",
    message: 'Components load only modules named in their source, so the import boundaries can see them.',
  },
];

/** Relative imports of the renderer are the layer map's; the one package it may never load is electron. */
const rendererRestrictions = [{ ...noElectronModule, message: "The renderer reaches the back end only through window.castdesk, never 'electron'." }];

const boundaries = [
  {
    files: ['contract/**/*.ts'],
    rules: restrict(
      { regex: '^(?!zod(?:/|$)|\\.{1,2}/)', message: 'contract/ imports only zod.' },
      {
        regex: relativeInto('server', 'electron', 'renderer', 'test', 'scripts', 'resources'),
        message: 'contract/ imports nothing of ours outside contract/.',
      },
    ),
  },
  {
    files: ['server/**/*.{ts,js,mjs}'],
    rules: restrict(
      { ...noElectronModule, message: "server/ runs without Electron: never import 'electron'." },
      {
        regex: relativeInto('electron', 'renderer', 'test', 'scripts'),
        message: 'server/ imports only contract/ among our folders.',
      },
    ),
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      ...restrict(
        { ...noElectronModule, message: "electron/core is plain Node: never import 'electron' (the shell in electron/main does)." },
        noRenderer,
        { regex: relativeInto('main', 'preload', 'web'), message: 'electron/core sits below the shells; it never imports them.' },
        {
          regex: '^electron-updater(?:/|$)',
          message: 'electron-updater loads electron at run time: only electron/main uses it; the update decisions in electron/core see it as an UpdateEngine.',
        },
      ),
      ...forbidSyntax(
        {
          selector: "ImportExpression[source.value=/^electron(\\/|$)/]",
          message: "electron/core is plain Node: no import('electron') either (the shell in electron/main does).",
        },
        {
          selector: "ImportExpression:not([source.type='Literal'])",
          message: 'electron/core loads only modules named in its source, so the import boundaries can see them.',
        },
        {
          selector: "Identifier[name='createRequire']",
          message: 'electron/core never builds a require(): it would load what the import boundaries cannot see.',
        },
        {
          // A plain require() is refused everywhere (@typescript-eslint/no-require-imports); these reach one another way.
          selector: "MemberExpression[property.name='require']",
          message: 'electron/core never loads through module.require or process.mainModule.require: the import boundaries cannot see it.',
        },
      ),
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: {
      ...restrict(noRenderer, noServer, {
        regex: relativeInto('preload', 'web'),
        message: 'electron/main imports electron/core and contract/ only.',
      }),
      /**
       * Electron emits 'ready' only after the ES-module entry has finished evaluating (Electron's
       * "ES Modules (ESM) in Electron" guide; electron/electron#40719): a top-level await of anything
       * that waits for ready hangs the app with no window and no error. No top-level await at all.
       */
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(AwaitExpression, ForOfStatement[await=true]):not(:function :matches(AwaitExpression, ForOfStatement))',
          message: "No top-level await in electron/main: Electron emits 'ready' only after the entry module has evaluated, so awaiting it there hangs the app. Start with `void start()`.",
        },
      ],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: restrict(noRenderer, noServer, {
      regex: relativeInto('core', 'main', 'web'),
      message: 'The sandboxed preload imports contract/ and electron only.',
    }),
  },
  {
    files: ['electron/web/**/*.ts'],
    rules: restrict(
      { ...noElectronModule, message: "electron/web runs in plain Node: never import 'electron'." },
      noRenderer,
      noServer,
      { regex: relativeInto('main', 'preload'), message: 'electron/web imports electron/core and contract/ only.' },
    ),
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    rules: { ...restrict(...rendererRestrictions), ...forbidSyntax(...rendererSyntax) },
  },
  {
    files: ['renderer/src/**/*.{ts,vue}'],
    rules: { 'castdesk/layers': ['error', rendererLayers] },
  },
  {
    files: ['renderer/src/components/**/*.{ts,vue}', 'renderer/src/views/**/*.{ts,vue}', 'renderer/src/App.vue'],
    rules: forbidSyntax(...componentSyntax),
  },
  {
    files: ['renderer/src/stores/**/*.ts'],
    rules: { ...restrict(...rendererRestrictions), ...forbidSyntax(...rendererSyntax, ...storeSyntax) },
  },
];

/**
 * Tests wait on something observable (expect.poll, vi.waitFor, test/support/waitUntil.ts), never for
 * a fixed time: a sleep is too short on a loaded 2-core machine and wasted time everywhere else. A
 * pause that is itself the scenario (a user reloading 200 ms after a keystroke, honouring a real
 * Retry-After) is test/support/letTimePass.ts, with its reason at the call. Benches are exempt: their
 * pauses are part of what they measure.
 */
const noFixedWait = 'No fixed waits in tests: wait on something observable (expect.poll, vi.waitFor, waitUntil from test/support); a pause that is the scenario itself is letTimePass(ms, why).';
const testWaitSyntax = [
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: noFixedWait },
  // new Promise((resolve) => setTimeout(resolve, ms)) and the like; a zero delay is a yield, not a wait.
  { selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']:not([arguments.1.value=0])", message: noFixedWait },
  { selector: "NewExpression[callee.name='Promise'] > :function > CallExpression.body[callee.name='setTimeout'][arguments.0.type!='Identifier']:not([arguments.1.value=0])", message: noFixedWait },
  { selector: "ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]", message: noFixedWait },
];

export default defineConfig(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' },
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/**/*.{ts,vue}', 'test/unit/renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { castdesk: castdeskPlugin },
    rules: {
      // Across the repository: a circle of imports, types included, is refused wherever it forms.
      'castdesk/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  {
    files: ['test/**/*.ts'],
    ignores: ['test/bench/**', 'test/support/waitUntil.ts', 'test/support/letTimePass.ts'],
    rules: { 'no-restricted-syntax': ['error', ...testWaitSyntax] },
  },
);
