/** Documents to sign (issue 19): staff put one up, and the taxpayer and the spouse sign a Form 8879. */
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  emailOutbox,
  eq,
  sessions,
  signatureDocuments,
  signatureSigners,
  staffActivity,
} from '@taxfirm/db';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { stepUpSession } from '../../../test/helpers.ts';
import { makeTestPngDataUrl, pageText } from '../../../test/pdf-text.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import {
  analyst,
  asha,
  ASHA_EMAIL,
  clientCall,
  clientCode,
  clientList,
  clientOpen,
  create,
  createOk,
  expectError,
  form8879,
  fullReturn,
  getPublic,
  lastMail,
  otherAnalyst,
  ravi,
  sha,
  signBody,
  SPOUSE_EMAIL,
  spouseCall,
  spouseCode,
  spouseToken,
  staffCall,
  staffList,
  t,
  taxYear,
  typed,
  useSigning,
} from './testing/signing-kit.ts';

useSigning();

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
