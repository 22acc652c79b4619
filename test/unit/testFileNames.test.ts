/**
 * One naming convention across test/: camelCase file names (`profileTable.spec.ts`,
 * `lintBoundaries.test.ts`), as in the rest of the code base, so a newcomer finds a test by the
 * name of what it tests. Data files under fixtures/ keep the names of what they copy.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testDir = fileURLToPath(new URL('../', import.meta.url));

/** Every file under `dir` (relative to test/), fixtures/ folders left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(testDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (!entry.isDirectory()) return [relative];
    return entry.name === 'fixtures' ? [] : filesUnder(relative);
  });
}

describe('test file names', () => {
  it('are camelCase everywhere in test/ (fixtures aside)', () => {
    const files = filesUnder('.');
    expect(files.length).toBeGreaterThan(100);
    const odd = files.filter((file) => !/^[a-z][a-zA-Z0-9]*(\.[a-z]+)*$/.test(path.basename(file)) || path.dirname(file).split(path.sep).some((folder) => folder !== '.' && !/^[a-z][a-zA-Z0-9]*$/.test(folder)));
    expect(odd).toEqual([]);
  });
});
