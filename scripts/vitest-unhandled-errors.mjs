// A Vitest reporter for npm test (scripts/test.mjs): the errors Vitest caught outside any test (its "Unhandled
// Errors": thrown after a test ended, or by a worker), which its JSON report leaves out, written as JSON to the
// file named by TEST_UNHANDLED_ERRORS_FILE, so that the end of npm test's output can name them
// (scripts/test-failures.mjs). Nothing is written without that variable.
import { writeFileSync } from 'node:fs';

/**
 * The first `at … (/file:line:column)` frame of a stack with a file of its own (Node's own `node:` frames have
 * none), as { file, line }.
 */
function firstFrame(stack) {
  const match = /\bat (?:[^\n(]*\()?(?:file:\/\/)?(\/[^\s():]+):(\d+):\d+/.exec(String(stack ?? ''));
  return match ? { file: match[1], line: Number(match[2]) } : undefined;
}

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.TEST_UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      type: error.type,
      name: error.name,
      message: error.message,
      // The test file and test that were running when it was thrown, when Vitest knows them.
      testPath: error.VITEST_TEST_PATH,
      testName: error.VITEST_TEST_NAME,
      // Where it was thrown: the first frame outside Node's own code (parsed from the stack, which Vitest's own
      // `stacks` only holds once its default reporter has printed the error).
      at: firstFrame(error.stack),
    }));
    writeFileSync(file, JSON.stringify(errors));
  }
}
