/**
 * Security review 2 on the signed file: S2-01 (the order of the checks, and no file work in the recording
 * transaction) and S2-07 (the stored bytes hashed and checked; the signed-once trigger). Both engines; the
 * app role on PostgreSQL. The people and calls are in test/review-kit.ts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  createDatabase,
  desc,
  eq,
  prepareDatabase,
  signatureDocuments,
  sql,
  SOURCE_MIGRATIONS_DIR,
  type Database,
} from '@taxfirm/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, TEST_ENCRYPTION_KEY, type TestApp } from '../../../test/helpers.ts';
import { makeTestPngDataUrl } from '../../../test/pdf-text.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { closeSandbox, configureSandbox } from '../../lib/files/sandbox.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { readStored } from './signature-files.ts';
import { verifySignedDocuments } from './signed-files.ts';
import {
  clientCall,
  clientCode,
  clientOpen,
  createOk,
  orphans,
  people,
  PNG_BOMB_LIKE,
  SIGNATURE_KEY_PREFIX,
  signBody,
  signedDocument,
  spouseCall,
  spouseCode,
  spouseToken,
  staffDoc,
  startSigningApp,
  stopSigningApp,
  typed,
  withSpouse,
  wrongOf,
} from './testing/review-kit.ts';
import { expectError, sha } from './testing/signing-kit.ts';
import { signDocument } from './signing.service.ts';

const provided = inject('testDatabase');

let t: TestApp;
beforeAll(async () => {
  t = await startSigningApp();
});
afterAll(async () => {
  await stopSigningApp(t);
});

describe('S2-01: the code before the drawing; no file work in the recording transaction', () => {
  it('answers 503 when the sandbox cannot make the signed file: nothing is signed and the code still works', async () => {
    const p = await people(t);
    const id = await createOk(t, p, { kind: 'other', title: 'Sandbox over time', signers: 'taxpayer' });
    await clientOpen(t, p, id);
    const code = await clientCode(t, p, id);
    // A pool whose jobs are killed a millisecond after their child is ready: the signed PDF is never made.
    configureSandbox({ timeoutMs: 1 });
    await closeSandbox();
    try {
      expectError(await clientCall(t, p, 'sign', signBody(id, code)), 503, MESSAGES.SIGNATURE_FILE_NOT_MADE);
    } finally {
      configureSandbox({});
      await closeSandbox();
    }
    expect((await staffDoc(t, p, id))?.status).toBe('pending');
    expect(await orphans(t)).toEqual([]);
    // The same code signs once the sandbox can work again.
    expect((await clientCall(t, p, 'sign', signBody(id, code))).statusCode).toBe(200);
    expect((await staffDoc(t, p, id))?.status).toBe('signed');
  });

  it('answers a wrong code before looking at the drawing, and a refused drawing does not use the code up', async () => {
    const p = await people(t);
    const id = await createOk(t, p, { kind: 'other', title: 'Order of checks', signers: 'taxpayer' });
    await clientOpen(t, p, id);
    const code = await clientCode(t, p, id);
    const bad = { kind: 'drawn', png: PNG_BOMB_LIKE };
    // A bad drawing with a wrong code: the code's answer (the drawing is never decoded).
    expectError(
      await clientCall(t, p, 'sign', signBody(id, wrongOf(code), bad)),
      422,
      MESSAGES.SIGNATURE_CODE_INVALID,
    );
    // The document is checked first too: another client's (or no) document is 404 whatever the drawing.
    expectError(
      await clientCall(t, p, 'sign', signBody('00000000-0000-4000-8000-000000000000', code, bad)),
      404,
      MESSAGES.SIGNATURE_NOT_FOUND,
    );
    // With the right code: the drawing's answer, and the code still works afterwards.
    expectError(
      await clientCall(t, p, 'sign', signBody(id, code, bad)),
      422,
      MESSAGES.SIGNATURE_DRAWING_REQUIRED,
    );
    const signed = await clientCall(
      t,
      p,
      'sign',
      signBody(id, code, { kind: 'drawn', png: makeTestPngDataUrl() }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().complete).toBe(true);
  });

  it('stores the signed file before, and outside, the transaction that records it (audit rows last)', async () => {
    const p = await people(t);
    const id = await createOk(t, p, { kind: 'other', title: 'Stored first', signers: 'taxpayer' });
    await clientOpen(t, p, id);
    const code = await clientCode(t, p, id);
    // An instrumented database and storage: each put notes how many transactions are open at that moment.
    let open = 0;
    const db = new Proxy(t.database.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return async (fn: (tx: unknown) => Promise<unknown>) => {
            open += 1;
            try {
              return await (target.transaction as (f: typeof fn) => Promise<unknown>)(fn);
            } finally {
              open -= 1;
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Database;
    const puts: { key: string; openTransactions: number }[] = [];
    const storage = new Proxy(t.storage, {
      get(target, prop) {
        if (prop === 'put') {
          return (key: string, body: Readable) => {
            puts.push({ key, openTransactions: open });
            return target.put(key, body);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as ObjectStorage;
    const result = await signDocument({
      db,
      storage,
      keyPrefix: SIGNATURE_KEY_PREFIX,
      firm: { name: 'Test Firm', address: '', logoUrl: '', email: '' },
      who: {
        kind: 'client',
        actor: {
          kind: 'client',
          userId: p.client.userId,
          clientId: p.client.clientId,
          member: null,
          email: p.client.email,
          ip: '127.0.0.1',
          userAgent: 'test',
        },
      },
      documentId: id,
      code,
      signature: { kind: 'typed', text: 'Asha Rao' },
    });
    expect(result.complete).toBe(true);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.openTransactions).toBe(0);
    const [doc] = await t.database.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id));
    expect(doc?.signedStorageKey).toBe(puts[0]?.key);
    // The recording transaction's last rows are its audit rows: sign, then complete, the newest written.
    const last = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(2);
    expect(last.map((row) => row.action)).toEqual(['signature.complete', 'client.signature.sign']);
  });

  it('makes one signed file when the last signature is sent twice at once (the other file removed)', async () => {
    const p = await people(t);
    const id = await createOk(t, p, withSpouse(p, 'Twice at once'));
    await clientOpen(t, p, id);
    const code = await clientCode(t, p, id);
    expect((await clientCall(t, p, 'sign', signBody(id, code))).statusCode).toBe(200);
    const token = await spouseToken(t, p);
    const spouseCodeNow = await spouseCode(t, p, token);
    const opened = await spouseCall(t, 'open', { token, part: 'document', code: spouseCodeNow });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: opened.json().url })).statusCode).toBe(200);
    const body = { token, code: spouseCodeNow, signature: typed('Vikram Rao'), agree: true };
    const answers = await Promise.all([spouseCall(t, 'sign', body), spouseCall(t, 'sign', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [doc] = await t.database.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id));
    expect(doc?.status).toBe('signed');
    expect(await orphans(t)).toEqual([]);
    const completes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signature.complete'), eq(auditLog.clientId, p.client.clientId)));
    expect(completes).toHaveLength(1);
  });
});

describe('S2-07: the signed file checks itself', () => {
  it('records the hash of the stored bytes, and refuses a download whose bytes changed (logged)', async () => {
    const p = await people(t);
    const id = await signedDocument(t, p);
    const [doc] = await t.database.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id));
    const key = doc?.signedStorageKey ?? '';
    const stored = await readStored(t.storage, key);
    expect(doc?.signedSha256).toBe(sha(stored));
    expect(doc?.signedSize).toBe(stored.length);
    const before = await verifySignedDocuments({ db: t.database.db, storage: t.storage });
    expect(before.mismatched).toEqual([]);
    expect(before.missing).toEqual([]);
    expect(before.checked).toBeGreaterThanOrEqual(1);

    const url = (await staffDoc(t, p, id))?.signed_url ?? '';
    expect((await t.getAs(p.analyst.sid, url)).rawPayload.equals(stored)).toBe(true);
    // Someone with the storage key swaps the bytes: the download is refused and the mismatch logged.
    await t.storage.put(key, Readable.from([Buffer.concat([stored, Buffer.from('\n% tampered')])]));
    const refused = await t.getAs(p.analyst.sid, url);
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('%PDF');
    expect(t.logs()).toContain(`signed file of document ${id}: sha256`);
    const after = await verifySignedDocuments({ db: t.database.db, storage: t.storage });
    expect(after.mismatched.map((m) => m.documentId)).toEqual([id]);

    await t.storage.delete(key);
    const gone = await verifySignedDocuments({ db: t.database.db, storage: t.storage });
    expect(gone.missing.map((m) => m.documentId)).toEqual([id]);
    // Put the right bytes back for the tests after this one.
    await t.storage.put(key, Readable.from([stored]));
  });

  it('refuses changing a signed document’s status, a signed signer row, and deleting either', async () => {
    const p = await people(t);
    const id = await signedDocument(t, p);
    await expectSignedOnce(t.database.db, id);
  });
});

/** The signed-once trigger, as whatever role `db` connects as. */
async function expectSignedOnce(db: Database, id: string) {
  const refused = [
    sql`update signature_documents set status = 'void' where id = ${id}`,
    sql`update signature_documents set status = 'pending' where id = ${id}`,
    // What the evidence page printed: the title, the kind and the file it was made from.
    sql`update signature_documents set title = 'Something else' where id = ${id}`,
    sql`update signature_documents set original_name = 'other.pdf', size = 1 where id = ${id}`,
    sql`delete from signature_documents where id = ${id}`,
    sql`update signature_signers set ip = '192.0.2.1' where document_id = ${id}`,
    sql`update signature_signers set signed_at = now() - interval '1 day' where document_id = ${id}`,
    sql`update signature_signers set verification = 'KBA: passed' where document_id = ${id}`,
    sql`update signature_signers set signature_text = 'Someone Else' where document_id = ${id}`,
    sql`delete from signature_signers where document_id = ${id}`,
  ];
  for (const statement of refused) {
    await expect(db.execute(statement)).rejects.toThrow();
  }
  // What stays allowed: revoking a link, and the staff-side bookkeeping columns.
  await db.execute(sql`update signature_signers set link_token_hash = null where document_id = ${id}`);
  await db.execute(sql`update signature_documents set reminders_sent = reminders_sent where id = ${id}`);
  const [doc] = await db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id));
  expect(doc?.status).toBe('signed');
}

// Roles exist on a PostgreSQL server only (see audit-chain.test.ts): the app's own role is refused too.
if (provided.engine === 'postgres') {
  describe('the signed-once trigger against the app role (PostgreSQL)', () => {
    const adminUrl = provided.adminUrl;
    const suffix = randomBytes(4).toString('hex');
    const ownerRole = `taxfirm_owner_s_${suffix}`;
    const appRole = `taxfirm_app_s_${suffix}`;
    const dbName = `taxfirm_sign_${suffix}`;
    const password = randomBytes(12).toString('hex');
    const withUrl = (user: string | null) => {
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      if (user) {
        u.username = user;
        u.password = password;
      }
      return u.toString();
    };
    const admin = new pg.Client({ connectionString: adminUrl });
    let roleApp: TestApp;
    let asApp: pg.Client;

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create role ${ownerRole} login password '${password}'`);
      await admin.query(`create role ${appRole} login password '${password}'`);
      await admin.query(`create database ${dbName} owner ${ownerRole}`);
      const database = await createDatabase({
        engine: 'postgres',
        url: withUrl(appRole),
        migrationUrl: withUrl(ownerRole),
      });
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      roleApp = await createTestApp({}, { database });
      asApp = new pg.Client({ connectionString: withUrl(appRole) });
      await asApp.connect();
    });
    afterAll(async () => {
      await asApp.end();
      await roleApp.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`drop role if exists ${appRole}`);
      await admin.query(`drop role if exists ${ownerRole}`);
      await admin.end();
    });

    it('the app, as its own role, signs; then it cannot change or delete the evidence, nor drop the trigger', async () => {
      const p = await people(roleApp);
      const id = await signedDocument(roleApp, p);
      await expectSignedOnce(roleApp.database.db, id);
      for (const statement of [
        `update signature_documents set status = 'void' where id = '${id}'`,
        `delete from signature_signers where document_id = '${id}'`,
        `alter table signature_documents disable trigger signature_documents_signed_once`,
        `drop trigger signature_signers_signed_once on signature_signers`,
      ]) {
        await expect(asApp.query(statement), statement).rejects.toThrow(
          /never (changed|deleted)|must be owner|permission denied/,
        );
      }
    });
  });
}

// The operator command, against a PostgreSQL database it reaches by URL (the embedded one is one process's at a
// time; audit-chain.test.ts covers the command's chain part on both engines).
if (provided.engine === 'postgres') {
  describe('npm run audit:verify checks the signed files (PostgreSQL)', () => {
    const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-signed-verify-'));
    let app: TestApp;
    beforeAll(async () => {
      // The files where the command looks for them (DATA_DIR/files), sealed with the key it is given.
      const storage = createLocalStorage({
        root: path.join(dataDir, 'files'),
        keyring: createKeyring(TEST_ENCRYPTION_KEY),
      });
      app = await createTestApp({}, { storage });
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('prints how many signed files it re-hashed, and exits 1 on a changed or missing one', async () => {
      const p = await people(app);
      const id = await signedDocument(app, p);
      const result = await app.database.db.execute(sql`select current_database() as name`);
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      const url = new URL(provided.adminUrl);
      url.pathname = `/${row?.name ?? ''}`;
      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts'], {
          cwd: ROOT,
          env: {
            NODE_ENV: 'development',
            DATA_DIR: dataDir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: url.toString(),
            ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          },
          encoding: 'utf8',
        });
      const ok = run();
      expect(ok.stderr).toBe('');
      expect(ok.stdout).toContain('Signed files checked: 1\n');
      expect(ok.status).toBe(0);

      const [doc] = await app.database.db
        .select()
        .from(signatureDocuments)
        .where(eq(signatureDocuments.id, id));
      const key = doc?.signedStorageKey ?? '';
      const stored = await readStored(app.storage, key);
      await app.storage.put(key, Readable.from([Buffer.concat([stored, Buffer.from('\n% tampered')])]));
      const changed = run();
      expect(changed.stdout).toContain(`Signed file MISMATCH: document ${id}: sha256 `);
      expect(changed.status).toBe(1);

      await app.storage.delete(key);
      const missing = run();
      expect(missing.stdout).toContain(`Signed file MISSING: document ${id}.`);
      expect(missing.status).toBe(1);
    }, 90_000);
  });
}
