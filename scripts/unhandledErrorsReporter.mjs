/**
 * A Vitest reporter for `npm test` (scripts/test.mjs): writes the run's unhandled errors (a
 * rejection nobody handled, an error thrown after its test ended) to the JSON file named by
 * CASTDESK_UNHANDLED_ERRORS_FILE. Vitest's JSON report leaves them out, yet they fail the run;
 * the summary names them with the test file and test Vitest says they came from.
 */
import { writeFile } from 'node:fs/promises';

export default class UnhandledErrorsReporter {
  /**
   * @param {unknown} _testModules
   * @param {ReadonlyArray<{ name?: string, message?: string, VITEST_TEST_PATH?: string, VITEST_TEST_NAME?: string }>} unhandledErrors
   */
  async onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.CASTDESK_UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      name: error.name ?? 'Error',
      message: error.message ?? '',
      testFile: error.VITEST_TEST_PATH ?? null,
      testName: error.VITEST_TEST_NAME ?? null,
    }));
    await writeFile(file, JSON.stringify(errors));
  }
}
