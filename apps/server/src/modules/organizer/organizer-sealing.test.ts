/**
 * The organizer's answers are sealed at rest (issue 37): the PAN, the amounts and every word the client wrote
 * appear in no table of the database, and in no byte of the embedded database's DATA_DIR.
 */
import { readdir, readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, prepareDatabase, SOURCE_MIGRATIONS_DIR, sql, type Database } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogIn, type TestApp } from '../../../test/helpers.ts';

const PAN = 'ZQXPK7391M';
const BANK = 'Kaveri Marker Cooperative';
const AMOUNT = '48213579';
const MARKERS = [PAN, BANK, AMOUNT];

const ANSWERS = {
  pan: PAN,
  has_accounts: true,
  accounts: [
    {
      row_id: 'r1',
      bank: BANK,
      country: 'IN',
      type: 'nro',
      joint: false,
      max_value: { amount: AMOUNT, currency: 'INR' },
      year_end_value: { amount: AMOUNT, currency: 'INR' },
    },
  ],
};

async function saveMarkers(t: TestApp) {
  const asha = await signUpAndLogIn(t, 'asha.sealed@example.com');
  const res = await t.postAs(asha.sid, '/api/account/organizer/save', { answers: ANSWERS });
  expect(res.statusCode, res.body).toBe(200);
  // The answers do come back to their client, so the markers are really stored.
  const back = await t.postAs(asha.sid, '/api/account/organizer/get', {});
  expect(back.json().organizer.answers.accounts[0].bank).toBe(BANK);
}

/** Every row of every table of the app, as text. */
async function everyRowAsText(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  let text = '';
  for (const { name } of tables.rows) {
    const rows = (await db.execute(
      sql`select coalesce(string_agg(t::text, ' '), '') as text from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { text: string }[] };
    text += rows.rows[0]?.text ?? '';
  }
  return text;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('organizer answers at rest', () => {
  it('no table holds the PAN, an amount or a bank name in the clear', async () => {
    const t = await createTestApp();
    try {
      await saveMarkers(t);
      const text = await everyRowAsText(t.database.db);
      expect(text).toContain('asha.sealed@example.com');
      for (const marker of MARKERS) expect(text, marker).not.toContain(marker);
    } finally {
      await t.close();
    }
  });

  it("no byte of the embedded database's DATA_DIR holds them either", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-organizer-sealed-'));
    try {
      const database = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      const t = await createTestApp({}, { database });
      await saveMarkers(t);
      await t.database.db.execute(sql`checkpoint`);
      await t.close();
      const files = await filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        const bytes = await readFile(file);
        for (const marker of MARKERS) {
          expect(bytes.includes(Buffer.from(marker)), `${marker} in ${path.relative(dataDir, file)}`).toBe(
            false,
          );
        }
      }
      // The e-mail address the client registered with is in the clear there: the scan reads what is stored.
      const all = Buffer.concat(await Promise.all(files.map((f) => readFile(f))));
      expect(all.includes(Buffer.from('asha.sealed@example.com'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
