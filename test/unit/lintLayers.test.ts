/**
 * The renderer's layer map (scripts/lint/rendererLayers.ts, castdesk/layers) and the cycle rule
 * (castdesk/no-cycle), proved on in-memory snippets linted as if they lived at the given paths:
 * each layer may import exactly what the map lists it, every folder of renderer/src is in the map,
 * and an import that closes a circle is refused. The repository itself has no circle.
 */
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importPath, repositoryGraph } from '../../scripts/lint/importGraph.ts';
import { rendererLayers } from '../../scripts/lint/rendererLayers.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}eslint.config.js` });

/** The messages of `ruleId` ESLint reports for `code` placed at `filePath` (relative to the repo root). */
async function reported(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const isFileKey = (key: string): boolean => /\.(?:ts|vue)$/.test(key);
const keys = Object.keys(rendererLayers.layers);
/** A file of layer `key` (from the repo root): the file itself, or one in the folder. */
const fileIn = (key: string): string => `${rendererLayers.root}/${isFileKey(key) ? key : `${key}/probe.ts`}`;
/** What layer `key` lists, and the folders of what it lists (a listed folder covers its files keyed alone). */
function listed(list: readonly string[] | undefined, target: string): boolean {
  return (list ?? []).some((entry) => target === entry || target.startsWith(`${entry}/`));
}

/** Every (layer, target) pair with whether the map allows a value import and a type import. */
const pairs = keys.flatMap((from) => {
  const rule = rendererLayers.layers[from]!;
  return [...keys, 'contract', 'server'].filter((to) => to !== from && !to.startsWith(`${from}/`)).map((to) => {
    const values = listed(rule.imports, to);
    return { from, to, values, types: values || listed(rule.types, to) };
  });
});

function snippet(from: string, to: string, typeOnly: boolean): string {
  const target = to === 'contract' || to === 'server' ? `${to}/probe.ts` : fileIn(to);
  let specifier = posix.relative(posix.dirname(fileIn(from)), target);
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const code = typeOnly ? `import type { Probe } from '${specifier}';\nexport type { Probe };` : `import { probe } from '${specifier}';\nexport { probe };`;
  return from.endsWith('.vue') ? `<script lang="ts">\n${code}\n</script>\n` : code;
}

// The first lint loads the parsers and reads the repository's import graph: generous on a loaded machine.
describe('the renderer layer map', { timeout: 120_000 }, () => {
  it('names every folder and top-level file of renderer/src', () => {
    const entries = readdirSync(`${repoRoot}${rendererLayers.root}`, { withFileTypes: true });
    const missing = entries.map((entry) => entry.name).filter((name) => !keys.includes(name));
    expect(missing).toEqual([]);
  });

  it('refuses a file in a folder the map does not name', async () => {
    expect(await reported('castdesk/layers', 'renderer/src/helpers/format.ts', 'export const a = 1;')).toHaveLength(1);
  });

  it.each(pairs.filter((pair) => !pair.values))('$from may not import $to', async ({ from, to }) => {
    expect(await reported('castdesk/layers', fileIn(from), snippet(from, to, false))).toHaveLength(1);
  });

  it.each(pairs.filter((pair) => pair.values))('$from may import $to', async ({ from, to }) => {
    expect(await reported('castdesk/layers', fileIn(from), snippet(from, to, false))).toEqual([]);
  });

  it.each(pairs.filter((pair) => pair.types && !pair.values))('$from may take types from $to', async ({ from, to }) => {
    expect(await reported('castdesk/layers', fileIn(from), snippet(from, to, true))).toEqual([]);
  });

  it.each(pairs.filter((pair) => !pair.types && ['db', 'search', 'shortlists', 'history'].includes(pair.from)))(
    '$from may not take types from $to',
    async ({ from, to }) => {
      expect(await reported('castdesk/layers', fileIn(from), snippet(from, to, true))).toHaveLength(1);
    },
  );
});

/** Imports that would close each circle issue 24 found, at the files that closed them. */
const circles: [file: string, code: string, path: string][] = [
  [
    'renderer/src/stores/profileHistory.ts',
    "import { useConnectionStore } from './connections.ts';\nexport const active = () => useConnectionStore().active;",
    'renderer/src/stores/profileHistory.ts → renderer/src/stores/connections.ts → renderer/src/stores/profileHistory.ts',
  ],
  [
    'renderer/src/sync/syncContext.ts',
    "import type { SyncEngine } from './syncEngine.ts';\nexport type Engine = SyncEngine;",
    'renderer/src/sync/syncContext.ts → renderer/src/sync/syncEngine.ts → renderer/src/sync/syncRunner.ts → renderer/src/sync/syncContext.ts',
  ],
  [
    'renderer/src/search/matchedWords.ts',
    "import type { WordMatcher } from './wordMatches.ts';\nexport type Matcher = WordMatcher;",
    'renderer/src/search/matchedWords.ts → renderer/src/search/wordMatches.ts → renderer/src/search/matchedWords.ts',
  ],
  [
    'renderer/src/search/filterColumns.ts',
    "import type { ProfileIndex } from './profileIndex.ts';\nexport type Index = ProfileIndex;",
    'renderer/src/search/filterColumns.ts → renderer/src/search/profileIndex.ts → renderer/src/search/filterColumns.ts',
  ],
  // Outside the renderer too: the rule runs across the repository.
  [
    'contract/list-limits.ts',
    "import type { BridgeChannels } from './bridge.ts';\nexport type Channels = BridgeChannels;",
    'contract/list-limits.ts → contract/bridge.ts → contract/list-limits.ts',
  ],
];

describe('import cycles', { timeout: 120_000 }, () => {
  it.each(circles)('%s may not: %s', async (file, code, path) => {
    expect(await reported('castdesk/no-cycle', file, code)).toEqual([expect.stringContaining(path)]);
  });

  it('lets an import that leads nowhere back pass', async () => {
    expect(await reported('castdesk/no-cycle', 'renderer/src/search/filterColumns.ts', "import type { IdSlab } from './idSlab.ts';\nexport type Slab = IdSlab;")).toEqual([]);
  });

  it('finds no circle in the repository', () => {
    const graph = repositoryGraph(repoRoot);
    const circular = [...graph].flatMap(([file, targets]) => targets.filter((target) => importPath(graph, target, file)).map((target) => `${file} → ${target}`));
    expect(circular).toEqual([]);
  });
});
