/**
 * npm test ends by naming what failed (scripts/test-failures.mjs), read from the reports Vitest and Playwright
 * really write: each is run here on a planted failing test, a passing one, and (Vitest) a file that cannot load.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failures } from './test-failures.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
let dir: string;

/** Runs a tool of the project's node_modules in `dir`; its report is left at `report`. */
function run(args: string[], env: Record<string, string> = {}) {
  spawnSync(process.execPath, args, { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' });
}
const report = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;

beforeAll(() => {
  // Under the project's node_modules, so the planted files import vitest and @playwright/test as tests do.
  const cache = path.join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'test-failures-'));
  const files = {
    'vitest.config.mjs': 'export default { test: { include: ["*.test.mjs"] } };\n',
    'sums.test.mjs':
      'import { expect, test } from "vitest";\n' +
      'test("adds", () => { expect(1 + 1).toBe(3); });\n' +
      'test("compares", () => { expect(1).toBe(1); });\n',
    'broken.test.mjs':
      'import { test } from "vitest";\nthrow new Error("cannot load");\ntest("never", () => {});\n',
    'playwright.config.mjs': 'export default { testDir: ".", testMatch: "*.spec.mjs" };\n',
    'counts.spec.mjs':
      'import { expect, test } from "@playwright/test";\n' +
      'test("counts", () => { expect(1 + 1).toBe(3); });\n' +
      'test("holds", () => { expect(1).toBe(1); });\n',
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
  run(
    [
      path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'playwright.config.mjs',
      '--reporter=json',
    ],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'playwright.json'),
    },
  );
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('names each failed test and each file that failed to load, with the first line of its error', () => {
  const where = path.relative(ROOT, dir);
  const lines = failures([report('vitest.json'), undefined], report('playwright.json'), ROOT);
  expect(lines.sort()).toEqual(
    [
      `${where}/broken.test.mjs: cannot load`,
      `${where}/sums.test.mjs › adds: AssertionError: expected 2 to be 3 // Object.is equality`,
      'counts.spec.mjs:2 › counts (unexpected): Error: expect(received).toBe(expected) // Object.is equality',
    ].sort(),
  );
});

it('says nothing when nothing failed', () => {
  expect(failures([{ testResults: [] }], { suites: [] }, ROOT)).toEqual([]);
});
