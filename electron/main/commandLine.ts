/**
 * The app's own command-line flags. `--user-data-dir DIR` (or `--user-data-dir=DIR`) moves all
 * state — settings, caches, logs, demo data — to DIR, the same flag the web shell takes; tests
 * use it to run against a throwaway folder.
 */
import path from 'node:path';

/** The absolute user data folder given on the command line, or undefined. An empty value counts as not given. */
export function userDataDirFromArgs(argv: readonly string[], cwd: string = process.cwd()): string | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    let value: string | undefined;
    if (arg === '--user-data-dir') value = argv[index + 1];
    else if (arg.startsWith('--user-data-dir=')) value = arg.slice('--user-data-dir='.length);
    else continue;
    return value && !value.startsWith('--') ? path.resolve(cwd, value) : undefined;
  }
  return undefined;
}
