/**
 * The architecture's rules are enforced by lint (docs/architecture.md). Each case plants one violation in a
 * throwaway folder inside the server and expects ESLint, with the project's own config, to refuse it; a
 * rule that silently stopped working (as import-x/no-cycle did while it parsed no TypeScript) fails here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE = path.join(ROOT, 'apps/server/src/modules', `lint-fixture-${process.pid}`);
const LIB_FIXTURE = path.join(ROOT, 'apps/server/src/lib', `lint-fixture-${process.pid}.ts`);

const files: Record<string, string> = {
  'cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b();\n",
  'cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;\n",
  'uses-staff.ts':
    "import { findActiveStaff } from '../staff/team.service.ts';\nexport const x = findActiveStaff;\n",
  'uses-routes.ts':
    "import { profileRoutes } from '../profile/profile.routes.ts';\nexport const x = profileRoutes;\n",
  'sql.routes.ts': "import { users } from '@taxfirm/db';\nexport const x = users;\n",
  'types.routes.ts': "import type { Database } from '@taxfirm/db';\nexport type X = Database;\n",
  'clean.ts': "import { audit } from '../../lib/audit.ts';\nexport const x = audit;\n",
  'writes-documents.ts':
    "import { documents, type Database } from '@taxfirm/db';\nexport const x = (db: Database) => db.insert(documents).values([]);\n",
  'uses-activity.ts':
    "import { recordActivity } from '../activity/activity.service.ts';\nexport const x = recordActivity;\n",
  'emits.ts': "import { emit } from '../activity/events.ts';\nexport const x = emit;\n",
};
/** A file inside the owner's module: the same write is allowed there. */
const OWNER_FIXTURE = path.join(ROOT, 'apps/server/src/modules/documents', `lint-fixture-${process.pid}.ts`);

const eslint = new ESLint({ cwd: ROOT });
const rulesIn = async (file: string) => {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((m) => m.ruleId);
};

beforeAll(() => {
  mkdirSync(FIXTURE, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(FIXTURE, name), text);
  writeFileSync(OWNER_FIXTURE, files['writes-documents.ts'] ?? '');
  writeFileSync(
    LIB_FIXTURE,
    "import { audit } from '../modules/filings/filings.service.ts';\nexport const x = audit;\n",
  );
});
afterAll(() => {
  rmSync(FIXTURE, { recursive: true, force: true });
  rmSync(LIB_FIXTURE, { force: true });
  rmSync(OWNER_FIXTURE, { force: true });
});

describe('lint refuses what the architecture forbids', () => {
  it('an import cycle', async () => {
    expect(await rulesIn(path.join(FIXTURE, 'cycle-a.ts'))).toContain('import-x/no-cycle');
    expect(await rulesIn(path.join(FIXTURE, 'cycle-b.ts'))).toContain('import-x/no-cycle');
  }, 60_000);

  it('a module importing modules/staff/', async () => {
    expect(await rulesIn(path.join(FIXTURE, 'uses-staff.ts'))).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it("a module importing another module's routes", async () => {
    expect(await rulesIn(path.join(FIXTURE, 'uses-routes.ts'))).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('lib/ importing a module', async () => {
    expect(await rulesIn(LIB_FIXTURE)).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('a routes file importing tables (values) from @taxfirm/db, but not types', async () => {
    expect(await rulesIn(path.join(FIXTURE, 'sql.routes.ts'))).toContain('no-restricted-imports');
    expect(await rulesIn(path.join(FIXTURE, 'types.routes.ts'))).toEqual([]);
  }, 60_000);

  it("a module writing another module's table, but not the owner writing it", async () => {
    expect(await rulesIn(path.join(FIXTURE, 'writes-documents.ts'))).toContain('taxfirm/table-owner');
    expect(await rulesIn(OWNER_FIXTURE)).toEqual([]);
  }, 60_000);

  it("a module importing activity's internals instead of emitting an event", async () => {
    expect(await rulesIn(path.join(FIXTURE, 'uses-activity.ts'))).toContain('import-x/no-restricted-paths');
    expect(await rulesIn(path.join(FIXTURE, 'emits.ts'))).toEqual([]);
  }, 60_000);

  it('and accepts a module that keeps the rules', async () => {
    expect(await rulesIn(path.join(FIXTURE, 'clean.ts'))).toEqual([]);
  }, 60_000);
});
