/**
 * Issue 19 item 1: the terms recorded at registration, the §7216 answer recorded as new rows with the cache
 * on the client and the audit in one transaction, asked at sign-in while needed, and never another client's.
 */
import {
  MESSAGES,
  OFFSHORE_CONSENT_VERSION,
  TERMS_VERSION,
  type AccountConsentsSaveBody,
} from '@taxfirm/contract';
import { and, asc, auditLog, clients, consents, eq, sql } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { offshoreStateOf } from './consents.service.ts';

const t = useTestApp();
const DAY = 86_400_000;

const rowsOf = (clientId: string) =>
  t.database.db.select().from(consents).where(eq(consents.clientId, clientId)).orderBy(asc(consents.seq));
const cacheOf = async (clientId: string) =>
  (
    await t.database.db
      .select({ yes: clients.offshoreConsent, until: clients.offshoreConsentExpiresAt })
      .from(clients)
      .where(eq(clients.id, clientId))
  )[0];
const save = (sid: string, body: AccountConsentsSaveBody) =>
  t.postAs(sid, '/api/account/consents/save', body);
const get = async (sid: string) => {
  const res = await t.postAs(sid, '/api/account/consents/get', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('terms at registration', () => {
  it('records the terms row (version, IP, browser, user) in the registration, and no §7216 answer', async () => {
    const asha = await signUpAndLogIn(t, 'asha.consent@example.com');
    const rows = await rowsOf(asha.clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'terms',
      version: TERMS_VERSION,
      granted: true,
      userId: asha.userId,
      ip: '127.0.0.1',
      signature: null,
      expiresAt: null,
    });
    expect(rows[0]?.userAgent).toBeTruthy();
    expect(await cacheOf(asha.clientId)).toEqual({ yes: null, until: null });
  });
});

describe('account/consents', () => {
  it('asks a new client (§7216 unanswered), with the wording made out to them and the firm', async () => {
    const c = await signUpAndLogIn(t, 'ask.consent@example.com', { first: 'Leela', last: 'Menon' });
    const body = await get(c.sid);
    expect(body).toMatchObject({
      terms_version: TERMS_VERSION,
      offshore_version: OFFSHORE_CONSENT_VERSION,
      offshore: null,
      offshore_state: 'unanswered',
      needs_answer: true,
      taxpayer_name: 'Leela Menon',
    });
    expect(body.terms.version).toBe(TERMS_VERSION);
    const text = (body.offshore_text as string[]).join('\n');
    expect(text).toContain('I, Leela Menon, authorize ');
    expect(text).toContain('tax return preparation staff located in India');
    expect(text).toContain(
      'This consent to disclose may result in your tax return information being disclosed to a tax return preparer located outside the United States.',
    );
    expect(text).toContain('1-800-366-4484');
    expect(text).toContain(
      'If we obtain your signature on this form by conditioning our services on your consent',
    );
    expect(text).not.toContain('we may decline');
  });

  it('records a Yes for one year and a later No as new rows, with the cache and the audit', async () => {
    const c = await signUpAndLogIn(t, 'yes.consent@example.com');
    const yes = await save(c.sid, { offshore: 'yes', signature: 'Asha Rao' });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({ offshore_state: 'yes', status_smessage: MESSAGES.CONSENT_SAVED });
    let rows = await rowsOf(c.clientId);
    expect(rows.map((r) => [r.kind, r.granted])).toEqual([
      ['terms', true],
      ['offshore_disclosure', true],
    ]);
    const yesRow = rows[1];
    if (!yesRow?.expiresAt) throw new Error('no Yes row with an expiry');
    expect(yesRow).toMatchObject({
      version: OFFSHORE_CONSENT_VERSION,
      signature: 'Asha Rao',
      userId: c.userId,
    });
    const oneYear = yesRow.expiresAt.getTime() - yesRow.createdAt.getTime();
    expect(oneYear).toBeGreaterThanOrEqual(365 * DAY);
    expect(oneYear).toBeLessThanOrEqual(366 * DAY);
    expect(await cacheOf(c.clientId)).toEqual({ yes: true, until: yesRow.expiresAt });
    expect((await get(c.sid)).needs_answer).toBe(false);

    const no = await save(c.sid, { offshore: 'no', signature: 'Asha Rao' });
    expect(no.json().offshore_state).toBe('no');
    rows = await rowsOf(c.clientId);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ granted: false, expiresAt: null });
    // The Yes is still there as it was: a change is a new row.
    expect(rows[1]).toEqual(yesRow);
    expect(await cacheOf(c.clientId)).toEqual({ yes: false, until: null });
    const got = await get(c.sid);
    expect(got).toMatchObject({ offshore_state: 'no', needs_answer: false, offshore: { granted: false } });

    const audits = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.clientId), sql`${auditLog.action} like 'client.consent.%'`))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audits).toEqual([
      { action: 'client.consent.offshore', subject: `yes ${OFFSHORE_CONSENT_VERSION}`, actor: c.userId },
      { action: 'client.consent.offshore', subject: `no ${OFFSHORE_CONSENT_VERSION}`, actor: c.userId },
    ]);
  });

  it('refuses to change or delete a recorded consent (append-only)', async () => {
    const c = await signUpAndLogIn(t, 'append.consent@example.com');
    await save(c.sid, { offshore: 'yes', signature: 'Asha Rao' });
    await expect(
      t.database.db.update(consents).set({ granted: false }).where(eq(consents.clientId, c.clientId)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(consents).where(eq(consents.clientId, c.clientId))).rejects.toThrow();
    expect((await rowsOf(c.clientId)).filter((r) => r.kind === 'offshore_disclosure')[0]?.granted).toBe(true);
  });

  it('answers and records for the session client only (a client_id in the body is ignored)', async () => {
    const a = await signUpAndLogIn(t, 'a.session@example.com', { first: 'Anil', last: 'Das' });
    const b = await signUpAndLogIn(t, 'b.session@example.com', { first: 'Bina', last: 'Sen' });
    await save(b.sid, { offshore: 'yes', signature: 'Bina Sen' });
    const res = await t.postAs(a.sid, '/api/account/consents/get', { client_id: b.clientId });
    expect(res.json()).toMatchObject({
      taxpayer_name: 'Anil Das',
      offshore: null,
      offshore_state: 'unanswered',
    });
    const saved = await t.postAs(a.sid, '/api/account/consents/save', {
      offshore: 'no',
      signature: 'Anil Das',
      client_id: b.clientId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await cacheOf(b.clientId)).toMatchObject({ yes: true });
    expect(await cacheOf(a.clientId)).toEqual({ yes: false, until: null });
    expect((await rowsOf(b.clientId)).filter((r) => r.kind === 'offshore_disclosure')).toHaveLength(1);
  });

  it('refuses staff and visitors, and an answer without Yes/No or a typed name', async () => {
    const admin = await staffSession(t, 'consent.admin@firm.example', 'admin');
    expect((await t.postAs(admin.sid, '/api/account/consents/get', {})).statusCode).toBe(401);
    expect((await t.post('/api/account/consents/get', {})).statusCode).toBe(401);
    const c = await signUpAndLogIn(t, 'invalid.consent@example.com');
    const bad = await t.postAs(c.sid, '/api/account/consents/save', { signature: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MESSAGES.CONSENT_ANSWER_REQUIRED);
    expect(bad.body).toContain(MESSAGES.CONSENT_SIGNATURE_REQUIRED);
    expect((await rowsOf(c.clientId)).filter((r) => r.kind === 'offshore_disclosure')).toHaveLength(0);
  });
});

describe('asked at sign-in', () => {
  const login = (email: string) => t.post('/api/login/check', { email, password: 'a long test password' });

  it('login answers consent_required until the §7216 question is answered, then not', async () => {
    const c = await signUpAndLogIn(t, 'login.consent@example.com');
    const first = await login('login.consent@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json().consent_required).toBe(true);
    await save(c.sid, { offshore: 'no', signature: 'Asha Rao' });
    const second = await login('login.consent@example.com');
    expect(second.json().uinfo.client_id).toBe(c.clientId);
    expect(second.json()).not.toHaveProperty('consent_required');
  });

  it('an invited client (no terms row) must accept the terms with the answer', async () => {
    const c = await signUpAndLogIn(t, 'invited.consent@example.com');
    // As an invitation leaves it: no terms row (the account was made by staff).
    await t.database.db.execute(sql`alter table consents disable trigger consents_append_only`);
    await t.database.db.delete(consents).where(eq(consents.clientId, c.clientId));
    await t.database.db.execute(sql`alter table consents enable trigger consents_append_only`);
    const got = await get(c.sid);
    expect(got).toMatchObject({ terms: null, needs_answer: true });
    const refused = await save(c.sid, { offshore: 'yes', signature: 'Asha Rao' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status_smessage).toBe(MESSAGES.ACCEPT_TERMS);
    expect(await rowsOf(c.clientId)).toHaveLength(0);
    const ok = await save(c.sid, { accept_terms: true, offshore: 'yes', signature: 'Asha Rao' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await rowsOf(c.clientId)).map((r) => r.kind)).toEqual(['terms', 'offshore_disclosure']);
    expect((await get(c.sid)).needs_answer).toBe(false);
    const audit = await t.database.db
      .select({ subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.clientId), eq(auditLog.action, 'client.consent.terms')));
    expect(audit).toEqual([{ subject: TERMS_VERSION }]);
  });

  it('asks again once a Yes has run out (and the state says expired)', async () => {
    const c = await signUpAndLogIn(t, 'expired.consent@example.com');
    await save(c.sid, { offshore: 'yes', signature: 'Asha Rao' });
    // A year later: the Yes in force has run out (written as the foreign keys' cascade could, depth 2).
    await t.database.db.execute(sql`alter table consents disable trigger consents_append_only`);
    await t.database.db
      .update(consents)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(consents.clientId, c.clientId), eq(consents.kind, 'offshore_disclosure')));
    await t.database.db.execute(sql`alter table consents enable trigger consents_append_only`);
    const got = await get(c.sid);
    expect(got).toMatchObject({ offshore_state: 'expired', needs_answer: true });
    expect((await login('expired.consent@example.com')).json().consent_required).toBe(true);
  });
});

describe('offshoreStateOf', () => {
  it('reads unanswered, no, yes and expired', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(offshoreStateOf(null, now)).toBe('unanswered');
    expect(offshoreStateOf({ granted: false, expiresAt: null }, now)).toBe('no');
    expect(offshoreStateOf({ granted: true, expiresAt: new Date(now.getTime() + DAY) }, now)).toBe('yes');
    expect(offshoreStateOf({ granted: true, expiresAt: now }, now)).toBe('expired');
  });
});

describe('the §7216 signature is the client’s own name (issue 33)', () => {
  it('accepts the name whatever its case, spacing and accents, and with a middle name', async () => {
    const c = await signUpAndLogIn(t, 'sig.match@example.com', { first: 'Jose', last: 'Garcia' });
    for (const signature of ['Jose Garcia', 'JOSÉ  garcía', 'josegarcia', 'José M. García']) {
      const res = await save(c.sid, { offshore: 'yes', signature });
      expect(res.statusCode, `${signature}: ${res.body}`).toBe(200);
    }
    const rows = (await rowsOf(c.clientId)).filter((r) => r.kind === 'offshore_disclosure');
    // Recorded as typed: the signature is the client's own writing.
    expect(rows.map((r) => r.signature)).toEqual([
      'Jose Garcia',
      'JOSÉ  garcía',
      'josegarcia',
      'José M. García',
    ]);
  });

  it('refuses another name with 400 and a plain message naming the expected name, recording nothing', async () => {
    const c = await signUpAndLogIn(t, 'sig.other@example.com', { first: 'Mary Ann', last: 'Smith' });
    // The client's own name, with its two-word first name, signs.
    const before = await rowsOf(c.clientId);
    const audits = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.clientId, c.clientId))).length;
    const auditsBefore = await audits();
    for (const signature of ['Bina Sen', 'Smith Mary Ann', 'Mary Smyth', 'M. Smith']) {
      const res = await save(c.sid, { accept_terms: true, offshore: 'yes', signature });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        status_smessage: `${MESSAGES.CONSENT_SIGNATURE_MISMATCH} Mary Ann Smith.`,
        details: { signature: `${MESSAGES.CONSENT_SIGNATURE_MISMATCH} Mary Ann Smith.` },
      });
      // Nothing of what was typed is echoed back.
      expect(res.body).not.toContain(signature);
    }
    expect(await rowsOf(c.clientId)).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
    expect(await cacheOf(c.clientId)).toEqual({ yes: null, until: null });
    const ok = await save(c.sid, { offshore: 'no', signature: 'mary ann smith' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the consent record staff see (issue 33)', () => {
  it("shows staff when, from which IP address and browser the terms and the §7216 answer were given; the client's own answer carries neither", async () => {
    const c = await signUpAndLogIn(t, 'evidence.consent@example.com');
    expect((await save(c.sid, { offshore: 'yes', signature: 'Asha Rao' })).statusCode).toBe(200);
    const [terms, offshore] = await rowsOf(c.clientId);
    expect(terms?.kind).toBe('terms');
    expect(terms?.userAgent).toBeTruthy();

    const admin = await staffSession(t, 'evidence.admin@firm.example', 'admin');
    const file = await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: c.clientId });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().consents).toMatchObject({
      offshore_state: 'yes',
      terms: {
        version: TERMS_VERSION,
        at: terms?.createdAt.toISOString(),
        ip: '127.0.0.1',
        user_agent: terms?.userAgent,
      },
      offshore: { signature: 'Asha Rao', ip: offshore?.ip, user_agent: offshore?.userAgent },
    });

    // The client's own consents answer: the records without the evidence fields.
    const own = await get(c.sid);
    for (const record of [own.terms, own.offshore]) {
      expect(Object.keys(record).sort()).toEqual(['at', 'expires_at', 'granted', 'signature', 'version']);
    }
  });
});
