// What failed in a test run, one line each, for the end of npm test's output (scripts/test.mjs): CI's log is
// read from its end, where the counts are, and a failure printed thousands of lines above them was named
// nowhere near them.
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of an error message, without colours, short enough for one line of a log. */
const firstLine = (message = '') =>
  stripVTControlCharacters(String(message)).trim().split('\n')[0].slice(0, 300);

/**
 * One line per failed Vitest test (its file, its full name, its error's first line), per Vitest file that
 * failed with no failed test (an error while it loads, or in a hook), and per Playwright test that failed or
 * passed only on a retry. `vitestReports` are Vitest's JSON reports (any may be missing), `playwrightReport`
 * Playwright's; Vitest's file names are shown relative to `root`.
 */
export function failures(vitestReports, playwrightReport, root) {
  const lines = [];
  for (const report of vitestReports) {
    for (const file of report?.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed)
        lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      if (file.status === 'failed' && failed.length === 0) lines.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        lines.push(`${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwrightReport?.suites ?? []) visit(suite);
  return lines;
}
