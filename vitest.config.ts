import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];
/** Tests that need a Redis server (TEST_REDIS_URL); their own project, like PostgreSQL's. */
const redisTests = ['apps/server/src/**/*.redis.test.ts'];
/** Tests of what only a PostgreSQL server has (roles and grants): not in the PGlite project. */
const postgresOnlyTests = ['apps/server/src/**/*.postgres.test.ts'];
/** Server-side tests that open no database: they run once, in the PGlite project (in npm test and in CI). */
const databaseFreeTests = ['packages/db/src/schema-migrations.test.ts'];
const multiInstanceTest = 'apps/server/src/multi-instance.redis.test.ts';
/**
 * The server tests whose subject is the engine itself: migrations and the schema's triggers, the data directory
 * and its lock, backups and restores, the audit chain, query plans, key rotation and the command-line tools, the
 * demo seed and the app's start. With TEST_PGLITE_SCOPE=engine (CI, which runs the whole server suite on
 * PostgreSQL) the PGlite project runs only these, so the rest of the suite runs once, on the production engine.
 * A developer's `npm test` (no TEST_PGLITE_SCOPE) runs the whole suite on PGlite, the engine `npm start` uses.
 */
const engineTests = [
  'packages/db/src/**/*.test.ts',
  'apps/server/src/*.test.ts',
  'apps/server/src/cli/**/*.test.ts',
  'apps/server/src/modules/backup/**/*.test.ts',
  'apps/server/src/modules/audit/**/*.test.ts',
  'apps/server/src/modules/keys/**/*.test.ts',
  'apps/server/src/modules/demo/**/*.test.ts',
  'apps/server/src/modules/deliverables/next-due.test.ts',
  'apps/server/src/modules/staff/query-plans.test.ts',
  'apps/server/src/modules/signatures/signed-document.test.ts',
];
/**
 * The web suite runs as two projects. Creating jsdom and importing React, Mantine and the app for every file was
 * 60% of the suite's time (Vitest's own breakdown: import 431 s and environment 417 s against tests 428 s), so the
 * files that change nothing outside themselves share one environment and one module graph per worker
 * (`web-shared`, isolate: false; setupFiles still run per file). A file that replaces a module, a global, the
 * environment or the clock (vi.mock and its kin below) keeps a fresh worker of its own (`web`): with a shared
 * module graph a module imported unmocked by an earlier file stays unmocked, and a mock can leak into a later
 * one. The split is read from each file's text, so a new test lands on the right side by itself.
 */
const WEB_ROOT = 'apps/web/app';
const REPLACES_SOMETHING =
  /\bvi\.(mock|doMock|unmock|hoisted|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\(/;
const webTests = readdirSync(new URL(WEB_ROOT, import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `${WEB_ROOT}/${file.replaceAll('\\', '/')}`);
const isolatedWebTests = webTests.filter((file) =>
  REPLACES_SOMETHING.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
);
const sharedWebTests = webTests.filter((file) => !isolatedWebTests.includes(file));

const webProject = (name: string, include: string[], isolate: boolean): TestProjectInlineConfiguration => ({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name,
    include,
    environment: 'jsdom',
    setupFiles: ['apps/web/app/testing/setup.ts'],
    // A test that types and clicks through a form in jsdom takes 2-4 s while CI's two Vitest runs share two cores
    // (Vitest's default is 5 s); the waits inside a test are set in setup.ts.
    testTimeout: 20_000,
    ...(isolate ? {} : { pool: 'threads', isolate: false }),
  },
});

// The server's PostgreSQL project shares one module graph per worker (serverProject below), which holds only while
// no server test replaces a module, a global or the clock: one that does is refused here, with the way out.
const serverTestReplacing = ['apps/server/src', 'packages/db/src']
  .flatMap((root) =>
    readdirSync(new URL(root, import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.ts$/.test(file))
      .map((file) => `${root}/${file.replaceAll('\\', '/')}`),
  )
  .filter((file) => REPLACES_SOMETHING.test(readFileSync(new URL(file, import.meta.url), 'utf8')));
if (serverTestReplacing.length > 0) {
  throw new Error(
    `${serverTestReplacing.join(', ')}: a server test replaces a module, a global or the clock (vi.mock and its kin), ` +
      'which leaks into the files after it in server-postgres (isolate: false): give it a project of its own, as the web suite does',
  );
}

const pgliteScope = process.env['TEST_PGLITE_SCOPE'] ?? 'all';
if (!['all', 'engine'].includes(pgliteScope)) {
  throw new Error(`TEST_PGLITE_SCOPE is "${pgliteScope}": use "all" (the default) or "engine"`);
}
if (pgliteScope === 'engine' && !process.env['TEST_DATABASE_URL']) {
  throw new Error('TEST_PGLITE_SCOPE=engine runs the server suite on PostgreSQL only: set TEST_DATABASE_URL');
}

const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${engine}`,
    include: engine === 'pglite' && pgliteScope === 'engine' ? engineTests : serverTests,
    exclude:
      engine === 'pglite' ? [...redisTests, ...postgresOnlyTests] : [...redisTests, ...databaseFreeTests],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['packages/db/src/testing/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On PostgreSQL the files share one module graph per worker: importing the app (Fastify, drizzle, the
    // modules) for each of the 118 files was 259-284 s of CI's Node 24 run, and 6 s shared. No server test
    // replaces a module, a global or the clock, each file makes its own database from the template (global-setup)
    // and its own app, and test/seeded-firm-kit.ts rebinds its fixtures in each file's beforeAll. The PGlite
    // project stays isolated: its engine tests start the app as a process would (the data directory's lock, the
    // command-line tools, the demo seed), and each file's in-process database is freed with its worker.
    ...(engine === 'postgres' ? { isolate: false } : {}),
  },
});

/**
 * Projects that another Vitest run covers (scripts/test.mjs runs them on another Node when TEST_OTHER_NODE is
 * set) are left out of this one, so each test runs once. (Vitest's `--project=!a --project=!b` would keep both:
 * a project passes when it matches either filter.)
 */
const leftOut = new Set((process.env['TEST_LEAVE_OUT_PROJECTS'] ?? '').split(',').filter(Boolean));
const isKept = (project: unknown) =>
  typeof project !== 'object' ||
  project === null ||
  !('test' in project) ||
  !leftOut.has(String((project.test as { name?: string } | undefined)?.name));

const config = defineConfig({
  test: {
    projects: [
      {
        test: {
          // The architecture's lint rules, each proven by a planted violation (scripts/lint-rules.test.ts).
          name: 'lint-rules',
          include: ['scripts/lint-rules.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // The tooling: npm test's own summary (what failed, named at the end: scripts/test-failures.mjs) and
          // the API bench's CPU accounting (apps/server/bench/cpu.ts).
          name: 'scripts',
          include: ['scripts/test-failures.test.ts', 'apps/server/bench/cpu.test.ts'],
          environment: 'node',
          // Each spawns Node processes; a loaded CI machine (two Vitest runs on two cores) slows them.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      webProject('web', isolatedWebTests, true),
      webProject('web-shared', sharedWebTests, false),
      serverProject('pglite'),
      // The same integration suite on a real PostgreSQL server whenever one is configured (CI always is).
      ...(process.env['TEST_DATABASE_URL'] ? [serverProject('postgres')] : []),
      // Rate limits shared through Redis, whenever a Redis server is configured (CI always is).
      ...(process.env['TEST_REDIS_URL']
        ? [
            {
              test: {
                name: 'server-redis',
                include: redisTests,
                // Two instances on one PostgreSQL (multi-instance.redis.test.ts) also need TEST_DATABASE_URL.
                exclude: process.env['TEST_DATABASE_URL'] ? [] : [multiInstanceTest],
                provide: {
                  redisUrl: process.env['TEST_REDIS_URL'],
                  postgresUrl: process.env['TEST_DATABASE_URL'] ?? '',
                },
                environment: 'node',
                env: { TEST_DB_ENGINE: 'pglite' },
                globalSetup: ['packages/db/src/testing/global-setup.ts'],
                setupFiles: ['apps/server/test/setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
if (config.test?.projects) config.test.projects = config.test.projects.filter(isKept);

export default config;
