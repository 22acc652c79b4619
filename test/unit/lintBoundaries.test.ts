/**
 * Proves each import boundary in eslint.config.js fires (and that allowed imports pass), by linting
 * in-memory snippets as if they lived at the given paths.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}eslint.config.js` });

const importRules = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'castdesk/layers']);

/** The import-restriction messages ESLint reports for `code` placed at `filePath` (relative to the repo root). */
async function boundaryViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((message) => importRules.has(message.ruleId ?? '')).map((message) => message.message);
}

const forbidden: [file: string, code: string][] = [
  ['contract/resource.ts', "import { a } from '../server/src/app.ts';\nexport { a };"],
  ['contract/resource.ts', "import { a } from '../renderer/src/main.ts';\nexport { a };"],
  ['contract/resource.ts', "import { a } from '../electron/core/x.ts';\nexport { a };"],
  ['contract/resource.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
  ['contract/resource.ts', "import { ref } from 'vue';\nexport { ref };"],
  ['server/src/routes/actors.ts', "import { a } from '../../../electron/core/x.ts';\nexport { a };"],
  ['server/src/routes/actors.ts', "import { a } from '../../../renderer/src/stores/x.ts';\nexport { a };"],
  ['server/src/routes/actors.ts', "import { app } from 'electron';\nexport { app };"],
  ['electron/core/keychain.ts', "import { safeStorage } from 'electron';\nexport { safeStorage };"],
  ['electron/core/keychain.ts', "import { ipcMain } from 'electron/main';\nexport { ipcMain };"],
  ['electron/core/keychain.ts', "import { a } from '../../renderer/src/i18n/en.ts';\nexport { a };"],
  ['electron/core/updates/updateFlow.ts', "import { autoUpdater } from 'electron-updater';\nexport { autoUpdater };"],
  ['electron/main/ipc.ts', "import { a } from '../../renderer/src/stores/x.ts';\nexport { a };"],
  ['electron/main/ipc.ts', "import { a } from '../../server/src/routes/actors.ts';\nexport { a };"],
  ['electron/preload/index.ts', "import { a } from '../core/keychain.ts';\nexport { a };"],
  ['electron/preload/index.ts', "import { a } from '../../renderer/src/main.ts';\nexport { a };"],
  ['electron/web/server.ts', "import { app } from 'electron';\nexport { app };"],
  ['electron/web/server.ts', "import { a } from '../main/ipc.ts';\nexport { a };"],
  ['renderer/src/stores/actors.ts', "import { ipcRenderer } from 'electron';\nexport { ipcRenderer };"],
  ['renderer/src/stores/actors.ts', "import { a } from '../../../electron/preload/index.ts';\nexport { a };"],
  ['renderer/src/stores/actors.ts', "import { a } from '../../../server/src/app.ts';\nexport { a };"],
  ['renderer/src/components/ActorCard.ts', "import { a } from '../db/database.ts';\nexport { a };"],
  ['renderer/src/views/ActorsView.ts', "import { a } from '../bridge/client.ts';\nexport { a };"],
  ['renderer/src/components/ActorCard.vue', "<script setup lang=\"ts\">\nimport { a } from '../db/database.ts';\nconsole.log(a);\n</script>\n"],
  ['renderer/src/components/ActorCard.ts', "import { a } from '../../../server/src/app.ts';\nexport { a };"],
  ['renderer/src/components/search/ResultRow.ts', "import type { SyncEngine } from '../../sync/syncEngine.ts';\nexport type { SyncEngine };"],
  ['renderer/src/views/SettingsView.vue', "<script setup lang=\"ts\">\nimport { initialProgress } from '../sync/syncProgress.ts';\nconsole.log(initialProgress);\n</script>\n"],
  // What components may import (search/, shortlists/, i18n/) leads to no database: types only from db/.
  ['renderer/src/search/profileIndex.ts', "import { LibraryDb } from '../db/libraryDb.ts';\nexport const open = () => new LibraryDb('library');"],
  ['renderer/src/shortlists/shortlistCsv.ts', "import { useShortlistsStore } from '../stores/shortlists.ts';\nexport { useShortlistsStore };"],
  ['renderer/src/i18n/en.ts', "import type { SyncProgress } from '../sync/syncProgress.ts';\nexport type Progress = SyncProgress;"],
  ['renderer/src/history/profileDiff.ts', "import { openHistoryDb } from '../db/historyDb.ts';\nexport { openHistoryDb };"],
  ['renderer/src/history/profileDiff.ts', "import type { ProfileKind } from '../db/libraryDb.ts';\nexport type Kind = ProfileKind;"],
  // Not even a lazy import() reaches db/ or sync/ from a component.
  ['renderer/src/components/ActorCard.ts', "export const open = () => import('../db/libraryDb.ts');"],
  ['renderer/src/components/search/ResultRow.ts', "export const engine = () => import('../../sync/syncEngine.ts');"],
  // The paths issue 24 found: plain modules reaching up into components, db/ into search/.
  ['renderer/src/sync/mediaKeeping.ts', "import { displayedVersions } from '../components/profile/galleryOrder.ts';\nexport { displayedVersions };"],
  ['renderer/src/stores/compare.ts', "import { mainHeadshot } from '../components/profile/galleryOrder.ts';\nexport { mainHeadshot };"],
  ['renderer/src/db/connectionLibrary.ts', "import { foldName } from '../search/foldName.ts';\nexport { foldName };"],
  ['renderer/src/db/shortlistDb.ts', "import type { CsvTexts } from '../shortlists/shortlistCsv.ts';\nexport type Texts = CsvTexts;"],
  ['renderer/src/search/storedRows.ts', "import { openSharedLibrary } from '../db/sharedLibrary.ts';\nexport { openSharedLibrary };"],
  ['renderer/src/db/libraryKey.ts', "import type { LibraryDb } from './libraryDb.ts';\nexport type Db = LibraryDb;"],
];

const allowed: [file: string, code: string][] = [
  ['contract/resource.ts', "import { z } from 'zod';\nimport { b } from './errors.ts';\nexport { z, b };"],
  ['server/src/routes/actors.ts', "import { a } from '../../../contract/directory-api.ts';\nimport fastify from 'fastify';\nexport { a, fastify };"],
  ['electron/core/keychain.ts', "import { a } from '../../contract/bridge.ts';\nimport { b } from '../../server/src/start.ts';\nexport { a, b };"],
  ['electron/main/ipc.ts', "import { app } from 'electron';\nimport { a } from '../core/keychain.ts';\nimport { b } from '../../contract/bridge.ts';\nexport { app, a, b };"],
  ['electron/preload/index.ts', "import { contextBridge } from 'electron';\nimport { a } from '../../contract/bridge.ts';\nexport { contextBridge, a };"],
  ['renderer/src/stores/actors.ts', "import { a } from '../db/database.ts';\nimport { b } from '../bridge/client.ts';\nimport { c } from '../../../contract/bridge.ts';\nexport { a, b, c };"],
  ['renderer/src/components/ActorCard.ts', "import { useActorsStore } from '../stores/actors.ts';\nexport { useActorsStore };"],
  ['renderer/src/history/profileDiff.ts', "import type { ActorDetail } from '../../../contract/directory-api.ts';\nexport type Detail = ActorDetail;"],
  ['renderer/src/search/storedRows.ts', "import { originStride } from '../db/libraryKey.ts';\nexport { originStride };"],
  ['renderer/src/db/shortlistDb.ts', "import type { ShortlistStatus } from '../shortlists/shortlistOptions.ts';\nexport type Status = ShortlistStatus;"],
  ['renderer/src/db/libraryWrites.ts', "import { libraryUid } from './libraryKey.ts';\nexport { libraryUid };"],
  ['renderer/src/sync/mediaKeeping.ts', "import { displayedVersions } from '../media/galleryOrder.ts';\nexport { displayedVersions };"],
  ['renderer/src/search/profileIndex.ts', "import type { SearchRow } from '../db/libraryDb.ts';\nimport { directoryOriginOf } from '../db/directoryOrigin.ts';\nexport type Row = SearchRow;\nexport { directoryOriginOf };"],
];

describe('import boundaries', { timeout: 60_000 }, () => {
  it.each(forbidden)('%s may not: %s', async (file, code) => {
    expect(await boundaryViolations(file, code)).toHaveLength(1);
  });

  it.each(allowed)('%s may: %s', async (file, code) => {
    expect(await boundaryViolations(file, code)).toEqual([]);
  });
});

/** The `no-restricted-syntax` messages (script and template) ESLint reports for `code` at `filePath`. */
async function syntaxViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax' || message.ruleId === 'vue/no-restricted-syntax').map((message) => message.message);
}

const store = "import { useSyncStore } from '../stores/sync.ts';\nconst sync = useSyncStore();\n";
const forbiddenSyntax: [file: string, code: string][] = [
  // A database handle through a store, in script and in a template.
  ['renderer/src/components/ActorCard.ts', `${store}export const count = () => sync.db?.actors.count();`],
  ['renderer/src/views/SettingsView.vue', `<script setup lang="ts">\n${store}</script>\n<template><p v-if="sync.db">open</p></template>\n`],
  ['renderer/src/components/shortlists/Entry.ts', "import { useShortlistsStore } from '../../stores/shortlists.ts';\nexport const rows = () => useShortlistsStore().db?.entries.toArray();"],
  // A store handing its database out.
  ['renderer/src/stores/shortlists.ts', "import { defineStore } from 'pinia';\nimport { shallowRef } from 'vue';\nexport const useS = defineStore('s', () => {\n  const db = shallowRef(null);\n  return { db };\n});"],
  ['renderer/src/stores/sync.ts', "import { defineStore } from 'pinia';\nexport const useS = defineStore('s', () => {\n  const handle = null;\n  return { database: handle, start: () => undefined };\n});"],
  // The same handle destructured or by a computed name, and a lazy import of db/, sync/ or a computed name.
  ['renderer/src/components/ActorCard.ts', `${store}const { db } = sync;\nexport const count = () => db?.actors.count();`],
  ['renderer/src/components/ActorCard.ts', `${store}export const count = () => sync['db']?.actors.count();`],
  ['renderer/src/components/ActorCard.ts', "const where = '../db/libraryDb.ts';\nexport const open = () => import(where);"],
  // The preload bridge, past the stores.
  ['renderer/src/components/ActorCard.ts', 'export const call = () => window.castdesk.listConnections({});'],
  ['renderer/src/components/ActorCard.ts', "export const call = () => window['castdesk'].listConnections({});"],
  ['renderer/src/components/ActorCard.ts', 'const { castdesk } = window;\nexport const call = () => castdesk.listConnections({});'],
  // A renderer error's code glued onto an Error instead of a typed RendererError.
  ['renderer/src/stores/shortlistExport.ts', "export const fail = () => Object.assign(new Error('disk full'), { code: 'export_failed' });"],
  ['renderer/src/App.vue', '<script setup lang="ts">\nconst bridge = (globalThis as unknown as { castdesk: unknown }).castdesk;\nconsole.log(bridge);\n</script>\n'],
  // Modules loaded at run time in the plain-Node back end.
  ['electron/core/keys/keychain.ts', "export const load = () => import('electron');"],
  ['electron/core/keys/keychain.ts', "export const load = () => import('electron/main');"],
  ['electron/core/keys/keychain.ts', "const name = 'elec' + 'tron';\nexport const load = () => import(name);"],
  ['electron/core/keys/keychain.ts', "import { createRequire } from 'node:module';\nexport const load = () => createRequire(import.meta.url)('electron');"],
  ['electron/core/keys/keychain.ts', "import * as nodeModule from 'node:module';\nexport const require = nodeModule.createRequire(import.meta.url);"],
  ['electron/core/keys/keychain.ts', "export const load = () => module.require('electron');"],
  // A top-level await in the Electron shell: 'ready' comes only after the entry has evaluated.
  ['electron/main/index.ts', "import { app } from 'electron';\nawait app.whenReady();"],
  ['electron/main/index.ts', "async function start(): Promise<void> {}\nawait start().catch(() => undefined);"],
  ['electron/main/lifecycle.ts', "for await (const line of [Promise.resolve('a')]) console.log(line);"],
];

const allowedSyntax: [file: string, code: string][] = [
  ['renderer/src/views/SettingsView.vue', `<script setup lang="ts">\n${store}</script>\n<template><p v-if="sync.libraryOpen">open</p></template>\n`],
  ['renderer/src/stores/actors.ts', "import { currentLibrary } from '../db/sharedLibrary.ts';\nexport const count = () => currentLibrary()?.actors.count();"],
  ['renderer/src/stores/sync.ts', "import { defineStore } from 'pinia';\nimport { ref } from 'vue';\nexport const useS = defineStore('s', () => {\n  const libraryOpen = ref(false);\n  return { libraryOpen };\n});"],
  ['renderer/src/bridge/castdeskBridge.ts', 'export const bridge = () => window.castdesk;'],
  ['renderer/src/components/profile/ProfileGallery.ts', "export const lightbox = () => import('./ProfileLightbox.vue');"],
  ['renderer/src/stores/shortlistExport.ts', "import { RendererError } from './libraryErrors.ts';\nexport const fail = () => new RendererError('export_failed', 'disk full');"],
  ['electron/core/files/atomicWrite.ts', "export const full = () => Object.assign(new Error('no space left'), { code: 'ENOSPC' });"],
  ['electron/core/demo/demoLauncher.ts', "export const load = () => import('../../../server/src/startDirectory.ts');"],
  // The keychain binding is loaded inside a try (a package may lack it); named in the source, so still seen.
  ['electron/core/keys/keyStore.ts', "export const load = async () => {\n  try {\n    return await import('@napi-rs/keyring');\n  } catch {\n    return null;\n  }\n};"],
  ['electron/main/index.ts', "export const load = () => import('electron');"],
  ['electron/main/index.ts', "import { app } from 'electron';\nasync function start(): Promise<void> {\n  await app.whenReady();\n  for await (const line of [Promise.resolve('a')]) console.log(line);\n}\nvoid start();"],
];

// The first lint of a file loads the parsers: generous on a loaded machine.
describe('code the boundaries forbid beyond imports', { timeout: 60_000 }, () => {
  it.each(forbiddenSyntax)('%s may not: %s', async (file, code) => {
    expect((await syntaxViolations(file, code)).length).toBeGreaterThan(0);
  });

  it.each(allowedSyntax)('%s may: %s', async (file, code) => {
    expect(await syntaxViolations(file, code)).toEqual([]);
  });
});
