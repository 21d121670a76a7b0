/**
 * npm test ends by naming what failed (scripts/test-failures.mjs), read from the reports Vitest and Playwright
 * really write: each is run here on planted files (a failing test, a passing one, a file that cannot load, a
 * hook that throws, a describe block), Playwright once more on a spec that cannot load, which stops its run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failures } from './test-failures.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
let dir: string;
const outputs: string[] = [];

/** The environment of a nested run: this one's, without what tells Vitest or Playwright they are inside one. */
const childEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST|PLAYWRIGHT_|PW_|NODE_OPTIONS$|TEST$)/.test(name),
    ),
  );

/** Runs a tool of the project's node_modules in `dir` (its own report written as asked). */
function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    env: { ...childEnv(), ...env },
    encoding: 'utf8',
    timeout: 100_000,
  });
  outputs.push(`${args.slice(1).join(' ')}: status ${result.status}\n${result.stderr}`);
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
