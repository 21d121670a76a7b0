/**
 * Security review 2 on signers' access: S2-06 (wrong codes per signer, the lock, staff reopen), S2-05 (the
 * spouse's link: its own address, signed-only after signing, revoke and resend) and the staff calls' refusals.
 * The people and calls are in test/review-kit.ts.
 */
import { MESSAGES, SIGNATURE_FAILED_CODES_LOCK } from '@taxfirm/contract';
import { and, auditLog, eq, signatureDocuments, signatureSigners, sql } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { makeTestPdf } from '../../../test/pdf-text.ts';
import {
  clientCall,
  clientCode,
  clientOpen,
  create,
  createOk,
  lastMail,
  people,
  signBody,
  smtp,
  spouseCall,
  spouseCode,
  spouseToken,
  staffCall,
  staffDoc,
  startSigningApp,
  stopSigningApp,
  typed,
  withSpouse,
  wrongOf,
} from './testing/review-kit.ts';
import { expectError } from './testing/signing-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startSigningApp();
});
afterAll(async () => {
  await stopSigningApp(t);
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
