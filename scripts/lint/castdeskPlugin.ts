/**
 * Castdesk's own lint rules (eslint.config.js turns them on; the renderer's map is rendererLayers.ts):
 * - `castdesk/layers`: a folder's imports are allowed by a map of what it may import (an allow
 *   list, so a new folder or a new path between folders is refused until the map names it);
 * - `castdesk/no-cycle`: no import leads, through any chain of imports, back to the file that makes it.
 * Small and local instead of a plugin: the map is ours, and the graph needs only the TypeScript
 * parser the project already has.
 */
import type { Rule } from 'eslint';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importPath, repositoryGraph, resolveImport } from './importGraph.ts';

/** What one layer may import: whole layers, and layers it may take types from only. */
export interface LayerRule {
  imports: readonly string[];
  types?: readonly string[];
  /** Why: said in every refusal, so the message teaches the map. */
  why: string;
}

export interface LayerMap {
  /** The folder the layers live in, from the repository root (e.g. renderer/src). */
  root: string;
  /**
   * Layers by path under `root`: a folder or one file (a file's key wins over its folder's). An
   * entry of `imports` or `types` is a layer, or a folder of the repository outside `root` (contract).
   */
  layers: Readonly<Record<string, LayerRule>>;
}

/** The repository this file lives in (scripts/lint/): the map's paths start there, wherever ESLint runs from. */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A key of the map that names one file rather than a folder. */
const isFileKey = (key: string): boolean => /\.(?:[cm]?[jt]s|vue)$/.test(key);

/** A path from the repository root with forward slashes, as the map spells them. */
function fromRoot(file: string): string {
  return relative(repoRoot, file).split(sep).join('/');
}

/** The map's key for `path` (relative to the map's root): the longest key that is it or a folder of it. */
function layerOf(map: LayerMap, path: string): string | null {
  let best: string | null = null;
  for (const key of Object.keys(map.layers)) {
    if ((path === key || path.startsWith(`${key}/`)) && (!best || key.length > best.length)) best = key;
  }
  return best;
}

/** The folders `key` lies in, innermost first: db/libraryKey.ts → db. */
function foldersOf(key: string): string[] {
  const parts = key.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, parts.length - 1 - i).join('/'));
}

interface FoundImport {
  node: Rule.Node;
  specifier: string;
  typeOnly: boolean;
}

type Specifier = { importKind?: string; exportKind?: string };

/** Calls `found` for every import of the linted file: static, re-export, literal import() and import('…') types. */
function onImports(found: (imported: FoundImport) => void): Rule.RuleListener {
  const literal = (node: unknown): string | null => {
    const value = (node as { type?: string; value?: unknown } | null)?.value;
    return (node as { type?: string } | null)?.type === 'Literal' && typeof value === 'string' ? value : null;
  };
  const allOfKind = (specifiers: readonly Specifier[], kind: 'importKind' | 'exportKind'): boolean =>
    specifiers.length > 0 && specifiers.every((specifier) => specifier[kind] === 'type');
  return {
    ImportDeclaration(node) {
      const typed = node as typeof node & { importKind?: string };
      const specifiers = node.specifiers as unknown as Specifier[];
      const namedOnly = specifiers.every((specifier) => (specifier as { type?: string }).type === 'ImportSpecifier');
      const typeOnly = typed.importKind === 'type' || (namedOnly && allOfKind(specifiers, 'importKind'));
      found({ node, specifier: String(node.source.value), typeOnly });
    },
    'ExportNamedDeclaration, ExportAllDeclaration'(node: Rule.Node) {
      const exported = node as Rule.Node & { source?: unknown; exportKind?: string; specifiers?: Specifier[] };
      const specifier = literal(exported.source);
      if (specifier === null) return;
      found({ node, specifier, typeOnly: exported.exportKind === 'type' || allOfKind(exported.specifiers ?? [], 'exportKind') });
    },
    ImportExpression(node) {
      const specifier = literal(node.source);
      if (specifier !== null) found({ node, specifier, typeOnly: false });
    },
    TSImportType(node: Rule.Node) {
      const argument = (node as unknown as { argument?: { literal?: unknown }; parameter?: { literal?: unknown } });
      const specifier = literal((argument.argument ?? argument.parameter)?.literal);
      if (specifier !== null) found({ node, specifier, typeOnly: true });
    },
  };
}

const layers: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'A layer imports only what the layer map allows it.' },
    schema: [{ type: 'object' }],
    messages: {
      unmapped: '{{path}} lies in no layer of the map (scripts/lint/rendererLayers.ts): add its folder to the map with what it may import.',
      refused: '{{from}} may not import {{to}}: {{why}} (the layer map, scripts/lint/rendererLayers.ts).',
      typesOnly: '{{from}} may take only types from {{to}}: {{why}} (the layer map, scripts/lint/rendererLayers.ts).',
    },
  },
  create(context) {
    const map = context.options[0] as LayerMap;
    const file = fromRoot(context.filename);
    if (!file.startsWith(`${map.root}/`)) return {};
    const own = layerOf(map, file.slice(map.root.length + 1));
    if (own === null) {
      return { Program: (node) => context.report({ node, messageId: 'unmapped', data: { path: file } }) };
    }
    const rule = map.layers[own]!;
    return onImports(({ node, specifier, typeOnly }) => {
      const target = resolveImport(context.filename, specifier);
      if (target === null) return;
      const targetPath = fromRoot(target);
      const inRoot = targetPath.startsWith(`${map.root}/`);
      const to = inRoot ? layerOf(map, targetPath.slice(map.root.length + 1)) : targetPath.split('/')[0]!;
      if (to === null) return; // An unmapped target is reported where it lies.
      // A folder's own files, one of them keyed alone (db/libraryKey.ts for db) included.
      const ownFolder = !isFileKey(own) && inRoot && targetPath.startsWith(`${map.root}/${own}/`);
      // Who may import a folder may import the files of it keyed alone: they are keyed for what they may import.
      const names = [to, ...foldersOf(to)];
      const listed = (list: readonly string[] | undefined): boolean => names.some((name) => list?.includes(name));
      if (to === own || ownFolder || listed(rule.imports) || (typeOnly && listed(rule.types))) return;
      const messageId = listed(rule.types) ? 'typesOnly' : 'refused';
      context.report({ node, messageId, data: { from: own, to: `${to} (${targetPath})`, why: rule.why } });
    });
  },
};

const noCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import leads back to the file that makes it, types included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}. Move what both sides need into a module of its own, or pass it in.' },
  },
  create(context) {
    const graph = repositoryGraph(repoRoot);
    const self = context.filename;
    return onImports(({ node, specifier }) => {
      const target = resolveImport(self, specifier);
      if (target === null || target === self || !graph.has(target)) return;
      const back = importPath(graph, target, self);
      if (!back) return;
      const path = [self, ...back].map((file) => fromRoot(file)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { path } });
    });
  },
};

export const castdeskPlugin = {
  meta: { name: 'castdesk' },
  rules: { layers, 'no-cycle': noCycle },
};
