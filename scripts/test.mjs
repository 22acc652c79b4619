#!/usr/bin/env node
/**
 * `npm test`: build, electronegativity over the build, typecheck (node and web projects), lint,
 * every Vitest project, Playwright.
 * Every step runs even when an earlier one failed, so one run shows everything that is wrong.
 * Build, electronegativity, typecheck and lint count as one test each; Vitest and Playwright count their tests from
 * their JSON reports. The last line printed is `N passed, N failed[, N skipped]`; exit code 1 when
 * anything failed. The environment is passed through unchanged (CASTDESK_TEST_DATABASE_URL etc.).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = (/** @type {string} */ name) => path.join(repoRoot, 'node_modules', '.bin', name);

/**
 * `failures` names each failed test (file › title: first line of its error), printed again in the
 * summary so the last lines of a long run say what failed, not only how many.
 * @typedef {{ passed: number, failed: number, skipped: number, failures?: string[] }} Counts
 */

/**
 * Runs a command from the repo root with inherited output; resolves to its exit code (1 if it could not start).
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`[test] could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** @param {number} exitCode @returns {Counts} */
const oneCheck = (exitCode) => (exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });

/**
 * Reads a JSON report, or undefined when the tool crashed before writing one.
 * @param {string} file
 * @returns {Promise<any>}
 */
async function readReport(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string | undefined} text */
const firstLine = (text) =>
  (text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') // colour codes
    .trim()
    .split('\n')[0]
    .slice(0, 300);

/**
 * Counts from Vitest's JSON report. A test file that failed to load has no test results, so it
 * counts as one failure; a failing exit with no failure in the report (an unhandled error) too.
 * @param {string} reportFile
 * @param {string} unhandledErrorsFile written by scripts/unhandledErrorsReporter.mjs
 * @param {number} exitCode
 * @returns {Promise<Counts>}
 */
async function vitestCounts(reportFile, unhandledErrorsFile, exitCode) {
  const report = await readReport(reportFile);
  /** @type {{ name: string, message: string, testFile: string | null, testName: string | null }[]} */
  const unhandled = (await readReport(unhandledErrorsFile)) ?? [];
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: ['no Vitest report was written'] };
  /** @type {{ name: string, status: string, message?: string, assertionResults: { fullName: string, status: string, failureMessages?: string[] }[] }[]} */
  const files = report.testResults ?? [];
  /** @type {string[]} */
  const failures = [];
  for (const file of files) {
    const where = path.relative(repoRoot, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  const brokenFiles = files.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  let failed = (report.numFailedTests ?? 0) + brokenFiles;
  for (const error of unhandled) {
    const where = error.testFile ? `${path.relative(repoRoot, error.testFile)}${error.testName ? ` › ${error.testName}` : ''}` : 'outside any test';
    failures.push(`unhandled ${error.name} in ${where}: ${firstLine(error.message)}`);
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    if (unhandled.length === 0) failures.push(`exit code ${exitCode} with no failed test in the report: see above`);
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

/**
 * Counts from Playwright's JSON report (flaky tests passed on retry and count as passed).
 * @param {string} reportFile
 * @param {number} exitCode
 * @returns {Promise<Counts>}
 */
async function playwrightCounts(reportFile, exitCode) {
  const report = await readReport(reportFile);
  if (!report?.stats) return { passed: 0, failed: 1, skipped: 0, failures: ['no Playwright report was written'] };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  /** @type {string[]} */
  const failures = (report.errors ?? []).map((/** @type {{ message?: string }} */ error) => firstLine(error.message));
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const lastError = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(lastError)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  let failed = unexpected + (report.errors?.length ?? 0);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    failures.push(`exit code ${exitCode} with no failed test in the report`);
  }
  return { passed: expected + flaky, failed, skipped, failures };
}

const reportDir = await mkdtemp(path.join(tmpdir(), 'castdesk-test-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const unhandledErrorsReport = path.join(reportDir, 'vitest-unhandled.json');

/** @type {{ name: string, counts: () => Promise<Counts> }[]} */
const steps = [
  { name: 'build', counts: async () => oneCheck(await run(bin('electron-vite'), ['build'])) },
  // Static security review of the built app; one test that fails on any HIGH-severity finding.
  {
    name: 'electronegativity',
    counts: async () => oneCheck(await run(process.execPath, [path.join(repoRoot, 'scripts', 'electronegativity.mjs')])),
  },
  {
    name: 'typecheck (node)',
    counts: async () => oneCheck(await run(bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit'])),
  },
  {
    name: 'typecheck (web)',
    counts: async () => oneCheck(await run(bin('vue-tsc'), ['-p', 'tsconfig.web.json', '--noEmit'])),
  },
  { name: 'lint', counts: async () => oneCheck(await run(bin('eslint'), ['--max-warnings', '0', '.'])) },
  {
    name: 'vitest',
    counts: async () => {
      await run(process.execPath, [path.join(repoRoot, 'scripts', 'keychain-health.mjs'), 'before vitest']);
      const exitCode = await run(bin('vitest'), [
        'run',
        '--config',
        'test/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--reporter=${path.join(repoRoot, 'scripts', 'unhandledErrorsReporter.mjs')}`,
        `--outputFile=${vitestReport}`,
      ], { ...process.env, CASTDESK_UNHANDLED_ERRORS_FILE: unhandledErrorsReport });
      return vitestCounts(vitestReport, unhandledErrorsReport, exitCode);
    },
  },
  {
    name: 'playwright',
    counts: async () => {
      const health = path.join(repoRoot, 'scripts', 'keychain-health.mjs');
      await run(process.execPath, [health, 'before playwright']);
      const exitCode = await run(bin('playwright'), ['test', '-c', 'test/playwright.config.ts', '--reporter=list,json'], {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
      });
      await run(process.execPath, [health, 'after playwright']);
      return playwrightCounts(playwrightReport, exitCode);
    },
  },
];

/** @type {Counts} */
const total = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const summary = [];
try {
  for (const step of steps) {
    console.log(`\n[test] ${step.name}`);
    const started = Date.now();
    const counts = await step.counts();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = `${step.name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${seconds} s)`;
    console.log(`[test] ${line}`);
    summary.push(line, ...(counts.failures ?? []).slice(0, 20).map((failure) => `  ✗ ${failure}`));
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
} finally {
  await rm(reportDir, { recursive: true, force: true });
}

console.log(`\n[test] summary\n${summary.map((line) => `  ${line}`).join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exitCode = total.failed > 0 ? 1 : 0;
