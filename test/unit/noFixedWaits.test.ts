/**
 * Proves the lint rule that keeps fixed waits out of test/ (eslint.config.js, testWaitSyntax)
 * fires on each kind of sleep, and lets through what waits on something observable, a zero-delay
 * yield, the two helpers in test/support, and the benches (whose pauses are part of what they measure).
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}eslint.config.js` });

/** The no-restricted-syntax messages ESLint reports for `code` placed at `filePath` (relative to the repo root). */
async function waitViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const sleeps: [file: string, code: string][] = [
  ['test/e2e/notes.spec.ts', 'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(200);\n}\n'],
  ['test/integration/cli.test.ts', 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 50));\n}\n'],
  ['test/unit/renderer/view.test.ts', 'export async function f() {\n  await new Promise<void>((resolve) => setTimeout(() => resolve(), 100));\n}\n'],
  ['test/conformance/limit.test.ts', 'export async function f(ms: number) {\n  await new Promise(function (done) { setTimeout(done, ms); });\n}\n'],
  ['test/unit/core/x.test.ts', "import { setTimeout as sleep } from 'node:timers/promises';\nexport const f = () => sleep(100);\n"],
  ['test/support/other.ts', "import { setTimeout } from 'timers/promises';\nexport const f = () => setTimeout(100);\n"],
];

const allowed: [file: string, code: string][] = [
  ['test/integration/cli.test.ts', "import { vi } from 'vitest';\nexport const f = (ready: () => boolean) => vi.waitFor(() => { if (!ready()) throw new Error('not yet'); });\n"],
  ['test/unit/renderer/view.test.ts', 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 0));\n}\n'],
  ['test/e2e/webShell.ts', 'export const f = (reject: (error: Error) => void) => new Promise(() => { setTimeout(() => reject(new Error("no address")), 60_000); });\n'],
  ['test/support/waitUntil.ts', 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 50));\n}\n'],
  ['test/support/letTimePass.ts', 'export async function f(ms: number) {\n  await new Promise((resolve) => setTimeout(resolve, ms));\n}\n'],
  ['test/bench/uiBench.ts', 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 500));\n}\n'],
];

describe('no fixed waits in tests (lint)', () => {
  it.each(sleeps)('refuses the sleep in %s', async (file, code) => {
    expect(await waitViolations(file, code)).toEqual([expect.stringContaining('No fixed waits in tests')]);
  });
  it.each(allowed)('lets %s through', async (file, code) => {
    expect(await waitViolations(file, code)).toEqual([]);
  });
});
