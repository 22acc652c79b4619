/**
 * Proves each import boundary in eslint.config.js fires (and that allowed imports pass), by linting
 * in-memory snippets as if they lived at the given paths.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}eslint.config.js` });

/** The `no-restricted-imports` messages ESLint reports for `code` placed at `filePath` (relative to the repo root). */
async function boundaryViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
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
];

const allowed: [file: string, code: string][] = [
  ['contract/resource.ts', "import { z } from 'zod';\nimport { b } from './errors.ts';\nexport { z, b };"],
  ['server/src/routes/actors.ts', "import { a } from '../../../contract/directory-api.ts';\nimport fastify from 'fastify';\nexport { a, fastify };"],
  ['electron/core/keychain.ts', "import { a } from '../../contract/bridge.ts';\nimport { b } from '../../server/src/start.ts';\nexport { a, b };"],
  ['electron/main/ipc.ts', "import { app } from 'electron';\nimport { a } from '../core/keychain.ts';\nimport { b } from '../../contract/bridge.ts';\nexport { app, a, b };"],
  ['electron/preload/index.ts', "import { contextBridge } from 'electron';\nimport { a } from '../../contract/bridge.ts';\nexport { contextBridge, a };"],
  ['renderer/src/stores/actors.ts', "import { a } from '../db/database.ts';\nimport { b } from '../bridge/client.ts';\nimport { c } from '../../../contract/bridge.ts';\nexport { a, b, c };"],
  ['renderer/src/components/ActorCard.ts', "import { useActorsStore } from '../stores/actors.ts';\nexport { useActorsStore };"],
];

describe('import boundaries', () => {
  it.each(forbidden)('%s may not: %s', async (file, code) => {
    expect(await boundaryViolations(file, code)).toHaveLength(1);
  });

  it.each(allowed)('%s may: %s', async (file, code) => {
    expect(await boundaryViolations(file, code)).toEqual([]);
  });
});
