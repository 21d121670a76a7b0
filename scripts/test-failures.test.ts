/**
 * npm test ends by naming what failed (scripts/test-failures.mjs), read from the reports Vitest and Playwright
 * really write: each is run here on planted files (a failing test, a passing one, a file that cannot load, a
 * hook that throws, a describe block), Playwright once more on a spec that cannot load, which stops its run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failedLines, failures, unhandledLines } from './test-failures.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
let dir: string;
const outputs: string[] = [];
/** The exit status of the run that left an error outside its tests. */
let unhandledStatus: number | null = null;

/**
 * The environment of a nested run: this one's, without what tells Vitest or Playwright they are inside one, and
 * without the file npm test's own run records its errors outside tests in (scripts/test.mjs).
 */
const childEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST|PLAYWRIGHT_|PW_|NODE_OPTIONS$|TEST$|TEST_UNHANDLED_ERRORS_FILE$)/.test(name),
    ),
  );

/** Runs a tool of the project's node_modules in `dir` (its own report written as asked); its exit status. */
function run(args: string[], env: Record<string, string> = {}): number | null {
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    env: { ...childEnv(), ...env },
    encoding: 'utf8',
    timeout: 100_000,
  });
  outputs.push(`${args.slice(1).join(' ')}: status ${result.status}\n${result.stderr}`);
  return result.status;
}

/** A report the runs above wrote; if one is missing, what they printed says why. */
function report(name: string): unknown {
  const file = path.join(dir, name);
  if (!existsSync(file)) throw new Error(`no ${name}:\n${outputs.join('\n')}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

beforeAll(() => {
  // Under the project's node_modules, so the planted files import vitest and @playwright/test as tests do.
  const cache = path.join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'test-failures-'));
  const files = {
    'vitest.config.mjs': 'export default { test: { include: ["*.test.mjs"] } };\n',
    'sums.test.mjs':
      'import { afterAll, expect, test } from "vitest";\n' +
      'test("adds", () => { expect(1 + 1).toBe(3); });\n' +
      'test("compares", () => { expect(1).toBe(1); });\n' +
      'afterAll(() => { throw new Error("teardown broke"); });\n',
    'broken.test.mjs':
      'import { test } from "vitest";\nthrow new Error("cannot load");\ntest("never", () => {});\n',
    'playwright.config.mjs': 'export default { testDir: ".", testMatch: "counts.spec.mjs" };\n',
    'counts.spec.mjs':
      'import { expect, test } from "@playwright/test";\n' +
      'test.describe("sums", () => {\n' +
      '  test("counts", () => { expect(1 + 1).toBe(3); });\n' +
      '});\n' +
      'test("holds", () => { expect(1).toBe(1); });\n',
    'unloadable.config.mjs': 'export default { testDir: ".", testMatch: "unloadable.spec.mjs" };\n',
    'unloadable.spec.mjs': 'throw new Error("spec cannot load");\n',
    'unhandled.config.mjs': 'export default { test: { include: ["unhandled.check.mjs"] } };\n',
    // Both tests pass; the first leaves an error thrown while the second runs.
    'unhandled.check.mjs':
      'import { test } from "vitest";\n' +
      'test("leaves an error behind", () => { setTimeout(() => { throw new Error("thrown later"); }, 0); });\n' +
      'test("waits", () => new Promise((resolve) => setTimeout(resolve, 100)));\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  run([
    path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--root',
    '.',
    '--reporter=json',
    '--outputFile.json=vitest.json',
  ]);
  unhandledStatus = run(
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      '.',
      '--config',
      'unhandled.config.mjs',
      '--reporter=json',
      `--reporter=${path.join(ROOT, 'scripts/vitest-unhandled-errors.mjs')}`,
      '--outputFile.json=unhandled.json',
    ],
    { TEST_UNHANDLED_ERRORS_FILE: path.join(dir, 'unhandled.errors.json') },
  );
  const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
  for (const config of ['playwright', 'unloadable']) {
    run([playwright, 'test', '-c', `${config}.config.mjs`, '--reporter=json'], {
      PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(dir, `${config}.json`),
    });
  }
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('names each failed test, each file with an error of its own and each error of a run, with its first line', () => {
  const where = path.relative(ROOT, dir);
  const lines = failures([report('vitest.json'), undefined], report('playwright.json'), ROOT);
  expect(lines.sort()).toEqual(
    [
      `${where}/broken.test.mjs: cannot load`,
      `${where}/sums.test.mjs › adds: AssertionError: expected 2 to be 3 // Object.is equality`,
      `${where}/sums.test.mjs: teardown broke`,
      `${where}/counts.spec.mjs:3 › sums › counts (unexpected): Error: expect(received).toBe(expected) // Object.is equality`,
    ].sort(),
  );
  // The run stops at the spec that cannot load, and says too that it found no test.
  expect(failures([], report('unloadable.json'), ROOT)).toEqual([
    `Playwright: ${where}/unloadable.spec.mjs:1: Error: spec cannot load`,
    'Playwright: Error: No tests found',
  ]);
});

it('says nothing when nothing failed', () => {
  expect(failures([{ testResults: [] }], { suites: [], errors: [] }, ROOT)).toEqual([]);
});

it('names an error thrown outside any test, and says why a run failed when nothing can be named', () => {
  // Vitest failed the run for the error thrown after a test, and its JSON report names no failure.
  expect(unhandledStatus).toBe(1);
  const unhandled = report('unhandled.json');
  expect(failures([unhandled], undefined, ROOT)).toEqual([]);
  // The reporter recorded it, with the test that was running.
  const where = path.relative(ROOT, dir);
  const playwright = { file: path.join(dir, 'playwright.json'), report: { suites: [], errors: [] } };
  const recorded = report('unhandled.errors.json');
  // Where it was thrown: the planted file's timer, on its second line.
  expect(recorded).toMatchObject([{ at: { file: path.join(dir, 'unhandled.check.mjs'), line: 2 } }]);
  expect(
    failedLines({
      ok: false,
      vitest: [{ file: 'unhandled.json', report: unhandled, unhandled: recorded }],
      playwright,
      root: ROOT,
    }),
  ).toEqual([`${where}/unhandled.check.mjs: Uncaught Exception while "waits" ran: Error: thrown later`]);
  // Not recorded (a run that could not write it): the run's failure is still said.
  expect(
    failedLines({
      ok: false,
      vitest: [{ file: 'unhandled.json', report: unhandled }],
      playwright,
      root: ROOT,
    }),
  ).toEqual(['a run exited with an error outside any test (see "Unhandled Errors" above)']);
  expect(
    failedLines({
      ok: false,
      vitest: [
        { file: path.join(dir, 'vitest-node20.json'), report: unhandled },
        { file: path.join(dir, 'vitest-node24.json'), report: undefined },
      ],
      playwright: { file: path.join(dir, 'playwright.json'), report: undefined },
      root: ROOT,
    }),
  ).toEqual(['no report in vitest-node24.json, playwright.json (see the log above)']);
  // A run that passed gets none of these lines.
  expect(
    failedLines({
      ok: true,
      vitest: [{ file: 'u.json', report: unhandled, unhandled: recorded }],
      playwright,
      root: ROOT,
    }),
  ).toEqual([]);
  // An error with no test running is placed by its first frame outside Node.
  expect(
    unhandledLines(
      [
        {
          type: 'Unhandled Rejection',
          name: 'TypeError',
          message: 'x is not a function\nmore',
          at: { file: path.join(ROOT, 'scripts/a.mjs'), line: 3 },
        },
      ],
      ROOT,
    ),
  ).toEqual(['Vitest: Unhandled Rejection at scripts/a.mjs:3: TypeError: x is not a function']);
  // Thrown in a test file between its tests (or while it loads).
  expect(
    unhandledLines(
      [
        {
          type: 'Uncaught Exception',
          name: 'Error',
          message: 'late',
          testPath: path.join(ROOT, 'x.test.ts'),
        },
      ],
      ROOT,
    ),
  ).toEqual(['x.test.ts: Uncaught Exception (no test running): Error: late']);
  const named = failedLines({
    ok: false,
    vitest: [{ file: 'vitest.json', report: report('vitest.json') }],
    playwright,
    root: ROOT,
  });
  expect(named).toHaveLength(3);
  expect(named.every((line) => !line.includes('outside any test'))).toBe(true);
});
