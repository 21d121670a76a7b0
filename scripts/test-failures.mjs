// What failed in a test run, one line each, for the end of npm test's output (scripts/test.mjs): CI's log is
// read from its end, where the counts are, and a failure printed thousands of lines above them was named
// nowhere near them.
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of an error message, without colours, short enough for one line of a log. */
function firstLine(message, otherwise) {
  const line = stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
  return line || otherwise;
}

const SEE_LOG = 'no message (see the log above)';

/**
 * One line per failed Vitest test (its file, its full name, its error's first line) and per Vitest file with an
 * error of its own (while it loads, or in a hook); per Playwright test that failed or passed only on a retry
 * (its file, its describe blocks and title), and per error of the Playwright run itself (a spec that cannot
 * load, the global set-up). `vitestReports` are Vitest's JSON reports (any may be missing), `playwrightReport`
 * Playwright's; files are shown relative to `root`.
 */
export function failures(vitestReports, playwrightReport, root) {
  const lines = [];
  for (const report of vitestReports) {
    for (const file of report?.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) {
        lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0], SEE_LOG)}`);
      }
      if (file.message || (file.status === 'failed' && failed.length === 0)) {
        lines.push(`${where}: ${firstLine(file.message, 'failed outside its tests (see the log above)')}`);
      }
    }
  }
  if (!playwrightReport) return lines;
  const specRoot = playwrightReport.config?.rootDir ?? root;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        const file = path.relative(root, path.resolve(specRoot, spec.file));
        const name = [...titles, spec.title].join(' › ');
        lines.push(`${file}:${spec.line} › ${name} (${test.status}): ${firstLine(error, SEE_LOG)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // A top-level suite is a file: its title is the file's name, which the line already gives.
  for (const suite of playwrightReport.suites ?? []) visit(suite, []);
  for (const error of playwrightReport.errors ?? []) {
    // Where: its location when Playwright gives one, else the first frame of its stack (a spec that cannot load).
    const frame = /\bat (?:[^\n(]*\()?(\/[^\s():]+):(\d+):\d+/.exec(error.stack ?? '');
    const file = error.location?.file ?? frame?.[1];
    const at = file ? `${path.relative(root, file)}:${error.location?.line ?? frame?.[2]}: ` : '';
    lines.push(`Playwright: ${at}${firstLine(error.message, SEE_LOG)}`);
  }
  return lines;
}

/**
 * One line per error Vitest caught outside any test (`unhandled`, as scripts/vitest-unhandled-errors.mjs wrote
 * them): the test file and test that were running when there is one, the kind of error and its first line.
 */
export function unhandledLines(unhandled, root) {
  return unhandled.map((error) => {
    const running = error.testName ? `while "${error.testName}" ran` : '(no test running)';
    const where = error.testPath
      ? `${path.relative(root, error.testPath)}: ${error.type ?? 'error'} ${running}`
      : `Vitest: ${error.type ?? 'error'}${error.at ? ` at ${path.relative(root, error.at.file)}:${error.at.line}` : ''}`;
    return `${where}: ${firstLine(`${error.name ?? 'Error'}: ${error.message ?? ''}`, SEE_LOG)}`;
  });
}

/**
 * What npm test ends with when something failed: `failures` above and each Vitest run's errors outside any test
 * (`unhandledLines`), or, when a run failed (`ok` false) with nothing to name, why: the reports that were not
 * written (a run that crashed or was killed), else an error outside any test that was not recorded either.
 * `vitest` and `playwright`: each run's report file and what was read from it (undefined when it was not
 * written); a Vitest run's `unhandled`, its recorded errors outside any test. Never throws: naming what failed
 * must not cost the counts.
 */
export function failedLines({ ok, vitest, playwright, root }) {
  try {
    const lines = [
      ...failures(
        vitest.map((run) => run.report),
        playwright.report,
        root,
      ),
      // Recorded errors outside any test fail the run (unless Vitest is told to ignore them, which we never do).
      ...(ok ? [] : vitest.flatMap((run) => unhandledLines(run.unhandled ?? [], root))),
    ];
    if (ok || lines.length > 0) return lines;
    const unwritten = [...vitest, playwright]
      .filter((run) => !run.report)
      .map((run) => path.basename(run.file));
    return [
      unwritten.length > 0
        ? `no report in ${unwritten.join(', ')} (see the log above)`
        : 'a run exited with an error outside any test (see "Unhandled Errors" above)',
    ];
  } catch (error) {
    return [`(the reports could not be read for what failed: ${error})`];
  }
}
