import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];
/** Tests that need a Redis server (TEST_REDIS_URL); their own project, like PostgreSQL's. */
const redisTests = ['apps/server/src/**/*.redis.test.ts'];
/** Tests of what only a PostgreSQL server has (roles and grants): not in the PGlite project. */
const postgresOnlyTests = ['apps/server/src/**/*.postgres.test.ts'];
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
  'apps/server/src/modules/staff/query-plans.test.ts',
  'apps/server/src/modules/signatures/signed-document.test.ts',
];
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
    exclude: engine === 'pglite' ? [...redisTests, ...postgresOnlyTests] : redisTests,
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['packages/db/src/testing/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/app/testing/setup.ts'],
        },
      },
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
