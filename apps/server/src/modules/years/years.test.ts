/**
 * Every year in the vault (issue 38): account/years/list|get|return|zip and the closed-year refusals of the
 * client's write calls. Asha has last year's file (uploads, a published summary, a signed Form 8879 with the
 * filed return, an invoice, a checklist item); Ravi has only the current year and never reaches hers.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { documentKey, MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  documents,
  eq,
  filings,
  householdMembers,
  requestItems,
  sessions,
  signatureDocuments,
  signatureSigners,
  users,
} from '@taxfirm/db';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeInvoice, makeTaxSummary } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, stepUpSession, useTestApp, type ClientSession } from '../../../test/helpers.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { createSession } from '../accounts/sessions.service.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { sendAsClient } from '../messaging/testing/message-forms.ts';
import { insertStaffItem } from '../requests/testing/checklist-helpers.ts';

const t = useTestApp();

/** A day after today (YYYY-MM-DD, the firm's time): a good "I'll send it by" date. */
const nextWeek = () => {
  const date = new Date(`${firmToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
};

let asha: ClientSession;
let ravi: ClientSession;
let current: number;
let last: number;
/** Asha's last-year rows. */
const past = {
  filingId: '',
  uploadId: '',
  lockedId: '',
  signedId: '',
  pendingId: '',
  itemId: '',
  invoiceId: '',
};
const bytes = {
  upload: samplePdf(3000),
  summary: samplePdf(4000),
  signed: samplePdf(5000),
  fullReturn: samplePdf(6000),
  thisYear: samplePdf(2500),
};

async function store(content: Buffer) {
  const key = `test-years/${randomUUID()}`;
  const stored = await t.storage.put(key, Readable.from([content]));
  return { key, size: stored.size, sha256: stored.sha256 };
}

async function insertDocument(
  clientId: string,
  filingId: string,
  name: string,
  content: Buffer,
  locked = false,
) {
  const file = await store(content);
  const [row] = await t.database.db
    .insert(documents)
    .values({
      clientId,
      filingId,
      category: 'W2',
      originalName: name,
      size: file.size,
      contentType: 'application/pdf',
      storageKey: file.key,
      sha256: file.sha256,
      locked,
    })
    .returning({ id: documents.id });
  return row?.id ?? '';
}

async function insertSignatureDocument(clientId: string, filingId: string, status: 'signed' | 'pending') {
  const doc = await store(samplePdf(1500));
  const signed = status === 'signed' ? await store(bytes.signed) : null;
  const fullReturn = await store(bytes.fullReturn);
  const [row] = await t.database.db
    .insert(signatureDocuments)
    .values({
      clientId,
      filingId,
      kind: '8879',
      title: status === 'signed' ? 'Form 8879 (last year)' : 'Amended 8879',
      status,
      originalName: 'form-8879.pdf',
      size: doc.size,
      storageKey: doc.key,
      sha256: doc.sha256,
      returnName: 'return-1040.pdf',
      returnSize: fullReturn.size,
      returnStorageKey: fullReturn.key,
      returnSha256: fullReturn.sha256,
      ...(signed
        ? {
            signedStorageKey: signed.key,
            signedSha256: signed.sha256,
            signedSize: signed.size,
            signedAt: new Date(),
          }
        : {}),
    })
    .returning({ id: signatureDocuments.id });
  const id = row?.id ?? '';
  await t.database.db.insert(signatureSigners).values({
    documentId: id,
    clientId,
    role: 'taxpayer',
    name: 'Asha Rao',
    email: 'asha.years@example.com',
    signaturePlacement: { page: 1, x: 0.1, y: 0.8 },
    datePlacement: { page: 1, x: 0.6, y: 0.8 },
    ...(status === 'signed'
      ? { signedAt: new Date(), signatureKind: 'typed', signatureText: 'Asha Rao' }
      : {}),
  });
  return id;
}

beforeAll(async () => {
  asha = await signUpAndLogIn(t, 'asha.years@example.com');
  ravi = await signUpAndLogIn(t, 'ravi.years@example.com', { first: 'Ravi', last: 'Kumar' });
  current = await currentTaxYear(t);
  last = current - 1;
  const db = t.database.db;
  const [filing] = await db
    .insert(filings)
    .values({ clientId: asha.clientId, taxYear: last, status: 'Filing Docs Sent' })
    .returning({ id: filings.id });
  past.filingId = filing?.id ?? '';
  past.uploadId = await insertDocument(asha.clientId, past.filingId, 'w2-last-year.pdf', bytes.upload);
  past.lockedId = await insertDocument(
    asha.clientId,
    past.filingId,
    'locked-statement.pdf',
    samplePdf(2000),
    true,
  );
  await makeTaxSummary(t, {
    clientId: asha.clientId,
    taxYear: last,
    title: 'Last year summary',
    bytes: bytes.summary,
  });
  await makeTaxSummary(t, {
    clientId: asha.clientId,
    taxYear: last,
    title: 'Draft never shown',
    bytes: samplePdf(1200),
    status: 'draft',
  });
  past.signedId = await insertSignatureDocument(asha.clientId, past.filingId, 'signed');
  past.pendingId = await insertSignatureDocument(asha.clientId, past.filingId, 'pending');
  past.itemId = await insertStaffItem(db, asha, {
    title: 'Brokerage 1099',
    type: 'other',
    position: 1,
    filingId: past.filingId,
  });
  past.invoiceId = (await makeInvoice(db, { clientId: asha.clientId, taxYear: last, totalCents: 20000 })).id;
  // This year's upload: never in last year's page or ZIP.
  const [now] = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, asha.clientId), eq(filings.taxYear, current)));
  await insertDocument(asha.clientId, now?.id ?? '', 'w2-this-year.pdf', bytes.thisYear);
});

const call = (who: ClientSession, path: string, body: unknown = {}) =>
  t.postAs(who.sid, `/api/account/years/${path}`, body);

/** Forget the session's step-up, as if STEP_UP_MINUTES had passed. */
const staleStepUp = (who: ClientSession) =>
  t.database.db
    .update(sessions)
    .set({ steppedUpAt: null })
    .where(eq(sessions.tokenHash, hashToken(who.sid)));

describe('account/years/list', () => {
  it('lists every tax year the client has with the firm, newest first, with its status and whether it is closed', async () => {
    const res = await call(asha, 'list');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      current_tax_year: current,
      years: [
        { tax_year: current, closed: false },
        { tax_year: last, status: 'Filing Docs Sent', closed: true },
      ],
    });
  });

  it("never lists another client's years", async () => {
    const res = await call(ravi, 'list');
    expect(res.json().years).toEqual([expect.objectContaining({ tax_year: current, closed: false })]);
  });
});

describe('account/years/get', () => {
  it('shows a closed year read-only: status, published summaries, the signed 8879, invoices, uploads and the checklist', async () => {
    const res = await call(asha, 'get', { tax_year: last });
    expect(res.statusCode, res.body).toBe(200);
    const year = res.json();
    expect(year).toMatchObject({ tax_year: last, status: 'Filing Docs Sent', closed: true, read_only: true });
    expect(year.summaries).toEqual([
      expect.objectContaining({ title: 'Last year summary', held_until_paid: false }),
    ]);
    expect(year.signed).toEqual([
      expect.objectContaining({ document_id: past.signedId, kind: '8879', has_return: true }),
    ]);
    expect(year.invoices.map((i: { id: string }) => i.id)).toEqual([past.invoiceId]);
    expect(year.checklist.map((i: { title: string }) => i.title)).toEqual(['Brokerage 1099']);
    const w2 = year.uploads.find((c: { category: string }) => c.category === 'W2');
    expect(w2.files.map((f: { name: string }) => f.name).sort()).toEqual([
      'locked-statement.pdf',
      'w2-last-year.pdf',
    ]);

    // Its links open through the portal's download routes, for a past year too.
    const summary = await t.getAs(asha.sid, year.summaries[0].url);
    expect(summary.statusCode).toBe(200);
    expect(Buffer.from(summary.rawPayload).equals(bytes.summary)).toBe(true);
    const signed = await t.getAs(asha.sid, year.signed[0].signed_url);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(Buffer.from(signed.rawPayload).equals(bytes.signed)).toBe(true);
    const upload = w2.files.find((f: { name: string }) => f.name === 'w2-last-year.pdf');
    expect((await t.getAs(asha.sid, upload.download_url)).statusCode).toBe(200);
  });

  it('shows the current year as open', async () => {
    const res = await call(asha, 'get', { tax_year: current });
    expect(res.json()).toMatchObject({ tax_year: current, closed: false, read_only: false });
  });

  it("answers 404 for a year the client does not have, whoever else has it; and never opens another client's links", async () => {
    const res = await call(ravi, 'get', { tax_year: last });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_smessage).toBe(MESSAGES.YEAR_NOT_FOUND);
    const ashas = (await call(asha, 'get', { tax_year: last })).json();
    expect((await t.getAs(ravi.sid, ashas.summaries[0].url)).statusCode).toBe(403);
    expect((await t.getAs(ravi.sid, ashas.signed[0].signed_url)).statusCode).toBe(403);
  });

  it('refuses a year that is no year with 400', async () => {
    const res = await call(asha, 'get', { tax_year: 'last' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('account/years/return and account/years/zip (step-up)', () => {
  it('asks for a fresh step-up before giving a link to the filed return, and serves it only while it is fresh', async () => {
    await staleStepUp(asha);
    const refused = await call(asha, 'return', { document_id: past.signedId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');

    await stepUpSession(t, asha.sid);
    const res = await call(asha, 'return', { document_id: past.signedId });
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.getAs(asha.sid, res.json().url);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(file.rawPayload).equals(bytes.fullReturn)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.year.return'), eq(auditLog.clientId, asha.clientId)));
    expect(row?.subject).toBe(past.signedId);

    // The link is dead once the step-up is stale.
    await staleStepUp(asha);
    const stale = await t.getAs(asha.sid, res.json().url);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
  });

  it("never gives or opens another client's return, nor a document with no filed return", async () => {
    await stepUpSession(t, ravi.sid);
    const theirs = await call(ravi, 'return', { document_id: past.signedId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().status_smessage).toBe(MESSAGES.YEAR_RETURN_NOT_FOUND);
    // A pending document's return is not a filed return.
    await stepUpSession(t, asha.sid);
    expect((await call(asha, 'return', { document_id: past.pendingId })).statusCode).toBe(404);
    const link = (await call(asha, 'return', { document_id: past.signedId })).json().url as string;
    expect((await t.getAs(ravi.sid, link)).statusCode).toBe(403);
  });

  it('downloads exactly that year’s files as one ZIP, after a fresh step-up', async () => {
    await staleStepUp(asha);
    expect((await call(asha, 'zip', { tax_year: last })).json().code).toBe('STEP_UP_REQUIRED');
    await stepUpSession(t, asha.sid);
    const res = await call(asha, 'zip', { tax_year: last });
    expect(res.statusCode, res.body).toBe(200);
    const zip = await t.getAs(asha.sid, res.json().url);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'Filed return/return-1040.pdf',
      'Signed/form-8879-signed.pdf',
      'Tax summaries/Last year summary.pdf',
      'Uploads/W2/locked-statement.pdf',
      'Uploads/W2/w2-last-year.pdf',
    ]);
    const entry = (name: string) => Buffer.from(entries[name] ?? new Uint8Array());
    expect(entry('Uploads/W2/w2-last-year.pdf').equals(bytes.upload)).toBe(true);
    expect(entry('Signed/form-8879-signed.pdf').equals(bytes.signed)).toBe(true);
    expect(entry('Filed return/return-1040.pdf').equals(bytes.fullReturn)).toBe(true);
  });

  it("never gives another client a year's ZIP, nor opens it with another client's session", async () => {
    await stepUpSession(t, ravi.sid);
    const theirs = await call(ravi, 'zip', { tax_year: last });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().status_smessage).toBe(MESSAGES.YEAR_NOT_FOUND);
    await stepUpSession(t, asha.sid);
    const link = (await call(asha, 'zip', { tax_year: last })).json().url as string;
    expect((await t.getAs(ravi.sid, link)).statusCode).toBe(403);
  });

  it('answers a year with no files yet with a message, not an empty ZIP', async () => {
    await stepUpSession(t, ravi.sid);
    const res = await call(ravi, 'zip', { tax_year: current });
    expect(res.statusCode, res.body).toBe(200);
    const empty = await t.getAs(ravi.sid, res.json().url);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().status_smessage).toBe(MESSAGES.YEAR_NOTHING_TO_DOWNLOAD);
  });
});

describe('a household delegate (issue 38)', () => {
  it('sees the years but never downloads a filed return or a whole year (they show identity numbers in full)', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: 'delegate.years@example.com',
        passwordHash: 'not-a-hash',
        role: 'client',
        firstName: 'Arjun',
        lastName: 'Raman',
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const userId = user?.id ?? '';
    await t.database.db
      .insert(householdMembers)
      .values({ clientId: asha.clientId, userId, kind: 'delegate', canUpload: true });
    const session = await createSession(t.database.db, userId, { ip: '127.0.0.1', userAgent: 'test' });
    const delegate: ClientSession = { sid: session.token, userId, clientId: asha.clientId };
    await stepUpSession(t, delegate.sid);
    const year = await call(delegate, 'get', { tax_year: last });
    expect(year.statusCode, year.body).toBe(200);
    for (const refused of [
      await call(delegate, 'return', { document_id: past.signedId }),
      await call(delegate, 'zip', { tax_year: last }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().status_smessage).toBe(MESSAGES.YEAR_RETURN_NOT_FOR_DELEGATES);
    }
    // Nor with a link Asha was given.
    await stepUpSession(t, asha.sid);
    const link = (await call(asha, 'zip', { tax_year: last })).json().url as string;
    expect((await t.getAs(delegate.sid, link)).statusCode).toBe(403);
  });
});

describe('closed years are read-only on every write call', () => {
  const expectClosed = (res: { statusCode: number; json: () => { status_smessage: string } }) => {
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(MESSAGES.YEAR_CLOSED);
  };

  it("refuses a code, a signature and paper on a past year's document to sign, changing nothing", async () => {
    await stepUpSession(t, asha.sid);
    const sign = (path: string, body: Record<string, unknown>) =>
      t.postAs(asha.sid, `/api/account/signatures/${path}`, body);
    expectClosed(await sign('code', { document_id: past.pendingId }));
    expectClosed(
      await sign('sign', {
        document_id: past.pendingId,
        code: '123456',
        signature: { kind: 'typed', text: 'Asha Rao' },
        agree: true,
      }),
    );
    expectClosed(await sign('paper', { document_id: past.pendingId }));
    const [doc] = await t.database.db
      .select({ status: signatureDocuments.status })
      .from(signatureDocuments)
      .where(eq(signatureDocuments.id, past.pendingId));
    expect(doc?.status).toBe('pending');
  });

  it("refuses deleting or unlocking a past year's upload, which stays", async () => {
    const filename = documentKey(`${asha.clientId}/W2/`, past.uploadId, 'w2-last-year.pdf');
    expectClosed(await t.postAs(asha.sid, '/api/upload/deleteuploaddoc', { uid: asha.userId, filename }));
    expectClosed(
      await t.postAs(asha.sid, '/api/account/requests/unlock', {
        document_id: past.lockedId,
        password: 'secret',
      }),
    );
    const rows = await t.database.db
      .select({ id: documents.id, locked: documents.locked })
      .from(documents)
      .where(eq(documents.filingId, past.filingId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === past.lockedId)?.locked).toBe(true);
  });

  it("refuses uploads and answers on a past year's checklist item, which stays as it was", async () => {
    const form = new FormData();
    form.append('item_id', past.itemId);
    form.append(
      'files',
      new Blob([new Uint8Array(samplePdf(2000))], { type: 'application/pdf' }),
      'late.pdf',
    );
    expectClosed(await t.postFormAs(asha.sid, '/api/account/requests/upload', form));
    expectClosed(
      await t.postAs(asha.sid, '/api/account/requests/notapplicable', {
        item_id: past.itemId,
        reason: 'n/a',
      }),
    );
    expectClosed(
      await t.postAs(asha.sid, '/api/account/requests/later', { item_id: past.itemId, date: nextWeek() }),
    );
    const [item] = await t.database.db
      .select({ status: requestItems.status })
      .from(requestItems)
      .where(eq(requestItems.id, past.itemId));
    expect(item?.status).toBe('requested');
  });

  it("refuses the spouse's link a code or a signature on a past year's document", async () => {
    const token = `spouse-link-${randomUUID()}`;
    await t.database.db.insert(signatureSigners).values({
      documentId: past.pendingId,
      clientId: asha.clientId,
      role: 'spouse',
      name: 'Vikram Rao',
      email: 'vikram.years@example.com',
      signaturePlacement: { page: 1, x: 0.1, y: 0.9 },
      datePlacement: { page: 1, x: 0.6, y: 0.9 },
      linkTokenHash: hashToken(token),
      linkExpiresAt: new Date(Date.now() + 86_400_000),
    });
    expectClosed(await t.post('/api/signatures/spouse/code', { token }));
    expectClosed(
      await t.post('/api/signatures/spouse/sign', {
        token,
        code: '123456',
        signature: { kind: 'typed', text: 'Vikram Rao' },
        agree: true,
      }),
    );
  });

  it("asks for a fresh step-up before account/signatures/open serves a signed document's (filed) return", async () => {
    await staleStepUp(asha);
    const open = () =>
      t.postAs(asha.sid, '/api/account/signatures/open', { document_id: past.signedId, part: 'return' });
    const refused = await open();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    // The document itself, and a pending document's return (read before signing), need none.
    const doc = await t.postAs(asha.sid, '/api/account/signatures/open', {
      document_id: past.signedId,
      part: 'document',
    });
    expect(doc.statusCode, doc.body).toBe(200);
    await stepUpSession(t, asha.sid);
    expect((await open()).statusCode).toBe(200);
  });

  it("another client's past-year ids are still not found for Ravi, never 'closed' (nothing about them leaks)", async () => {
    await stepUpSession(t, ravi.sid);
    const res = await t.postAs(ravi.sid, '/api/account/signatures/code', { document_id: past.pendingId });
    expect(res.statusCode).toBe(404);
  });

  it('still lets the client write to the firm about last year: a message is the conversation, not the year’s record', async () => {
    const res = await sendAsClient(t, asha, {
      body: 'I need last year’s return for my loan.',
      taxy: String(last),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("keeps a past year's invoice payable: money owed stays payable", async () => {
    const res = await t.postAs(asha.sid, '/api/account/invoices/pay', {
      invoice_id: past.invoiceId,
      amount: 20000,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
