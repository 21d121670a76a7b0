// npm test: every suite. Vitest (contract, web, server on PGlite, on PostgreSQL when TEST_DATABASE_URL is set,
// and the Redis rate-limit test when TEST_REDIS_URL is set), then the Playwright browser suite against the built
// app. Ends with one line counting all tests.
//
// CI sets TEST_PGLITE_SCOPE=engine: the PGlite project runs only the engine tests (vitest.config.ts).
//
// Another Node for some projects (CI): TEST_OTHER_NODE names a node binary and TEST_OTHER_NODE_PROJECTS a
// comma-separated list of Vitest projects that run on it INSTEAD of on the current Node, so each test still runs
// once. The two Vitest runs go side by side (each runs one file at a time on 2 cores, and the PostgreSQL
// projects wait on the database server much of the time), their lines prefixed with the Node version, and
// Playwright runs after both, with two workers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfNeeded, ROOT } from './build-if-needed.mjs';
import { failedLines } from './test-failures.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'taxfirm-test-'));
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/** Runs a command; with a prefix, its output comes line by line under that prefix. Resolves to the status. */
function run(command, args, { env = {}, prefix } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  // Every line printed before the status is handed on (readline may still hold the last ones at 'close').
  const printed = !prefix
    ? []
    : [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ].map(([stream, out]) => {
        const lines = createInterface({ input: stream });
        lines.on('line', (line) => out.write(`${prefix} ${line}\n`));
        return new Promise((resolve) => lines.once('close', resolve));
      });
  const status = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
  return Promise.all([status, ...printed]).then(([code]) => code);
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // cut short (a run killed while it wrote): as good as not written
  }
}

/** Where a Vitest run's errors outside any test are written (scripts/vitest-unhandled-errors.mjs). */
const unhandledFile = (report) => report.replace(/\.json$/, '.unhandled.json');

/** One Vitest run on the given node binary, its JSON report in `report`. */
function vitest({ node, projects = [], leaveOut = [], report, prefix }) {
  const args = [
    VITEST,
    'run',
    ...projects.map((name) => `--project=${name}`),
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(ROOT, 'scripts/vitest-unhandled-errors.mjs')}`,
    `--outputFile.json=${report}`,
  ];
  // The other node's folder first on PATH, so what the tests spawn (`node …`) runs on it too.
  const env = {
    ...(node === process.execPath
      ? {}
      : { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` }),
    ...(leaveOut.length > 0 ? { TEST_LEAVE_OUT_PROJECTS: leaveOut.join(',') } : {}),
    TEST_UNHANDLED_ERRORS_FILE: unhandledFile(report),
  };
  return run(node, args, { env, prefix });
}

const otherNode = process.env.TEST_OTHER_NODE;
const otherProjects = (process.env.TEST_OTHER_NODE_PROJECTS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

const runs = [];
if (otherNode && otherProjects.length > 0) {
  if (!existsSync(otherNode)) {
    process.stderr.write(`TEST_OTHER_NODE=${otherNode} does not exist\n`);
    process.exit(1);
  }
  runs.push({
    node: process.execPath,
    leaveOut: otherProjects,
    report: path.join(reports, 'vitest-current.json'),
    prefix: `[node ${process.version}]`,
  });
  runs.push({
    node: otherNode,
    projects: otherProjects,
    report: path.join(reports, 'vitest-other.json'),
    prefix: `[node ${spawnSync(otherNode, ['--version'], { encoding: 'utf8' }).stdout.trim()}]`,
  });
} else {
  runs.push({ node: process.execPath, report: path.join(reports, 'vitest.json') });
}

// Whether the build is stale is decided before Vitest runs: scripts/lint-rules.test.ts plants (and removes) files
// in apps/server/src, which makes its folders newer than the build, so asked afterwards this rebuilt the app
// every time, CI's fresh build included.
buildIfNeeded();
const unitRuns = runs.map(vitest);

/** The Playwright run, its JSON report in `report`; `workers` test files at a time, each with its own app. */
function playwrightRun({ report, workers }) {
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'];
  if (workers) args.push(`--workers=${workers}`);
  return run('npx', args, { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
}

// With two Vitest runs, the browser suite runs once both have ended, two spec files at a time (two workers,
// each with its own app, database and mailbox on free ports): at most two suites run at once, and the files are
// dealt to whichever worker is free, so neither core waits on the other's share. (Two shards, one starting as
// each Vitest run ended, split the files by count: the portal's long journeys all fell in the first, which ran
// 19 minutes while the second ran 12.)
const e2eReport = path.join(reports, 'playwright.json');
const e2eStatus =
  unitRuns.length > 1
    ? await Promise.all(unitRuns).then(() => playwrightRun({ report: e2eReport, workers: 2 }))
    : await playwrightRun({ report: e2eReport });
const unitStatuses = await Promise.all(unitRuns);

const vitestReports = runs.map((r) => readJson(r.report));
const playwrightReport = readJson(e2eReport);
const sum = (key) => vitestReports.reduce((total, report) => total + (report?.[key] ?? 0), 0);
const e2e = (key) => playwrightReport?.stats?.[key] ?? 0;
const passed = sum('numPassedTests') + e2e('expected');
const failed = sum('numFailedTests') + e2e('unexpected') + e2e('flaky');
const skipped = sum('numPendingTests') + sum('numTodoTests') + e2e('skipped');
const ok =
  unitStatuses.every((status) => status === 0) &&
  e2eStatus === 0 &&
  vitestReports.every(Boolean) &&
  Boolean(playwrightReport);
// What failed, named above the counts (CI's log is read from its end).
const named = failedLines({
  ok,
  vitest: runs.map((r, i) => ({
    file: r.report,
    report: vitestReports[i],
    unhandled: readJson(unhandledFile(r.report)),
  })),
  playwright: { file: e2eReport, report: playwrightReport },
  root: ROOT,
});
rmSync(reports, { recursive: true, force: true });
if (named.length > 0) process.stdout.write(`\nFailed:\n${named.map((line) => `  ${line}\n`).join('')}`);
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(ok ? 0 : 1);
