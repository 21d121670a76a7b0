/**
 * The seeded firm of one test file (`seedFirm`: an admin, two analysts, Asha and Ravi) on its own test app, as
 * bindings that kits re-export and tests import as plain names. Each file fills them anew in its own `beforeAll`
 * (on PostgreSQL the files of a worker share this module: `isolate: false`), so each file has its own firm. The
 * objects are filled in by `openSeededFirm` (in `beforeAll` through
 * `useSeededFirm`, or a kit's own set-up): read them inside hooks and tests only.
 */
import { and, eq, filings } from '@taxfirm/db';
import type { AppConfig } from '../src/app.ts';
import { afterAll, beforeAll } from 'vitest';
import { seedFirm } from './factories.ts';
import { createTestApp, type ClientSession, type StaffSession, type TestApp } from './helpers.ts';

export const t = {} as TestApp;
export let taxYear: number;
export const admin = {} as StaffSession;
export const analyst = {} as StaffSession;
export const otherAnalyst = {} as StaffSession;
/** Asha Rao, a client (asha.<tag>@example.com); her file is the analyst's when a status is given. */
export const asha = {} as ClientSession;
/** Ravi Kumar, another client; his file is the other analyst's when a status is given. */
export const ravi = {} as ClientSession;

/** Makes the app (with `overrides`) and seeds the firm into the bindings above; answers them. */
export async function openSeededFirm(
  options: Parameters<typeof seedFirm>[1],
  overrides: Partial<AppConfig> = {},
) {
  Object.assign(t, await createTestApp(overrides));
  const firm = await seedFirm(t, options);
  taxYear = firm.taxYear;
  Object.assign(admin, firm.admin);
  Object.assign(analyst, firm.analyst);
  Object.assign(otherAnalyst, firm.otherAnalyst);
  Object.assign(asha, firm.asha);
  Object.assign(ravi, firm.ravi);
  return { t, taxYear, admin, analyst, otherAnalyst, asha, ravi };
}

/** The seeded firm for the calling test file: made before its tests, the app closed after them. */
export function useSeededFirm(options: Parameters<typeof seedFirm>[1], overrides: Partial<AppConfig> = {}) {
  beforeAll(async () => {
    await openSeededFirm(options, overrides);
  });
  afterAll(async () => {
    await t.close();
  });
}

/** A client's filing of the seeded tax year (a test fails when there is none). */
export async function filingOf(client: ClientSession) {
  const [row] = await t.database.db
    .select()
    .from(filings)
    .where(and(eq(filings.clientId, client.clientId), eq(filings.taxYear, taxYear)));
  if (!row) throw new Error('no filing');
  return row;
}
