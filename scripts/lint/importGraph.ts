/**
 * The repository's import graph, for the cycle rule (castdeskPlugin.ts): every source file's
 * relative imports, type-only ones included (a circle of types is still a circle a newcomer must
 * untangle), read with the TypeScript parser. Built once per ESLint process: a long-running editor
 * server sees files changed since as they were when it started.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** One import of a module: what it names, and whether only types come through it. */
export interface ModuleImport {
  specifier: string;
  typeOnly: boolean;
}

const sourceFile = /\.(?:[cm]?[jt]s|vue)$/;
/** Folders that hold no source of ours: packages, build output, test reports, git. */
const notSource = new Set(['node_modules', 'out', 'dist', 'test-results', 'playwright-report']);

/** The script of a file: a .vue file's <script> blocks, anything else whole. */
function scriptOf(fileName: string, text: string): string {
  if (!fileName.endsWith('.vue')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((block) => block[1]).join('\n');
}

function allTypeOnly(elements: readonly { isTypeOnly: boolean }[]): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

/** Every module `text` imports or re-exports, statically or with a literal import(). */
export function importsOf(fileName: string, text: string): ModuleImport[] {
  const source = ts.createSourceFile(fileName, scriptOf(fileName, text), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ModuleImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && allTypeOnly(named)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || allTypeOnly(named) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (our imports spell the extension out); null for a package. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  return specifier.startsWith('./') || specifier.startsWith('../') ? resolve(dirname(fromFile), specifier) : null;
}

function sourceFilesUnder(folder: string, into: string[]): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || notSource.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) sourceFilesUnder(path, into);
    else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

/** Each source file of the repository → the files of ours it imports (absolute paths). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const graphs = new Map<string, ImportGraph>();

/** The import graph of the repository at `root`, read once per process. */
export function repositoryGraph(root: string): ImportGraph {
  let graph = graphs.get(root);
  if (!graph) {
    const edges = new Map<string, string[]>();
    for (const file of sourceFilesUnder(root, [])) {
      const targets = importsOf(file, readFileSync(file, 'utf8'))
        .map((found) => resolveImport(file, found.specifier))
        .filter((target): target is string => target !== null && existsSync(target));
      edges.set(file, [...new Set(targets)]);
    }
    graph = edges;
    graphs.set(root, graph);
  }
  return graph;
}

/**
 * A path of imports from `from` that leads to `to` (both ends included), or null when none does:
 * breadth first, so the path shown is a shortest one.
 */
export function importPath(graph: ImportGraph, from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === to) {
      const path: string[] = [];
      for (let at: string | null | undefined = next; at; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const target of graph.get(next) ?? []) {
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, next);
      queue.push(target);
    }
  }
  return null;
}
