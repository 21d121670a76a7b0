import { createHash } from 'node:crypto';
import {
  MESSAGES,
  SIGNATURE_CODE_MAX_ATTEMPTS,
  type SignatureDocument,
  type StaffSignatureDocument,
} from '@taxfirm/contract';
import {
  and,
  auditLog,
  desc,
  emailOutbox,
  eq,
  filings,
  requestItems,
  sessions,
  signatureDocuments,
  signatureSigners,
  spouses,
  staffActivity,
} from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import {
  createTestApp,
  sentText,
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  type TestApp,
} from '../../../test/helpers.ts';
import { makeTestPdf, makeTestPngDataUrl, pageText } from '../../../test/pdf-text.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';

type Session = { sid: string; userId: string; clientId: string };
type Staff = { sid: string; userId: string };

let t: TestApp;
let taxYear: number;
let admin: Staff;
let analyst: Staff;
let otherAnalyst: Staff;
let asha: Session;
let ravi: Session;
let form8879: Buffer;
let fullReturn: Buffer;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ASHA_EMAIL = 'asha.sign@example.com';
const SPOUSE_EMAIL = 'vikram.sign@example.com';

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

async function create(
  who: Staff,
  fields: Record<string, string>,
  files: { field: string; bytes: Buffer }[],
): Promise<LightMyRequestResponse> {
  return t.postFormAs(who.sid, '/api/staff/signatures/create', createForm(fields, files));
}

async function createOk(fields: Record<string, string>, files: { field: string; bytes: Buffer }[]) {
  const res = await create(analyst, { client_id: asha.clientId, ...fields }, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document_id as string;
}

const staffCall = (who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/signatures/${path}`, body);
const clientCall = (who: Session, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/account/signatures/${path}`, body);
const spouseCall = (path: string, body: Record<string, unknown>) =>
  t.post(`/api/signatures/spouse/${path}`, body);

async function clientList(who: Session): Promise<{ documents: SignatureDocument[]; to_sign: number }> {
  const res = await clientCall(who, 'list', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function staffList(who: Staff = analyst) {
  const res = await staffCall(who, 'list', { client_id: asha.clientId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    documents: StaffSignatureDocument[];
    efile_ready: boolean;
    spouse: { name: string; email: string | null } | null;
  };
}

/** The newest e-mail to `to` whose subject contains `subject`, as sent. */
async function lastMail(to: string, subject: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
  return sentText(rows.find((row) => row.subject.includes(subject)));
}

async function clientOpen(who: Session, documentId: string, part: 'document' | 'return') {
  const res = await clientCall(who, 'open', { document_id: documentId, part });
  expect(res.statusCode, res.body).toBe(200);
  const file = await t.getAs(who.sid, res.json().url);
  expect(file.statusCode, file.body).toBe(200);
  return file;
}

async function clientCode(who: Session, documentId: string): Promise<string> {
  const res = await clientCall(who, 'code', { document_id: documentId });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().sent_to).toBe('a•••@example.com');
  const code = /Your signing code is (\d{6})/.exec(await lastMail(ASHA_EMAIL, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

const typed = (text: string) => ({ kind: 'typed', text });
const signBody = (documentId: string, code: string, signature: object = typed('Asha Rao')) => ({
  document_id: documentId,
  code,
  signature,
  agree: true,
});

async function spouseToken(): Promise<string> {
  const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(await lastMail(SPOUSE_EMAIL, 'ready for you to sign'))?.[1];
  if (!token) throw new Error('no spouse link e-mailed');
  return token;
}

/** Ask for the spouse's code and read it from the e-mail (S2-05: the code comes before any file). */
async function spouseCode(token: string): Promise<string> {
  const sent = await spouseCall('code', { token });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(SPOUSE_EMAIL, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

const getPublic = (url: string) => t.app.inject({ method: 'GET', url });

function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

beforeAll(async () => {
  t = await createTestApp();
  taxYear = (await t.post('/api/settings/getsettings')).json().data[0].current_tax_year;
  admin = await staffSession(t, 'admin.sign@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst.sign@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.sign@firm.example', 'analyst');
  asha = await signUpAndLogIn(t, ASHA_EMAIL, { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.sign@example.com', { first: 'Ravi', last: 'Kumar' });
  await t.database.db
    .update(filings)
    .set({ status: 'Confirmation Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, asha.clientId));
  await t.database.db
    .update(filings)
    .set({ status: 'Confirmation Pending', assignedTo: otherAnalyst.userId })
    .where(eq(filings.clientId, ravi.clientId));
  form8879 = await makeTestPdf(2, 'Form 8879');
  fullReturn = await makeTestPdf(4, 'Form 1040');
  await stepUpSession(t, asha.sid);
  await stepUpSession(t, ravi.sid);
  // The tax profile's spouse: the console prefills the spouse signer's name from it.
  await t.database.db
    .insert(spouses)
    .values({ clientId: asha.clientId, firstName: 'Vikram', lastName: 'Rao' });
});
afterAll(async () => {
  await t.close();
});

describe('staff/signatures/create', () => {
  it('refuses a PDF pdf-lib cannot read, a missing spouse and a mark beyond the last page', async () => {
    expectError(
      await create(analyst, { client_id: asha.clientId, kind: 'other', title: 'Bad', signers: 'taxpayer' }, [
        { field: 'document', bytes: samplePdf(5000) },
      ]),
      422,
      MESSAGES.SIGNATURE_PDF_UNREADABLE,
    );
    expectError(
      await create(analyst, { client_id: asha.clientId, kind: '8879', title: '8879', signers: 'both' }, [
        { field: 'document', bytes: form8879 },
      ]),
      422,
      MESSAGES.SIGNATURE_SPOUSE_REQUIRED,
    );
    const placements = JSON.stringify({
      taxpayer: { signature: { page: 3, x: 0.2, y: 0.5 }, date: { page: 1, x: 0.7, y: 0.5 } },
    });
    expectError(
      await create(
        analyst,
        { client_id: asha.clientId, kind: 'other', title: 'Off the page', signers: 'taxpayer', placements },
        [{ field: 'document', bytes: form8879 }],
      ),
      422,
      MESSAGES.SIGNATURE_PLACEMENT_INVALID,
    );
    const rows = await t.database.db
      .select()
      .from(signatureDocuments)
      .where(eq(signatureDocuments.clientId, asha.clientId));
    expect(rows).toHaveLength(0);
  });

  it('refuses an analyst a client who is not theirs, on every staff call and the file route', async () => {
    const res = await create(
      otherAnalyst,
      { client_id: asha.clientId, kind: 'other', title: 'Letter', signers: 'taxpayer' },
      [{ field: 'document', bytes: form8879 }],
    );
    expect(res.statusCode, res.body).toBe(403);
    expect((await staffCall(otherAnalyst, 'list', { client_id: asha.clientId })).statusCode).toBe(403);
    const id = await createOk({ kind: 'other', title: 'Refusals', signers: 'taxpayer' }, [
      { field: 'document', bytes: form8879 },
    ]);
    expect((await staffCall(otherAnalyst, 'void', { document_id: id, reason: 'x' })).statusCode).toBe(403);
    const url = (await staffList()).documents.find((d) => d.document_id === id)?.document_url ?? '';
    expect((await t.getAs(otherAnalyst.sid, url)).statusCode).toBe(403);
    expect((await staffCall(analyst, 'void', { document_id: id, reason: 'test only' })).statusCode).toBe(200);
  });
});

describe('signing a Form 8879 as taxpayer and spouse', () => {
  let docId: string;

  it('creates the document, tells the taxpayer and sends the spouse their own link', async () => {
    docId = await createOk(
      {
        kind: '8879',
        title: 'Form 8879 for 2025',
        signers: 'both',
        spouse_name: 'Vikram Rao',
        spouse_email: SPOUSE_EMAIL,
        taxy: String(taxYear),
      },
      [
        { field: 'document', bytes: form8879 },
        { field: 'return', bytes: fullReturn },
      ],
    );
    const list = await staffList();
    const doc = list.documents.find((d) => d.document_id === docId);
    expect(doc?.status).toBe('pending');
    expect(doc?.sha256).toBe(sha(form8879));
    expect(doc?.signers.map((s) => [s.role, s.name, s.email])).toEqual([
      ['taxpayer', 'Asha Rao', ASHA_EMAIL],
      ['spouse', 'Vikram Rao', SPOUSE_EMAIL],
    ]);
    expect(list.efile_ready).toBe(false);
    expect(list.spouse).toEqual({ name: 'Vikram Rao', email: null });
    // The staff links serve the stored files as uploaded.
    expect((await t.getAs(analyst.sid, doc?.document_url ?? '')).rawPayload.equals(form8879)).toBe(true);
    expect((await t.getAs(analyst.sid, doc?.return_url ?? '')).rawPayload.equals(fullReturn)).toBe(true);

    expect(await lastMail(ASHA_EMAIL, 'ready for you to sign')).toContain('http://localhost:3000/user/sign');
    const token = await spouseToken();
    // Only the link's hash is kept, and the e-mail row holds the link sealed.
    const [spouse] = await t.database.db
      .select()
      .from(signatureSigners)
      .where(and(eq(signatureSigners.documentId, docId), eq(signatureSigners.role, 'spouse')));
    expect(spouse?.linkTokenHash).toBe(hashToken(token));
    const stored = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, SPOUSE_EMAIL));
    expect(stored.some((row) => row.text.includes(token))).toBe(false);

    const client = await clientList(asha);
    expect(client.to_sign).toBe(1);
    expect(client.documents[0]?.my_role).toBe('taxpayer');
    expect(client.documents[0]?.signers[1]?.email).toBe('v•••@example.com');
  });

  it('answers 404 to another client on every call, never 403', async () => {
    expect((await clientList(ravi)).documents).toHaveLength(0);
    for (const [path, body] of [
      ['open', { document_id: docId, part: 'document' }],
      ['code', { document_id: docId }],
      ['sign', signBody(docId, '123456')],
      ['paper', { document_id: docId }],
    ] as const) {
      expectError(await clientCall(ravi, path, body), 404, MESSAGES.SIGNATURE_NOT_FOUND);
    }
  });

  it('sends no code before the whole document, then the full return, is opened', async () => {
    expectError(await clientCall(asha, 'code', { document_id: docId }), 409, MESSAGES.SIGNATURE_OPEN_FIRST);
    expectError(
      await clientCall(asha, 'sign', signBody(docId, '123456')),
      409,
      MESSAGES.SIGNATURE_OPEN_FIRST,
    );
    // A link that is asked for but never fetched records nothing.
    expect((await clientCall(asha, 'open', { document_id: docId, part: 'document' })).statusCode).toBe(200);
    expectError(await clientCall(asha, 'code', { document_id: docId }), 409, MESSAGES.SIGNATURE_OPEN_FIRST);
    const served = await clientOpen(asha, docId, 'document');
    expect(served.rawPayload.equals(form8879)).toBe(true);
    expectError(
      await clientCall(asha, 'code', { document_id: docId }),
      409,
      MESSAGES.SIGNATURE_OPEN_RETURN_FIRST,
    );
    await clientOpen(asha, docId, 'return');
  });

  it('needs a fresh step-up for the code and the signature', async () => {
    await t.database.db
      .update(sessions)
      .set({ steppedUpAt: null })
      .where(eq(sessions.tokenHash, hashToken(asha.sid)));
    expectError(await clientCall(asha, 'code', { document_id: docId }), 403, MESSAGES.STEP_UP_REQUIRED);
    expectError(await clientCall(asha, 'sign', signBody(docId, '123456')), 403, MESSAGES.STEP_UP_REQUIRED);
    await stepUpSession(t, asha.sid);
  });

  it('refuses an expired code, then signs with a fresh one, once', async () => {
    const stale = await clientCode(asha, docId);
    await t.database.db
      .update(signatureSigners)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(signatureSigners.documentId, docId), eq(signatureSigners.role, 'taxpayer')));
    expectError(await clientCall(asha, 'sign', signBody(docId, stale)), 422, MESSAGES.SIGNATURE_CODE_INVALID);

    const code = await clientCode(asha, docId);
    // The superseded code no longer works.
    if (stale !== code) {
      expectError(
        await clientCall(asha, 'sign', signBody(docId, stale)),
        422,
        MESSAGES.SIGNATURE_CODE_INVALID,
      );
    }
    expectError(
      await clientCall(asha, 'sign', signBody(docId, code, typed('आशा राव'))),
      422,
      MESSAGES.SIGNATURE_TEXT_UNSUPPORTED,
    );
    const signed = await clientCall(asha, 'sign', signBody(docId, code));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ complete: false, signed_url: null });

    const [row] = await t.database.db
      .select()
      .from(signatureSigners)
      .where(and(eq(signatureSigners.documentId, docId), eq(signatureSigners.role, 'taxpayer')));
    expect(row?.codeHash).toBeNull();
    expect(row?.signedVia).toBe(`login:${asha.userId}`);
    expect(row?.verification).toContain('e-mailed one-time code: passed');
    expect(row?.ip).toBe('127.0.0.1');

    // The same code again, and signing twice: 409.
    expectError(
      await clientCall(asha, 'sign', signBody(docId, code)),
      409,
      MESSAGES.SIGNATURE_ALREADY_SIGNED,
    );
    expectError(
      await clientCall(asha, 'code', { document_id: docId }),
      409,
      MESSAGES.SIGNATURE_ALREADY_SIGNED,
    );
    expect((await clientList(asha)).to_sign).toBe(0);
  });

  it('lets the spouse sign from the e-mailed link without a session, which completes the signed file', async () => {
    expectError(await spouseCall('get', { token: 'not-a-real-token' }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    const token = await spouseToken();
    const view = await spouseCall('get', { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      signer_name: 'Vikram Rao',
      title: 'Form 8879 for 2025',
      kind: '8879',
      status: 'pending',
      has_return: true,
      opened: false,
      email: 'v•••@example.com',
    });
    // S2-05: the link alone serves nothing: the e-mailed code comes first, then the document and the return.
    expectError(await spouseCall('open', { token, part: 'return' }), 400, MESSAGES.SIGNATURE_CODE_REQUIRED);
    const code = await spouseCode(token);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await spouseCall('open', { token, part: 'return', code: wrong }),
      422,
      MESSAGES.SIGNATURE_CODE_INVALID,
    );
    expect((await spouseCall('get', { token })).json()).toMatchObject({
      opened: false,
      return_opened: false,
    });
    for (const part of ['document', 'return'] as const) {
      const open = await spouseCall('open', { token, part, code });
      expect(open.statusCode, open.body).toBe(200);
      expect((await getPublic(open.json().url)).statusCode).toBe(200);
    }
    expect((await spouseCall('get', { token })).json()).toMatchObject({ opened: true, return_opened: true });
    expectError(
      await spouseCall('sign', {
        token,
        code,
        signature: {
          kind: 'drawn',
          png: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
        },
        agree: true,
      }),
      422,
      MESSAGES.SIGNATURE_DRAWING_REQUIRED,
    );
    const signed = await spouseCall('sign', {
      token,
      code,
      signature: { kind: 'drawn', png: makeTestPngDataUrl() },
      agree: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().complete).toBe(true);
    const fromSpouse = await getPublic(signed.json().signed_url);
    expect(fromSpouse.statusCode).toBe(200);

    const [doc] = await t.database.db
      .select()
      .from(signatureDocuments)
      .where(eq(signatureDocuments.id, docId));
    expect(doc?.status).toBe('signed');
    const [spouse] = await t.database.db
      .select()
      .from(signatureSigners)
      .where(and(eq(signatureSigners.documentId, docId), eq(signatureSigners.role, 'spouse')));
    expect(spouse?.signedVia).toBe(`link:${spouse?.id}`);
    expect(spouse?.verification).toBe('e-mailed link + e-mailed one-time code: passed');
    expect(fromSpouse.rawPayload.length).toBe(doc?.signedSize);
    const activity = await t.database.db
      .select()
      .from(staffActivity)
      .where(and(eq(staffActivity.clientId, asha.clientId), eq(staffActivity.kind, 'signature')));
    expect(activity.map((row) => row.summary)).toEqual(
      expect.arrayContaining([
        'Signed Form 8879 for 2025',
        'Spouse signed Form 8879 for 2025 (all signatures in)',
      ]),
    );
  });

  it('serves the same signed bytes on every download, whose SHA-256 is the audit entry', async () => {
    const url = (await clientList(asha)).documents.find((d) => d.document_id === docId)?.signed_url ?? '';
    const first = await t.getAs(asha.sid, url);
    const second = await t.getAs(asha.sid, url);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    const staffDoc = (await staffList()).documents.find((d) => d.document_id === docId);
    const fromStaff = await t.getAs(analyst.sid, staffDoc?.signed_url ?? '');
    expect(fromStaff.rawPayload.equals(first.rawPayload)).toBe(true);

    const hash = sha(first.rawPayload);
    expect(staffDoc?.signed_sha256).toBe(hash);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signature.complete'), eq(auditLog.clientId, asha.clientId)));
    expect(entry?.subject).toBe(`sha256=${hash} Form 8879 for 2025`);

    const pdf = await PDFDocument.load(first.rawPayload, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(3);
    const evidence = await pageText(first.rawPayload, -1);
    expect(evidence).toContain('Taxpayer: Asha Rao');
    expect(evidence).toContain('Spouse: Vikram Rao');
    expect(evidence).toContain(`SHA-256 of the unsigned document: ${sha(form8879)}`);
    expect(evidence).toContain(`SHA-256 of the full return: ${sha(fullReturn)}`);
    expect(await pageText(first.rawPayload, 0)).toContain('Asha Rao');

    // Staff downloads are audited; the file is never changed afterwards (the database refuses it).
    const downloads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.signature.download'), eq(auditLog.subject, `${docId}:signed`)));
    expect(downloads).toHaveLength(1);
    await expect(
      t.database.db
        .update(signatureDocuments)
        .set({ signedSha256: 'f'.repeat(64) })
        .where(eq(signatureDocuments.id, docId)),
    ).rejects.toThrow();
  });

  it('makes the file ready for Pre E-Filing Pending and refuses to void the signed document', async () => {
    expect((await staffList()).efile_ready).toBe(true);
    expectError(
      await staffCall(analyst, 'void', { document_id: docId, reason: 'late' }),
      409,
      MESSAGES.SIGNATURE_NOT_PENDING,
    );
    expectError(
      await spouseCall('code', { token: await spouseToken() }),
      409,
      MESSAGES.SIGNATURE_ALREADY_SIGNED,
    );
  });
});

describe('the one-time code', () => {
  it(`locks after ${SIGNATURE_CODE_MAX_ATTEMPTS} wrong codes until a new code is sent`, async () => {
    const id = await createOk({ kind: 'engagement', title: 'Engagement letter 2025', signers: 'taxpayer' }, [
      { field: 'document', bytes: form8879 },
    ]);
    await clientOpen(asha, id, 'document');
    const code = await clientCode(asha, id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < SIGNATURE_CODE_MAX_ATTEMPTS; attempt += 1) {
      expectError(await clientCall(asha, 'sign', signBody(id, wrong)), 422, MESSAGES.SIGNATURE_CODE_INVALID);
    }
    expectError(await clientCall(asha, 'sign', signBody(id, wrong)), 429, MESSAGES.SIGNATURE_CODE_LOCKED);
    // Even the right code is refused now.
    expectError(await clientCall(asha, 'sign', signBody(id, code)), 429, MESSAGES.SIGNATURE_CODE_LOCKED);
    const fresh = await clientCode(asha, id);
    const signed = await clientCall(
      asha,
      'sign',
      signBody(id, fresh, { kind: 'drawn', png: makeTestPngDataUrl() }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().complete).toBe(true);
    expect((await t.getAs(asha.sid, signed.json().signed_url)).statusCode).toBe(200);
  });
});

describe('void and paper', () => {
  it('answers an expired link like an unknown one', async () => {
    await createOk(
      {
        kind: 'other',
        title: 'Late letter',
        signers: 'spouse',
        spouse_name: 'Vikram Rao',
        spouse_email: SPOUSE_EMAIL,
      },
      [{ field: 'document', bytes: form8879 }],
    );
    const token = await spouseToken();
    expect((await spouseCall('get', { token })).statusCode).toBe(200);
    // A file link handed out while the link was good dies with it, though the file link's own 5 minutes are not up.
    const opened = await spouseCall('open', { token, part: 'document', code: await spouseCode(token) });
    expect(opened.statusCode, opened.body).toBe(200);
    const fileUrl = opened.json().url as string;
    await t.database.db
      .update(signatureSigners)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureSigners.linkTokenHash, hashToken(token)));
    expect((await getPublic(fileUrl)).statusCode).toBe(404);
    for (const [path, body] of [
      ['get', { token }],
      ['open', { token, part: 'document', code: '123456' }],
      ['code', { token }],
      ['sign', { token, code: '123456', signature: typed('Vikram Rao'), agree: true }],
    ] as const) {
      expectError(await spouseCall(path, body), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    }
  });

  it("kills the spouse's link when staff void a document", async () => {
    const id = await createOk(
      {
        kind: 'other',
        title: 'Consent letter',
        signers: 'spouse',
        spouse_name: 'Vikram Rao',
        spouse_email: SPOUSE_EMAIL,
      },
      [{ field: 'document', bytes: form8879 }],
    );
    const token = await spouseToken();
    expect((await spouseCall('get', { token })).statusCode).toBe(200);
    const open = await spouseCall('open', { token, part: 'document', code: await spouseCode(token) });
    expect(open.statusCode, open.body).toBe(200);
    expect((await staffCall(analyst, 'void', { document_id: id, reason: 'Wrong year' })).statusCode).toBe(
      200,
    );
    expectError(await spouseCall('get', { token }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    expect((await getPublic(open.json().url)).statusCode).toBe(404);
    const doc = (await staffList()).documents.find((d) => d.document_id === id);
    expect(doc).toMatchObject({ status: 'void', void_reason: 'Wrong year' });
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.signature.void')),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ subject: `${id}: pending -> void` })]));
    expect((await clientList(asha)).documents.some((d) => d.document_id === id)).toBe(false);
  });

  it('turns the document into a checklist item for the wet-signed pages', async () => {
    const id = await createOk({ kind: 'other', title: 'Power of attorney', signers: 'taxpayer' }, [
      { field: 'document', bytes: form8879 },
    ]);
    const res = await clientCall(asha, 'paper', { document_id: id });
    expect(res.statusCode, res.body).toBe(200);
    const itemId = res.json().item_id as string;
    const checklist = await t.postAs(asha.sid, '/api/account/requests/list', { taxy: taxYear });
    expect(checklist.statusCode, checklist.body).toBe(200);
    const items = checklist.json().items as { item_id?: string; id?: string; title: string }[];
    expect(items.map((item) => item.title)).toContain('Signed Power of attorney (print, sign and upload)');
    const doc = (await clientList(asha)).documents.find((d) => d.document_id === id);
    expect(doc).toMatchObject({ status: 'paper', paper_item_id: itemId });
    expectError(await clientCall(asha, 'paper', { document_id: id }), 409, MESSAGES.SIGNATURE_NOT_PENDING);
    // Past collecting documents (Confirmation Pending), the wet-signed pages still go up and staff accept them.
    const upload = new FormData();
    upload.append('item_id', itemId);
    upload.append(
      'files',
      new Blob([new Uint8Array(await makeTestPdf(1, 'Signed by hand'))], { type: 'application/pdf' }),
      'signed.pdf',
    );
    const sent = await t.postFormAs(asha.sid, '/api/account/requests/upload', upload);
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = await t.postAs(analyst.sid, '/api/staff/requests/review', {
      decision: 'accept',
      item_id: itemId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [item] = await t.database.db.select().from(requestItems).where(eq(requestItems.id, itemId));
    expect(item?.status).toBe('accepted');
    // An admin works every file.
    expect((await staffList(admin)).documents.some((d) => d.document_id === id)).toBe(true);
  });

  it('lets only a signer choose paper, and never over a signature already made', async () => {
    // A spouse-only document: the taxpayer sees it but does not sign it.
    const spouseOnly = await createOk(
      {
        kind: 'other',
        title: 'Spouse declaration',
        signers: 'spouse',
        spouse_name: 'Vikram Rao',
        spouse_email: SPOUSE_EMAIL,
      },
      [{ field: 'document', bytes: form8879 }],
    );
    expectError(
      await clientCall(asha, 'paper', { document_id: spouseOnly }),
      409,
      MESSAGES.SIGNATURE_NOT_YOURS,
    );
    // A joint document the taxpayer has signed electronically: paper would drop that signature.
    const joint = await createOk(
      {
        kind: 'engagement',
        title: 'Engagement letter (joint)',
        signers: 'both',
        spouse_name: 'Vikram Rao',
        spouse_email: SPOUSE_EMAIL,
      },
      [{ field: 'document', bytes: form8879 }],
    );
    await clientOpen(asha, joint, 'document');
    const code = await clientCode(asha, joint);
    const signed = await clientCall(asha, 'sign', signBody(joint, code));
    expect(signed.statusCode, signed.body).toBe(200);
    expectError(
      await clientCall(asha, 'paper', { document_id: joint }),
      409,
      MESSAGES.SIGNATURE_PAPER_AFTER_SIGNED,
    );
    const docs = (await clientList(asha)).documents;
    expect(docs.find((d) => d.document_id === spouseOnly)?.status).toBe('pending');
    expect(docs.find((d) => d.document_id === joint)?.status).toBe('pending');
  });
});
