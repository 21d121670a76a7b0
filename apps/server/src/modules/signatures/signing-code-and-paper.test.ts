/** Documents to sign (issue 19): the one-time code's own lock, voiding, expired links and signing on paper. */
import { MESSAGES, SIGNATURE_CODE_MAX_ATTEMPTS } from '@taxfirm/contract';
import { auditLog, eq, requestItems, signatureSigners } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { makeTestPdf, makeTestPngDataUrl } from '../../../test/pdf-text.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import {
  admin,
  analyst,
  asha,
  clientCall,
  clientCode,
  clientList,
  clientOpen,
  createForSpouse,
  createOk,
  expectError,
  form8879,
  getPublic,
  signBody,
  spouseCall,
  spouseOpens,
  staffCall,
  staffList,
  t,
  taxYear,
  typed,
  useSigning,
} from './testing/signing-kit.ts';

useSigning();

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
    await createForSpouse('other', 'Late letter');
    // A file link handed out while the link was good dies with it, though the file link's own 5 minutes are not up.
    const { token, fileUrl } = await spouseOpens();
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
    const id = await createForSpouse('other', 'Consent letter');
    const { token, fileUrl } = await spouseOpens();
    expect((await staffCall(analyst, 'void', { document_id: id, reason: 'Wrong year' })).statusCode).toBe(
      200,
    );
    expectError(await spouseCall('get', { token }), 404, MESSAGES.SIGNATURE_LINK_INVALID);
    expect((await getPublic(fileUrl)).statusCode).toBe(404);
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
    const spouseOnly = await createForSpouse('other', 'Spouse declaration');
    expectError(
      await clientCall(asha, 'paper', { document_id: spouseOnly }),
      409,
      MESSAGES.SIGNATURE_NOT_YOURS,
    );
    // A joint document the taxpayer has signed electronically: paper would drop that signature.
    const joint = await createForSpouse('engagement', 'Engagement letter (joint)', 'both');
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
