/**
 * The household (issue 38): a spouse and a delegate with their own logins on Asha's file. What the holder
 * manages, what each member may do, that a member never reaches another household's anything, and that a
 * removed member's sessions end at once. Ravi is the other household.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, desc, emailOutbox, eq, householdMembers, requestItems, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { sentText, setPasswordByLink, stepUpSession, type ClientSession } from '../../../test/helpers.ts';
import { uploadForm } from '../documents/testing/documents-kit.ts';
import { insertStaffItem } from '../requests/testing/checklist-helpers.ts';
import { messageForm } from '../messaging/testing/message-forms.ts';
import {
  admin,
  analyst,
  asha,
  clientCall,
  clientList,
  clientOpen,
  create,
  createForSpouse,
  form8879,
  expectError,
  lastMail,
  otherAnalyst,
  ravi,
  SPOUSE_EMAIL,
  t,
  taxYear,
  typed,
  useSigning,
} from '../signatures/testing/signing-kit.ts';

useSigning();

type Member = ClientSession & { memberId: string };
const PASSWORD = 'a household passphrase';

const invite = (who: { sid: string }, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/account/household/invite', body);
const household = (who: { sid: string }, path: string, body: Record<string, unknown> = {}) =>
  t.postAs(who.sid, `/api/account/household/${path}`, body);

/** The set-up link's secret from the newest invitation e-mailed to `email`. */
async function setUpSecret(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const secret = /resetpasswordlink\/([\w-]{40,})/.exec(sentText(mail))?.[1];
  if (!secret) throw new Error(`no set-up link e-mailed to ${email}`);
  return secret;
}

async function logIn(email: string): Promise<ClientSession> {
  const login = await t.post('/api/login/check', { email, password: PASSWORD });
  const uinfo = login.json().uinfo as { user_id: string; client_id: string } | undefined;
  const sid = login.cookies.find((c) => c.name === 'sid')?.value;
  if (!uinfo || !sid) throw new Error(`login failed: ${login.body}`);
  return { sid, userId: uinfo.user_id, clientId: uinfo.client_id };
}

/** `holder` invites a member, who sets a password from the e-mail and signs in. */
async function join(
  holder: ClientSession,
  body: { kind: 'spouse' | 'delegate'; first_name: string; last_name: string; email: string } & Record<
    string,
    unknown
  >,
): Promise<Member> {
  await stepUpSession(t, holder.sid);
  const res = await invite(holder, body);
  expect(res.statusCode, res.body).toBe(200);
  const set = await setPasswordByLink(t, await setUpSecret(body.email), PASSWORD);
  expect(set.statusCode, set.body).toBe(200);
  return { ...(await logIn(body.email)), memberId: res.json().member.member_id as string };
}

let spouse: Member;
let delegate: Member;
let raviDelegate: Member;

describe('account/household/invite', () => {
  it('needs a fresh step-up, then invites the spouse, who sets a password and signs in to the same file', async () => {
    // A fresh session: no step-up yet.
    const fresh = await t.post('/api/login/check', {
      email: 'asha.sign@example.com',
      password: 'a long test password',
    });
    const freshSid = fresh.cookies.find((c) => c.name === 'sid')?.value ?? '';
    const body = { kind: 'spouse', first_name: 'Vikram', last_name: 'Rao', email: SPOUSE_EMAIL };
    expectError(await invite({ sid: freshSid }, body), 403, MESSAGES.STEP_UP_REQUIRED);

    await stepUpSession(t, asha.sid);
    const res = await invite(asha, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status_smessage: MESSAGES.HOUSEHOLD_INVITED,
      member: { kind: 'spouse', name: 'Vikram Rao', email: SPOUSE_EMAIL, state: 'invited', can_upload: true },
    });
    const memberId = res.json().member.member_id as string;
    const mail = await lastMail(SPOUSE_EMAIL, 'invited you');
    expect(mail).toContain('Asha Rao');
    const [row] = await t.database.db
      .select()
      .from(householdMembers)
      .where(eq(householdMembers.id, memberId));
    expect(row).toMatchObject({ clientId: asha.clientId, kind: 'spouse', invitedBy: asha.userId });
    const audits = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, asha.clientId), eq(auditLog.action, 'household.invite')));
    expect(audits).toEqual([{ action: 'household.invite', subject: `${memberId}: spouse` }]);

    // Nobody can sign in before the link.
    expect(
      (await t.post('/api/login/check', { email: SPOUSE_EMAIL, password: PASSWORD })).json().uinfo,
    ).toBeUndefined();
    expect((await setPasswordByLink(t, await setUpSecret(SPOUSE_EMAIL), PASSWORD)).statusCode).toBe(200);
    const session = await logIn(SPOUSE_EMAIL);
    expect(session.clientId).toBe(asha.clientId);
    expect(session.userId).not.toBe(asha.userId);
    spouse = { ...session, memberId };

    const list = await household(spouse, 'list');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      holder: { name: 'Asha Rao', email: 'asha.sign@example.com' },
      members: [{ member_id: memberId, state: 'active' }],
      me: { kind: 'spouse', can_sign: true, can_reveal: true, can_manage: false },
    });
  });

  it('invites a delegate with the rights chosen; refuses a second spouse, a taken address and bad input', async () => {
    delegate = await join(asha, {
      kind: 'delegate',
      first_name: 'Arjun',
      last_name: 'Raman',
      email: 'arjun.household@example.com',
      can_upload: false,
      can_message: false,
    });
    expect(delegate.clientId).toBe(asha.clientId);
    const list = (await household(asha, 'list')).json();
    expect(list.members).toMatchObject([
      { kind: 'spouse', name: 'Vikram Rao' },
      { kind: 'delegate', name: 'Arjun Raman', can_upload: false, can_message: false, state: 'active' },
    ]);
    expect(list.me).toMatchObject({ kind: 'holder', can_manage: true });

    await stepUpSession(t, asha.sid);
    const before = await t.database.db.select({ id: users.id }).from(users);
    const second = await invite(asha, {
      kind: 'spouse',
      first_name: 'Other',
      last_name: 'Spouse',
      email: 'other.spouse@example.com',
    });
    expectError(second, 409, MESSAGES.HOUSEHOLD_SPOUSE_EXISTS);
    // Another client's login, and the holder's own: a clear 409 that tells nothing more.
    for (const email of ['ravi.sign@example.com', 'asha.sign@example.com', 'ARJUN.household@example.com']) {
      const taken = await invite(asha, { kind: 'delegate', first_name: 'Some', last_name: 'One', email });
      expectError(taken, 409, MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN);
      expect(taken.json().details).toEqual({ email: MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN });
    }
    const bad = await invite(asha, { kind: 'owner', first_name: '', last_name: 'X', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.json().details).toMatchObject({ kind: MESSAGES.HOUSEHOLD_KIND_INVALID });
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('refuses members every holder-only call, even stepped up', async () => {
    for (const member of [spouse, delegate]) {
      await stepUpSession(t, member.sid);
      const body = { kind: 'delegate', first_name: 'Some', last_name: 'One', email: 'some.one@example.com' };
      expectError(await invite(member, body), 403, MESSAGES.HOUSEHOLD_HOLDER_ONLY);
      expectError(
        await household(member, 'remove', { member_id: delegate.memberId }),
        403,
        MESSAGES.HOUSEHOLD_HOLDER_ONLY,
      );
      expectError(
        await household(member, 'rights', {
          member_id: delegate.memberId,
          can_upload: true,
          can_message: true,
        }),
        403,
        MESSAGES.HOUSEHOLD_HOLDER_ONLY,
      );
    }
    expect((await household(asha, 'list')).json().members).toHaveLength(2);
  });
});

describe("a delegate's rights", () => {
  it('sees the file but never reveals, signs or edits; uploads and messages only with the right', async () => {
    const list = (await household(delegate, 'list')).json();
    expect(list.me).toEqual({
      kind: 'delegate',
      can_upload: false,
      can_message: false,
      can_sign: false,
      can_reveal: false,
      can_manage: false,
    });
    expect((await t.postAs(delegate.sid, '/api/user/taxpayerinfo', {})).json().tinfo.email).toBe(
      'asha.sign@example.com',
    );
    await stepUpSession(t, delegate.sid);
    expectError(
      await t.postAs(delegate.sid, '/api/account/revealssn', { section: 'taxpayer' }),
      403,
      MESSAGES.HOUSEHOLD_NO_REVEAL,
    );
    const upload = () =>
      t.postFormAs(
        delegate.sid,
        '/api/upload/uploaddocs',
        uploadForm(delegate, 'W2', 1, [{ name: 'w2-delegate.pdf', bytes: samplePdf(5000) }]),
      );
    expectError(await upload(), 403, MESSAGES.HOUSEHOLD_NO_UPLOAD);
    const send = () =>
      t.postFormAs(delegate.sid, '/api/account/messages/send', messageForm({ body: 'Hello from Arjun' }));
    expectError(await send(), 403, MESSAGES.HOUSEHOLD_NO_MESSAGE);

    const rights = await household(asha, 'rights', {
      member_id: delegate.memberId,
      can_upload: true,
      can_message: true,
    });
    expect(rights.statusCode, rights.body).toBe(200);
    expect(rights.json().member).toMatchObject({ can_upload: true, can_message: true });
    expectError(
      await household(asha, 'rights', { member_id: spouse.memberId, can_upload: false, can_message: false }),
      422,
      MESSAGES.HOUSEHOLD_SPOUSE_RIGHTS,
    );
    // In force at once, in the same session.
    expect((await upload()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    // The holder reads it under the delegate's name.
    const thread = (await t.postAs(asha.sid, '/api/account/messages/list', {})).json();
    expect(thread.messages.at(-1)).toMatchObject({ author: 'Arjun Raman', body: 'Hello from Arjun' });
    expect(
      (await t.postAs(delegate.sid, '/api/account/messages/list', {})).json().messages.at(-1).author,
    ).toBe('You');
  });

  it('never signs nor opens a document to sign: no role of theirs in the list; open, code, signature and paper are refused', async () => {
    const documentId = await createForSpouse('8879', 'Form 8879 (delegate)', 'both');
    const listed = await clientList(delegate);
    expect(listed.documents.find((d) => d.document_id === documentId)?.my_role).toBeNull();
    expect(listed.to_sign).toBe(0);
    await stepUpSession(t, delegate.sid);
    for (const path of ['code', 'paper']) {
      expectError(
        await clientCall(delegate, path, { document_id: documentId }),
        403,
        MESSAGES.HOUSEHOLD_NO_SIGN,
      );
    }
    expectError(
      await clientCall(delegate, 'sign', {
        document_id: documentId,
        code: '123456',
        signature: typed('Arjun Raman'),
        agree: true,
      }),
      403,
      MESSAGES.HOUSEHOLD_NO_SIGN,
    );
    // Nor opens it: a tax form (and its return) carries identity numbers in full.
    for (const part of ['document', 'return']) {
      expectError(
        await clientCall(delegate, 'open', { document_id: documentId, part }),
        403,
        MESSAGES.HOUSEHOLD_NO_REVEAL,
      );
    }
    // Profile and organizer edits too.
    expectError(
      await t.postAs(delegate.sid, '/api/user/savespouse', { first_name: 'Arjun', last_name: 'Raman' }),
      403,
      MESSAGES.HOUSEHOLD_NO_EDIT,
    );
    expectError(
      await t.postAs(delegate.sid, '/api/account/organizer/save', { answers: {} }),
      403,
      MESSAGES.HOUSEHOLD_NO_EDIT,
    );
  });
});

describe('a spouse member', () => {
  it("uploads a W-2 that staff see as the spouse's, and signs the spouse's part of an 8879 from their login", async () => {
    const res = await t.postFormAs(
      spouse.sid,
      '/api/upload/uploaddocs',
      uploadForm(spouse, 'W2', 1, [{ name: 'w2-vikram.pdf', bytes: samplePdf(5000) }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const docs = await t.postAs(analyst.sid, '/api/staff/clients/documents', { client_id: asha.clientId });
    expect(docs.statusCode, docs.body).toBe(200);
    const w2s = (
      docs.json().categories as { category: string; documents: { name: string; uploaded_by: string }[] }[]
    )
      .find((c) => c.category === 'W2')
      ?.documents.find((d) => d.name === 'w2-vikram.pdf');
    expect(w2s?.uploaded_by).toBe('Vikram Rao');
    // The household's own list says who uploaded it too (a client alone keeps the spec's list: documents.test, F-18).
    const own = await t.postAs(asha.sid, '/api/upload/getuploaddocs', { folderPath: `${asha.clientId}/W2/` });
    expect(own.statusCode, own.body).toBe(200);
    const listed = own.json().data.Contents as { Key: string; uploaded_by?: string }[];
    expect(listed.find((d) => d.Key.endsWith('w2-vikram.pdf'))?.uploaded_by).toBe('Vikram Rao');

    const documentId = await createForSpouse('8879', 'Form 8879 (spouse member)', 'both');
    const toSign = await clientList(spouse);
    expect(toSign.documents.find((d) => d.document_id === documentId)?.my_role).toBe('spouse');
    expect((await clientList(asha)).documents.find((d) => d.document_id === documentId)?.my_role).toBe(
      'taxpayer',
    );
    await clientOpen(spouse, documentId, 'document');
    await stepUpSession(t, spouse.sid);
    const sent = await clientCall(spouse, 'code', { document_id: documentId });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = /Your signing code is (\d{6})/.exec(await lastMail(SPOUSE_EMAIL, 'signing code'))?.[1] ?? '';
    const signed = await clientCall(spouse, 'sign', {
      document_id: documentId,
      code,
      signature: typed('Vikram Rao'),
      agree: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().complete).toBe(false);
    const after = (await clientList(asha)).documents.find((d) => d.document_id === documentId);
    expect(after?.signers.find((s) => s.role === 'spouse')?.signed_at).not.toBeNull();
    expect(after?.signers.find((s) => s.role === 'taxpayer')?.signed_at).toBeNull();
  });
});

describe('another household', () => {
  it("is never reached by a spouse or a delegate of Asha's household, whatever ids they send", async () => {
    raviDelegate = await join(ravi, {
      kind: 'delegate',
      first_name: 'Kiran',
      last_name: 'Kumar',
      email: 'kiran.household@example.com',
      can_upload: true,
      can_message: true,
    });
    expect(raviDelegate.clientId).toBe(ravi.clientId);
    // Ravi's things: an upload, a message, a document to sign, a checklist item, an invoice.
    expect(
      (
        await t.postFormAs(
          ravi.sid,
          '/api/upload/uploaddocs',
          uploadForm(ravi, 'W2', 1, [{ name: 'w2-ravi.pdf', bytes: samplePdf(5000) }]),
        )
      ).statusCode,
    ).toBe(200);
    const raviDocs = (
      await t.postAs(ravi.sid, '/api/upload/getuploaddocs', { folderPath: `${ravi.clientId}/W2/` })
    ).json().data.Contents as { Key: string }[];
    const raviKey = raviDocs[0]?.Key ?? '';
    await t.postFormAs(ravi.sid, '/api/account/messages/send', messageForm({ body: 'Ravi only' }));
    const sign = await create(
      otherAnalyst,
      { client_id: ravi.clientId, kind: 'other', title: 'Ravi only', signers: 'taxpayer' },
      [{ field: 'document', bytes: form8879 }],
    );
    expect(sign.statusCode, sign.body).toBe(200);
    const raviSignature = sign.json().document_id as string;
    const itemId = await insertStaffItem(t.database.db, ravi, {
      title: 'Ravi 1099',
      type: 'other',
      position: 1,
    });
    const invoice = await makeInvoice(t.database.db, {
      clientId: ravi.clientId,
      taxYear,
      totalCents: 10_000,
      status: 'sent',
    });

    for (const member of [spouse, delegate]) {
      await stepUpSession(t, member.sid);
      // Documents: listing, deleting by Ravi's key, a folder of Ravi's.
      expect(
        (await t.postAs(member.sid, '/api/upload/getuploaddocs', { folderPath: `${ravi.clientId}/W2/` }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await t.postAs(member.sid, '/api/upload/deleteuploaddoc', {
            uid: member.userId,
            filename: raviKey,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.postFormAs(
            member.sid,
            '/api/upload/uploaddocs',
            uploadForm(ravi, 'W2', 1, [{ name: 'into-ravi.pdf', bytes: samplePdf(5000) }]),
          )
        ).statusCode,
      ).toBe(403);
      // Messages: only Asha's conversation.
      const thread = (await t.postAs(member.sid, '/api/account/messages/list', {})).json();
      expect(JSON.stringify(thread)).not.toContain('Ravi only');
      // Signatures: Ravi's document is as if it did not exist.
      const docs = (await clientList(member)).documents.map((d) => d.title);
      expect(docs).not.toContain('Ravi only');
      // The spouse is told 404 (as if it did not exist); the delegate is refused opening any before a lookup.
      expect(
        (await clientCall(member, 'open', { document_id: raviSignature, part: 'document' })).statusCode,
      ).toBe(member === spouse ? 404 : 403);
      for (const path of ['code', 'paper']) {
        const res = await clientCall(member, path, { document_id: raviSignature });
        // The spouse is told 404 (as if it did not exist); the delegate is refused signing before any lookup.
        expect(res.statusCode).toBe(member === spouse ? 404 : 403);
      }
      // Requests: Ravi's item.
      const items = (await t.postAs(member.sid, '/api/account/requests/list', {})).json();
      expect(JSON.stringify(items)).not.toContain('Ravi 1099');
      for (const path of ['notapplicable', 'later']) {
        const res = await t.postAs(member.sid, `/api/account/requests/${path}`, {
          item_id: itemId,
          reason: 'x',
        });
        expect([400, 403, 404]).toContain(res.statusCode);
      }
      // Invoices: Ravi's.
      const invoices = (await t.postAs(member.sid, '/api/account/invoices/list', {})).json();
      expect(JSON.stringify(invoices)).not.toContain(invoice.id);
      expect(
        (await t.postAs(member.sid, '/api/account/invoices/get', { invoice_id: invoice.id })).statusCode,
      ).toBe(404);
      // Profile: Asha's only.
      const profile = (await t.postAs(member.sid, '/api/user/taxpayerinfo', {})).json();
      expect(profile.tinfo?.email ?? 'asha.sign@example.com').toBe('asha.sign@example.com');
      // The household: Ravi's members are not Asha's.
      expect(JSON.stringify((await household(member, 'list')).json())).not.toContain('Kiran');
    }
    // Ravi's delegate cannot touch Asha's members.
    expect(
      (await household(raviDelegate, 'list')).json().members.map((m: { name: string }) => m.name),
    ).toEqual(['Kiran Kumar']);
    // Nor can Ravi remove Asha's.
    expectError(
      await household(ravi, 'remove', { member_id: spouse.memberId }),
      404,
      MESSAGES.HOUSEHOLD_MEMBER_NOT_FOUND,
    );
    const stillThere = await t.database.db.select().from(requestItems).where(eq(requestItems.id, itemId));
    expect(stillThere[0]?.status).not.toBe('not_applicable');
  });
});

describe('staff and the household', () => {
  it("lists the file's members for staff who may work it, and lets them invite the spouse", async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/household/list', { client_id: asha.clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: { name: string }) => m.name)).toEqual(['Vikram Rao', 'Arjun Raman']);
    const refused = await t.postAs(otherAnalyst.sid, '/api/staff/household/list', {
      client_id: asha.clientId,
    });
    expect([403, 404]).toContain(refused.statusCode);
    const body = {
      client_id: ravi.clientId,
      first_name: 'Leela',
      last_name: 'Kumar',
      email: 'leela.household@example.com',
    };
    // A new way into the file: a fresh step-up first, even for an admin.
    expectError(
      await t.postAs(admin.sid, '/api/staff/household/invite', body),
      403,
      MESSAGES.STEP_UP_REQUIRED,
    );
    await stepUpSession(t, admin.sid);
    await stepUpSession(t, analyst.sid);
    // An analyst not on Ravi's file is refused, stepped up or not.
    expect([403, 404]).toContain(
      (await t.postAs(analyst.sid, '/api/staff/household/invite', body)).statusCode,
    );
    const ok = await t.postAs(admin.sid, '/api/staff/household/invite', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().member).toMatchObject({ kind: 'spouse', name: 'Leela Kumar', state: 'invited' });
    expect(await lastMail('leela.household@example.com', 'invited you')).toContain('Ada Shah');
    expectError(
      await t.postAs(admin.sid, '/api/staff/household/invite', { ...body, email: 'leela.two@example.com' }),
      409,
      MESSAGES.HOUSEHOLD_SPOUSE_EXISTS,
    );
  });
});

describe('account/household/remove', () => {
  it("ends the member's sessions at once; they can no longer sign in to the file", async () => {
    expect((await household(delegate, 'list')).statusCode).toBe(200);
    const res = await household(asha, 'remove', { member_id: delegate.memberId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.HOUSEHOLD_REMOVED);
    expect((await household(delegate, 'list')).statusCode).toBe(401);
    expect((await t.postAs(delegate.sid, '/api/account/messages/list', {})).statusCode).toBe(401);
    const again = await t.post('/api/login/check', {
      email: 'arjun.household@example.com',
      password: PASSWORD,
    });
    expect(again.json().uinfo).toBeUndefined();
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await household(asha, 'list')).json().members.map((m: { name: string }) => m.name)).toEqual([
      'Vikram Rao',
    ]);
    expectError(
      await household(asha, 'remove', { member_id: delegate.memberId }),
      404,
      MESSAGES.HOUSEHOLD_MEMBER_NOT_FOUND,
    );
    // The spouse's session is untouched, and the holder's one-login behaviour with it.
    expect((await household(spouse, 'list')).statusCode).toBe(200);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, asha.clientId), eq(auditLog.action, 'household.remove')));
    expect(audits).toHaveLength(1);
  });

  it('lets the holder invite a removed member again: the same login, a new set-up link', async () => {
    await stepUpSession(t, asha.sid);
    const res = await invite(asha, {
      kind: 'delegate',
      first_name: 'Arjun',
      last_name: 'Raman',
      email: 'arjun.household@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [member] = await t.database.db
      .select({ userId: householdMembers.userId })
      .from(householdMembers)
      .where(eq(householdMembers.id, res.json().member.member_id as string));
    expect(member?.userId).toBe(delegate.userId);
    // The old session stays ended; the password is chosen again through the new link.
    expect((await household(delegate, 'list')).statusCode).toBe(401);
    expect(
      (await setPasswordByLink(t, await setUpSecret('arjun.household@example.com'), PASSWORD)).statusCode,
    ).toBe(200);
    expect((await logIn('arjun.household@example.com')).clientId).toBe(asha.clientId);
  });
});
