import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];
/** Tests that need a Redis server (TEST_REDIS_URL); their own project, like PostgreSQL's. */
const redisTests = ['apps/server/src/**/*.redis.test.ts'];
const multiInstanceTest = 'apps/server/src/multi-instance.redis.test.ts';
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${engine}`,
    include: serverTests,
    exclude: redisTests,
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
