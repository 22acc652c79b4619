#!/usr/bin/env node
/**
 * `node scripts/electronegativity.mjs [DIR]`: @doyensec/electronegativity over the built app (out/
 * by default). The tool itself always exits 0 and its CSV writer races its own header, so it is run
 * through its programmatic API and its findings are counted here: the summary is printed, and the
 * exit code is 1 when any finding is HIGH severity (or the scan could not run), 0 otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
/**
 * Left out: whether a newer Electron release with security fixes exists. It needs the network
 * (absent on CI) and judges the pinned dependency rather than our code, so the same commit would
 * pass today and fail tomorrow; Electron upgrades are a dependency decision of their own.
 */
const excludedChecks = ['AvailableSecurityFixesGlobalCheck'];

/**
 * @typedef {{ id: string, file: string, location: { line: number, column: number },
 *   severity: { name: string }, confidence: { name: string }, description: string, manualReview?: boolean }} Finding
 */

/**
 * The tool asks the network for newer translations of its messages at every run (through got 11,
 * with a 1 s timeout and retries). Without a network that request's retry outlives its timeout, and
 * on Node 22 and later got 11 then throws from a timer ("The `onCancel` handler was attached after
 * the promise settled"), killing the scan after it finished. The scan needs no network: its got
 * answers "offline" at once, and the tool falls back to its bundled English texts as it does offline.
 */
function answerTranslationDownloadsOffline() {
  const toolDir = path.dirname(require.resolve('@doyensec/electronegativity'));
  const gotPath = createRequire(path.join(toolDir, 'index.js')).resolve('got');
  const offline = () => Promise.reject(new Error('electronegativity runs offline here'));
  require.cache[gotPath] ??= /** @type {NodeJS.Module} */ (/** @type {unknown} */ ({ id: gotPath, filename: gotPath, loaded: true, exports: offline }));
}

/**
 * Scans `input` and returns every finding. The Electron version is the installed one, since out/
 * has no package.json for the tool to read it from.
 * @param {string} input
 * @returns {Promise<Finding[]>}
 */
export async function scan(input) {
  answerTranslationDownloadsOffline();
  /** @type {(options: Record<string, unknown>) => Promise<{ issues: Finding[], errors: unknown[] }>} */
  const run = require('@doyensec/electronegativity');
  const electronVersion = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/electron/package.json'), 'utf8')).version;
  const result = await run({ input: path.resolve(input), isRelative: true, electronVersionOverride: electronVersion, excludeFromScan: excludedChecks });
  return result.issues;
}

/**
 * One line per finding, most severe first.
 * @param {Finding[]} findings
 * @returns {string[]}
 */
export function describeFindings(findings) {
  const rank = /** @type {Record<string, number>} */ ({ HIGH: 0, MEDIUM: 1, LOW: 2, INFORMATIONAL: 3 });
  return [...findings]
    .sort((a, b) => (rank[a.severity.name] ?? 9) - (rank[b.severity.name] ?? 9))
    .map((finding) => {
      const review = finding.manualReview ? ' (review)' : '';
      return `${finding.severity.name.padEnd(13)} ${finding.confidence.name.padEnd(10)} ${finding.id}${review} ${finding.file}:${finding.location.line} — ${finding.description}`;
    });
}

/** @param {Finding[]} findings */
export const highSeverity = (findings) => findings.filter((finding) => finding.severity.name === 'HIGH');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const input = process.argv[2] ?? path.join(repoRoot, 'out');
  if (!existsSync(input)) {
    console.error(`[electronegativity] nothing to scan at ${input}: build first (npx electron-vite build).`);
    process.exit(1);
  }
  try {
    const findings = await scan(input);
    for (const line of describeFindings(findings)) console.log(`[electronegativity] ${line}`);
    const high = highSeverity(findings).length;
    console.log(`[electronegativity] ${findings.length} findings, ${high} HIGH${high ? ' — fix the code, not the check' : ''}`);
    process.exitCode = high > 0 ? 1 : 0;
  } catch (error) {
    console.error(`[electronegativity] the scan failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
