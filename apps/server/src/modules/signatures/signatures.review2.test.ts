/**
 * Security review 2 on signing: S2-01 (the order of the checks, and no file work in the recording
 * transaction), S2-05 (the spouse's link), S2-06 (wrong codes per signer, the lock, staff reopen) and S2-07
 * (the stored bytes hashed and checked; the signed-once trigger). Both engines; the app role on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { CALLS, MESSAGES, SIGNATURE_FAILED_CODES_LOCK, type StaffSignatureDocument } from '@taxfirm/contract';
import {
  and,
  auditLog,
  createDatabase,
  desc,
  emailOutbox,
  eq,
  filings,
  prepareDatabase,
  signatureDocuments,
  signatureSigners,
  sql,
  SOURCE_MIGRATIONS_DIR,
  type Database,
} from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTestApp,
  sentText,
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  TEST_ENCRYPTION_KEY,
  type TestApp,
} from '../../../test/helpers.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { closeSandbox, configureSandbox } from '../../lib/files/sandbox.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { makeTestPdf, makeTestPngDataUrl } from '../../../test/pdf-text.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { readStored } from './signature-files.ts';
import { signDocument } from './signing.service.ts';
import { verifySignedDocuments } from './signed-files.ts';

type Session = { sid: string; userId: string; clientId: string; email: string };
type Staff = { sid: string; userId: string };
type People = { analyst: Staff; otherAnalyst: Staff; client: Session; spouseEmail: string };

const provided = inject('testDatabase');
/** Where the signature files are stored (as signatures.routes.ts has it). */
const SIGNATURE_KEY_PREFIX = uploadKeyPrefix(CALLS.staffSignaturesCreate);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const typed = (text: string) => ({ kind: 'typed', text });
const PNG_BOMB_LIKE = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;

function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

let serial = 0;
/** A client on a file assigned to an analyst, stepped up, with a second analyst who is not on the file. */
async function people(t: TestApp): Promise<People> {
  serial += 1;
  const email = `asha.r2.${serial}@example.com`;
  const analyst = await staffSession(t, `analyst.r2.${serial}@firm.example`, 'analyst');
  const otherAnalyst = await staffSession(t, `other.r2.${serial}@firm.example`, 'analyst');
  const client = { ...(await signUpAndLogIn(t, email, { first: 'Asha', last: 'Rao' })), email };
  await t.database.db
    .update(filings)
    .set({ status: 'Confirmation Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, client.clientId));
  await stepUpSession(t, client.sid);
  return { analyst, otherAnalyst, client, spouseEmail: `vikram.r2.${serial}@example.com` };
}

function createForm(fields: Record<string, string>, files: { field: string; bytes: Buffer }[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) {
    data.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
      `${file.field}.pdf`,
    );
  }
  return data;
}

const create = async (t: TestApp, p: People, fields: Record<string, string>, bytes: Buffer) =>
  t.postFormAs(
    p.analyst.sid,
    '/api/staff/signatures/create',
    createForm({ client_id: p.client.clientId, ...fields }, [{ field: 'document', bytes }]),
  );

async function createOk(t: TestApp, p: People, fields: Record<string, string>): Promise<string> {
  const res = await create(t, p, fields, await makeTestPdf(1, 'Letter'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document_id as string;
}

const withSpouse = (p: People, title: string) => ({
  kind: 'engagement',
  title,
  signers: 'both',
  spouse_name: 'Vikram Rao',
  spouse_email: p.spouseEmail,
});

/**
 * The newest e-mail to `to` whose subject contains `subject`, as sent. The app of this file sends through a
 * real SMTP server, and the worker drops a sent row's sealed link or code: then it is read as received.
 */
async function lastMail(t: TestApp, to: string, subject: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
  const row = rows.find((r) => r.subject.includes(subject));
  if (!row || row.secret !== null || row.status !== 'sent') return sentText(row);
  const received = () =>
    smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(subject)).at(-1)?.raw ?? '';
  await expect.poll(received, { timeout: 10_000 }).not.toBe('');
  return received();
}

const clientCall = (t: TestApp, p: People, path: string, body: Record<string, unknown>) =>
  t.postAs(p.client.sid, `/api/account/signatures/${path}`, body);
const spouseCall = (t: TestApp, path: string, body: Record<string, unknown>) =>
  t.post(`/api/signatures/spouse/${path}`, body);
const staffCall = (t: TestApp, who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/signatures/${path}`, body);

async function clientOpen(t: TestApp, p: People, documentId: string) {
  const res = await clientCall(t, p, 'open', { document_id: documentId, part: 'document' });
  expect(res.statusCode, res.body).toBe(200);
  expect((await t.getAs(p.client.sid, res.json().url)).statusCode).toBe(200);
}

async function clientCode(t: TestApp, p: People, documentId: string): Promise<string> {
  const res = await clientCall(t, p, 'code', { document_id: documentId });
  expect(res.statusCode, res.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(t, p.client.email, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

const signBody = (documentId: string, code: string, signature: object = typed('Asha Rao')) => ({
  document_id: documentId,
  code,
  signature,
  agree: true,
});

async function spouseToken(t: TestApp, p: People): Promise<string> {
  const mail = await lastMail(t, p.spouseEmail, 'ready for you to sign');
  const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error('no spouse link e-mailed');
  return token;
}

async function spouseCode(t: TestApp, p: People, token: string): Promise<string> {
  const sent = await spouseCall(t, 'code', { token });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(t, p.spouseEmail, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

async function staffDoc(t: TestApp, p: People, id: string, who: Staff = p.analyst) {
  const res = await staffCall(t, who, 'list', { client_id: p.client.clientId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().documents as StaffSignatureDocument[]).find((d) => d.document_id === id);
}

/** A taxpayer-only document, signed all the way: its id. */
async function signedDocument(t: TestApp, p: People): Promise<string> {
  const id = await createOk(t, p, { kind: 'other', title: 'Signed letter', signers: 'taxpayer' });
  await clientOpen(t, p, id);
  const code = await clientCode(t, p, id);
  const signed = await clientCall(t, p, 'sign', signBody(id, code));
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().complete).toBe(true);
  return id;
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Every object under the signature prefix that no document row points at. */
async function orphans(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(signatureDocuments);
  const known = new Set(
    rows.flatMap((row) => [row.storageKey, row.returnStorageKey, row.signedStorageKey]).filter(Boolean),
  );
  const found: string[] = [];
  for await (const object of t.storage.list(SIGNATURE_KEY_PREFIX)) {
    if (!known.has(object.key)) found.push(object.key);
  }
  return found;
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'portal@firm.test', pollMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
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
    // The recording transaction's last rows are its audit rows: sign, then complete, at the chain's end.
    const last = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .orderBy(desc(auditLog.chainSeq))
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

describe('S2-06: wrong codes per signer, the lock and staff reopen', () => {
  it(`locks after ${SIGNATURE_FAILED_CODES_LOCK} wrong codes over several codes, e-mails the signer, and only staff on the file reopen`, async () => {
    const p = await people(t);
    const id = await createOk(t, p, { kind: 'other', title: 'Guessing target', signers: 'taxpayer' });
    await clientOpen(t, p, id);
    // Two codes, five wrong tries each: a new code does not clear the signer's count.
    let code = await clientCode(t, p, id);
    for (let n = 1; n <= 5; n += 1) {
      const res = await clientCall(t, p, 'sign', signBody(id, wrongOf(code)));
      expect(res.statusCode, res.body).toBe(n < 5 ? 422 : 429);
    }
    code = await clientCode(t, p, id);
    for (let n = 6; n < SIGNATURE_FAILED_CODES_LOCK; n += 1) {
      expectError(
        await clientCall(t, p, 'sign', signBody(id, wrongOf(code))),
        422,
        MESSAGES.SIGNATURE_CODE_INVALID,
      );
    }
    expectError(await clientCall(t, p, 'sign', signBody(id, wrongOf(code))), 423, MESSAGES.SIGNATURE_LOCKED);
    // The 11th, with the right code, is refused; so is a new code.
    expectError(await clientCall(t, p, 'sign', signBody(id, code)), 423, MESSAGES.SIGNATURE_LOCKED);
    expectError(await clientCall(t, p, 'code', { document_id: id }), 423, MESSAGES.SIGNATURE_LOCKED);
    const list = await clientCall(t, p, 'list', {});
    expect(list.json().documents.find((d: { document_id: string }) => d.document_id === id)?.locked).toBe(
      true,
    );
    expect((await staffDoc(t, p, id))?.locked).toBe(true);

    // The signer hears of it at their address, through the outbox and a real SMTP server.
    await t.app.mail.wake();
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(p.client.email) && m.raw.includes('locked')), {
        timeout: 10_000,
      })
      .toBe(true);
    const locks = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.signature.locked'), eq(auditLog.clientId, p.client.clientId)));
    expect(locks.map((row) => row.subject)).toEqual([`${id}: locked after 10 wrong codes (taxpayer)`]);

    // An analyst not on the file cannot reopen it; the file's analyst can, once.
    expect((await staffCall(t, p.otherAnalyst, 'reopen', { document_id: id })).statusCode).toBe(403);
    const reopened = await staffCall(t, p.analyst, 'reopen', { document_id: id });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expectError(
      await staffCall(t, p.analyst, 'reopen', { document_id: id }),
      409,
      MESSAGES.SIGNATURE_NOT_LOCKED,
    );
    const reopens = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.signature.reopen'), eq(auditLog.actorUserId, p.analyst.userId)));
    expect(reopens.map((row) => row.subject)).toEqual([`${id}: locked -> reopened`]);
    // The code held before the lock is gone; a new one signs.
    expectError(await clientCall(t, p, 'sign', signBody(id, code)), 422, MESSAGES.SIGNATURE_CODE_INVALID);
    const fresh = await clientCode(t, p, id);
    const signed = await clientCall(t, p, 'sign', signBody(id, fresh));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().complete).toBe(true);
  });

  it('counts the spouse’s wrong codes at opening too, and shows them the lock', async () => {
    const p = await people(t);
    const id = await createOk(t, p, withSpouse(p, 'Spouse guessing'));
    const token = await spouseToken(t, p);
    const code = await spouseCode(t, p, token);
    await t.database.db
      .update(signatureSigners)
      .set({ failedCodes: SIGNATURE_FAILED_CODES_LOCK - 1 })
      .where(and(eq(signatureSigners.documentId, id), eq(signatureSigners.role, 'spouse')));
    expectError(
      await spouseCall(t, 'open', { token, part: 'document', code: wrongOf(code) }),
      423,
      MESSAGES.SIGNATURE_LOCKED,
    );
    expect((await spouseCall(t, 'get', { token })).json()).toMatchObject({ locked: true, opened: false });
    expectError(
      await spouseCall(t, 'open', { token, part: 'document', code }),
      423,
      MESSAGES.SIGNATURE_LOCKED,
    );
    expect(await lastMail(t, p.spouseEmail, 'locked')).toContain('Spouse guessing');
  });
});

describe('S2-05: the spouse link', () => {
  it("refuses a spouse address equal to the taxpayer's sign-in, whatever its case and spaces", async () => {
    const p = await people(t);
    for (const spouseEmail of [p.client.email, `  ${p.client.email.toUpperCase()} `]) {
      const res = await create(
        t,
        p,
        { ...withSpouse(p, 'Same inbox'), spouse_email: spouseEmail },
        await makeTestPdf(1, 'x'),
      );
      expectError(res, 422, MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER);
      expect(res.json().details).toEqual({ spouse_email: MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER });
    }
    const rows = await t.database.db
      .select()
      .from(signatureDocuments)
      .where(eq(signatureDocuments.clientId, p.client.clientId));
    expect(rows).toHaveLength(0);
  });

  it('after signing serves only the signed file, for 7 days, then 410', async () => {
    const p = await people(t);
    const id = await createOk(t, p, withSpouse(p, 'Then only the signed file'));
    await clientOpen(t, p, id);
    expect((await clientCall(t, p, 'sign', signBody(id, await clientCode(t, p, id)))).statusCode).toBe(200);
    const token = await spouseToken(t, p);
    const code = await spouseCode(t, p, token);
    const opened = await spouseCall(t, 'open', { token, part: 'document', code });
    const documentUrl = opened.json().url as string;
    expect((await t.app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(200);
    const signed = await spouseCall(t, 'sign', { token, code, signature: typed('Vikram Rao'), agree: true });
    expect(signed.statusCode, signed.body).toBe(200);

    // The document's own link, still within its 5 minutes, no longer serves the document.
    expectError(
      await t.app.inject({ method: 'GET', url: documentUrl }),
      409,
      MESSAGES.SIGNATURE_LINK_SIGNED_ONLY,
    );
    expectError(
      await spouseCall(t, 'open', { token, part: 'document', code: '123456' }),
      409,
      MESSAGES.SIGNATURE_LINK_SIGNED_ONLY,
    );
    const view = (await spouseCall(t, 'get', { token })).json();
    expect(view.status).toBe('signed');
    expect((await t.app.inject({ method: 'GET', url: view.signed_url })).statusCode).toBe(200);
    const [spouse] = await t.database.db
      .select()
      .from(signatureSigners)
      .where(and(eq(signatureSigners.documentId, id), eq(signatureSigners.role, 'spouse')));
    const days = ((spouse?.linkExpiresAt?.getTime() ?? 0) - (spouse?.signedAt?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(7);

    // Seven days on: gone, with its own message.
    await t.database.db
      .update(signatureSigners)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureSigners.id, spouse?.id ?? ''));
    expectError(await spouseCall(t, 'get', { token }), 410, MESSAGES.SIGNATURE_LINK_ENDED);
    expectError(
      await t.app.inject({ method: 'GET', url: view.signed_url }),
      410,
      MESSAGES.SIGNATURE_LINK_ENDED,
    );
  });

  it('lets staff on the file revoke the link at once and resend a new one (audited)', async () => {
    const p = await people(t);
    const id = await createOk(t, p, withSpouse(p, 'Revoke and resend'));
    const token = await spouseToken(t, p);
    expect((await spouseCall(t, 'get', { token })).statusCode).toBe(200);
    expect((await staffCall(t, p.otherAnalyst, 'spouse/revoke', { document_id: id })).statusCode).toBe(403);
    expect((await staffCall(t, p.otherAnalyst, 'spouse/resend', { document_id: id })).statusCode).toBe(403);

    const revoked = await staffCall(t, p.analyst, 'spouse/revoke', { document_id: id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectError(await spouseCall(t, 'get', { token }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    expect((await staffDoc(t, p, id))?.spouse_link).toBe('revoked');

    expectError(
      await staffCall(t, p.analyst, 'spouse/resend', { document_id: id, spouse_email: p.client.email }),
      422,
      MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER,
    );
    const resent = await staffCall(t, p.analyst, 'spouse/resend', { document_id: id });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await spouseToken(t, p);
    expect(fresh).not.toBe(token);
    expect((await spouseCall(t, 'get', { token: fresh })).statusCode).toBe(200);
    expectError(await spouseCall(t, 'get', { token }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    // A resend kills the link before it too.
    expect((await staffCall(t, p.analyst, 'spouse/resend', { document_id: id })).statusCode).toBe(200);
    expectError(await spouseCall(t, 'get', { token: fresh }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    expect((await staffDoc(t, p, id))?.spouse_link).toBe('active');

    const actions = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, p.analyst.userId),
          sql`${auditLog.action} like 'staff.signature.spouse%'`,
        ),
      );
    expect(actions).toEqual([
      { action: 'staff.signature.spouse_revoke', subject: `${id}: spouse link revoked` },
      { action: 'staff.signature.spouse_resend', subject: `${id}: spouse link resent` },
      { action: 'staff.signature.spouse_resend', subject: `${id}: spouse link resent` },
    ]);
  });
});

describe('the three new staff calls refuse bad input with a message, never a 500', () => {
  it('reopen, spouse/revoke and spouse/resend: a malformed id 400, an unknown document 404, a bad address 400', async () => {
    const p = await people(t);
    for (const path of ['reopen', 'spouse/revoke', 'spouse/resend']) {
      const malformed = await staffCall(t, p.analyst, path, { document_id: 'not-a-document' });
      expect(malformed.statusCode, path).toBe(400);
      expect(malformed.json().details, path).toMatchObject({ document_id: MESSAGES.SIGNATURE_NOT_FOUND });
      expectError(
        await staffCall(t, p.analyst, path, { document_id: '00000000-0000-4000-8000-000000000000' }),
        404,
        MESSAGES.SIGNATURE_NOT_FOUND,
      );
    }
    const id = await createOk(t, p, withSpouse(p, 'Bad address'));
    const res = await staffCall(t, p.analyst, 'spouse/resend', {
      document_id: id,
      spouse_email: 'not-an-address',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ spouse_email: MESSAGES.EMAIL_INVALID });
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
