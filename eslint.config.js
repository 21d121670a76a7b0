// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import importX from 'eslint-plugin-import-x';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tableOwnerRule } from './scripts/eslint/table-owners.js';

const WEB = 'apps/web/app';
const SERVER = 'apps/server/src';
const serverModules = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const features = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'e2e/test-results/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
      // Without these, import-x parses no .ts/.tsx file it follows, and no-cycle silently sees no cycle
      // (scripts/lint-rules.test.ts plants one to prove it is found).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Packages talk only through their names and their own package.json dependencies.
      'import-x/no-extraneous-dependencies': ['error', { includeInternal: true }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e}/**/': 'KEBAB_CASE' }],
      // Only the server's env.ts reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/server/src/env.ts.' },
      ],
    },
  },
  {
    // The places allowed to read process.env: the server's env.ts and test/CI harnesses.
    files: [
      'apps/server/src/env.ts',
      'packages/db/src/testing/**',
      'e2e/**',
      'vitest.config.ts',
      'scripts/**',
      'apps/server/bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/server/src/types/**'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // The contract is isomorphic: zod only, nothing of Node or the browser.
    files: ['packages/contract/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The contract is isomorphic.' }] },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features never import other features; routes compose them.
            ...features.map((f) => ({
              target: `./${WEB}/features/${f}`,
              from: `./${WEB}/features`,
              except: [`./${f}`],
            })),
            // Shared code does not reach up into features or routes.
            ...['components', 'lib', 'config'].map((dir) => ({
              target: `./${WEB}/${dir}`,
              from: [`./${WEB}/features`, `./${WEB}/routes`],
            })),
          ],
        },
      ],
    },
  },
  {
    // The server's floors (docs/architecture.md): lib/ knows no module; no module leans on modules/staff/
    // (the console's identity, team and queues) or on another module's routes.
    files: [`${SERVER}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `./${SERVER}/lib`,
              from: `./${SERVER}/modules`,
              message: 'lib/ is the ground floor: it imports no module.',
            },
            ...serverModules
              .filter((m) => m !== 'staff')
              .map((m) => ({
                target: `./${SERVER}/modules/${m}`,
                from: `./${SERVER}/modules/staff`,
                message:
                  'Only modules/staff/ and app.ts import modules/staff/: move what you need to lib/ or its own domain.',
              })),
            {
              target: `./${SERVER}/modules`,
              from: `./${SERVER}/modules/**/*.routes.ts`,
              message: 'Routes are leaves: import the service, not another routes file.',
            },
            // What a client did reaches the feed and the staff only through emit(tx, event): no module writes
            // the feed itself or imports activity's internals.
            ...serverModules
              .filter((m) => m !== 'activity')
              .map((m) => ({
                target: `./${SERVER}/modules/${m}`,
                from: `./${SERVER}/modules/activity`,
                except: ['./events.ts'],
                message: 'Tell the firm what happened with emit(tx, event) from modules/activity/events.ts.',
              })),
          ],
        },
      ],
    },
  },
  {
    // Owners write their own tables (scripts/eslint/table-owners.js); tests and the CLI set up data freely.
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: ['**/*.test.ts', '**/test/**', '**/testing/**'],
    plugins: { taxfirm: { rules: { 'table-owner': tableOwnerRule } } },
    rules: { 'taxfirm/table-owner': 'error' },
  },
  {
    // Handlers are thin: they call services, so they use the database package for types only.
    files: [`${SERVER}/modules/**/*.routes.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@taxfirm/db',
              allowTypeImports: true,
              message: "No SQL in route handlers: put the query in the module's service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.test.{ts,tsx}`],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['apps/server/src/**', 'packages/db/src/**', 'e2e/**'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db'] }],
    },
  },
  {
    files: ['e2e/specs/**'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/expect-expect': ['warn', { assertFunctionNames: ['checkA11y'] }],
    },
  },
  {
    // Tooling files at the roots use their workspace's or the root's dev dependencies.
    files: [
      '*.config.{js,ts}',
      '**/*.config.ts',
      'scripts/**',
      'apps/server/build.mjs',
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/test/**',
    ],
    rules: { 'import-x/no-extraneous-dependencies': 'off' },
  },
  prettier,
);
