#!/usr/bin/env node
/**
 * Runs the read-only, data-agnostic conformance suite against any deployment of the directory API:
 *   npm run conformance -- --base-url https://directory.example --key KEY
 * Without --base-url the suite starts its own service on a built-in fixture. Exits with vitest's code.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const usage = 'usage: npm run conformance -- [--base-url URL --key KEY] [extra vitest arguments]';

function parse(argv) {
  const options = { baseUrl: undefined, key: undefined, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--base-url') options.baseUrl = value();
    else if (name === '--key') options.key = value();
    else if (name === '--help' || name === '-h') {
      console.log(usage);
      process.exit(0);
    } else options.rest.push(arg);
  }
  if (options.baseUrl !== undefined) {
    let url;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new Error(`--base-url is not a URL: ${options.baseUrl}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--base-url must be http or https: ${options.baseUrl}`);
    if (!options.key) throw new Error('--base-url needs --key');
  }
  if (options.key !== undefined && options.baseUrl === undefined) throw new Error('--key needs --base-url');
  return options;
}

let options;
try {
  options = parse(process.argv.slice(2));
} catch (error) {
  console.error(`conformance: ${error.message}\n${usage}`);
  process.exit(2);
}

const env = { ...process.env };
if (options.baseUrl) {
  env.CONFORMANCE_BASE_URL = options.baseUrl.replace(/\/+$/, '');
  env.CONFORMANCE_KEY = options.key;
  console.log(`conformance: checking ${env.CONFORMANCE_BASE_URL} (read-only)`);
} else {
  delete env.CONFORMANCE_BASE_URL;
  delete env.CONFORMANCE_KEY;
  console.log('conformance: no --base-url given, starting a directory service on the built-in fixture');
}

const config = 'test/vitest.config.ts';
const args = existsSync(`${repoRoot}/${config}`)
  ? ['vitest', 'run', '--config', config, '--project', 'integration', 'test/conformance/generic', ...options.rest]
  : ['vitest', 'run', '--root', '.', 'test/conformance/generic', ...options.rest];
const child = spawn('npx', args, { cwd: repoRoot, env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (error) => {
  console.error(`conformance: cannot run vitest: ${error.message}`);
  process.exit(1);
});
