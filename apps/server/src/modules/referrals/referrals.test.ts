import { referrals } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { postFromAddress, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { expectFieldErrors, expectAnswered } from '../../../test/answers.ts';

const t = useTestApp();

const VALID = {
  rf_on_name: 'Asha Rao',
  rf_on_email: 'asha@example.com',
  rf_on_phone_ext: 'US',
  rf_on_phone: '(469)-555-0100',
  rf_name: 'Vikram Iyer',
  rf_email: 'vikram@example.com',
  rf_phone_ext: 'INDIA',
  rf_phone: '98765-43210',
  rf_comment: 'He needs help with his FBAR.',
  rf_user_id: 0,
};

const stored = () => t.database.db.select().from(referrals);

describe('saverefferal from the public site', () => {
  it("stores a visitor's referral for the current tax year, linked to no client", async () => {
    const res = await t.post('/api/saverefferal', { ...VALID, rf_user_id: '42' });
    expectAnswered(res, 'Thank you for your referral. We will reach out to your friend soon.');
    const settings = (await t.post('/api/settings/getsettings')).json().data[0];
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: null,
      taxYear: settings.current_tax_year,
      referrerName: 'Asha Rao',
      referrerEmail: 'asha@example.com',
      referrerPhone: '4695550100',
      referrerPhoneExt: 'US',
      friendName: 'Vikram Iyer',
      friendEmail: 'vikram@example.com',
      friendPhone: '9876543210',
      friendPhoneExt: 'INDIA',
      comment: 'He needs help with his FBAR.',
    });
  });

  it("refuses a friend e-mail equal to one's own with 'Both emails are same' and stores nothing", async () => {
    const before = (await stored()).length;
    const res = await t.post('/api/saverefferal', { ...VALID, rf_email: 'ASHA@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status_smessage: 'Both emails are same',
      details: { rf_email: 'Both emails are same' },
    });
    expect((await stored()).length).toBe(before);
  });

  it("answers every field's message when the form is empty", async () => {
    const res = await t.post('/api/saverefferal', {});
    expectFieldErrors(res, {
      rf_on_name: 'Name is required',
      rf_on_email: 'Email is required',
      rf_on_phone: 'Phone number is required',
      rf_name: 'Your friend name is required',
      rf_email: 'Your friend email is required',
      rf_phone: 'Your friend phone number is required',
      rf_comment: 'Message is required',
    });
  });
});

describe('saverefferal from a logged-in client', () => {
  it("refers as the client: name and e-mail from the account, linked to the session's client", async () => {
    const { sid, clientId } = await signUpAndLogIn(t, 'meera.client@example.com', {
      first: 'Meera',
      last: 'Iyer',
    });
    const res = await t.postAs(sid, '/api/saverefferal', {
      ...VALID,
      rf_on_name: 'Someone Else',
      rf_on_email: 'someone.else@example.com',
      rf_email: 'friend.of.meera@example.com',
      rf_user_id: 'another-client',
    });
    expect(res.statusCode).toBe(200);
    const row = (await stored()).find((r) => r.friendEmail === 'friend.of.meera@example.com');
    expect(row).toMatchObject({
      clientId,
      referrerName: 'Meera Iyer',
      referrerEmail: 'meera.client@example.com',
    });
  });

  it("refuses the client's own e-mail as the friend's with the client wording", async () => {
    const { sid } = await signUpAndLogIn(t, 'self.referrer@example.com');
    const res = await t.postAs(sid, '/api/saverefferal', { ...VALID, rf_email: 'SELF.referrer@example.com' });
    expectFieldErrors(res, {
      rf_email: 'Your email address and your refer friend email address are same.',
    });
  });
});

describe('user/refferalslist', () => {
  it("pages through the client's own referrals for a tax year, newest first, with the DataTables counts", async () => {
    const owner = await signUpAndLogIn(t, 'lister@example.com', { first: 'Lena', last: 'Lister' });
    const other = await signUpAndLogIn(t, 'other.lister@example.com', { first: 'Omar', last: 'Other' });
    const year = await currentTaxYear(t);
    const row = (clientId: string, n: number, taxYear = year) => ({
      clientId,
      taxYear,
      referrerName: 'Lena Lister',
      referrerEmail: 'lister@example.com',
      referrerPhone: '4695550100',
      referrerPhoneExt: 'US',
      friendName: `Friend ${String(n).padStart(2, '0')}`,
      friendEmail: `friend${n}@example.com`,
      friendPhone: '9876543210',
      friendPhoneExt: 'INDIA',
      comment: `Referral ${n}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
    });
    await t.database.db
      .insert(referrals)
      .values([
        ...Array.from({ length: 25 }, (_, i) => row(owner.clientId, i + 1)),
        row(owner.clientId, 90, year - 1),
        row(other.clientId, 99),
      ]);
    const page = async (start: number, extra: Record<string, unknown> = {}) =>
      (
        await t.postAs(owner.sid, '/api/user/refferalslist', {
          dataTablesParameters: { draw: start / 10 + 1, start, length: 10 },
          user_id: other.userId,
          ...extra,
        })
      ).json();

    const first = await page(0);
    expect(first).toMatchObject({ http_code: 200, draw: 1, recordsTotal: 25, recordsFiltered: 25 });
    expect(first.data.map((r: { rf_name: string }) => r.rf_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Friend ${25 - i}`),
    );
    expect(first.data[0]).toMatchObject({
      rf_email: 'friend25@example.com',
      rf_phone: '98765-43210',
      rf_phone_ext: 'INDIA',
      rf_comment: 'Referral 25',
    });
    expect((await page(10)).data).toHaveLength(10);
    const last = await page(20);
    expect(last).toMatchObject({ draw: 3, recordsTotal: 25 });
    expect(last.data.map((r: { rf_name: string }) => r.rf_name)).toEqual([
      'Friend 05',
      'Friend 04',
      'Friend 03',
      'Friend 02',
      'Friend 01',
    ]);

    // Another tax year, a search, and the other client's list.
    const lastYear = await page(0, { taxy: year - 1 });
    expect(lastYear).toMatchObject({ recordsTotal: 1, data: [{ rf_name: 'Friend 90' }] });
    const searched = await t.postAs(owner.sid, '/api/user/refferalslist', {
      dataTablesParameters: { draw: 4, start: 0, length: 10, search: { value: 'friend1' } },
    });
    expect(searched.json()).toMatchObject({ recordsTotal: 25, recordsFiltered: 11 });
    const theirs = await t.postAs(other.sid, '/api/user/refferalslist', {});
    expect(theirs.json()).toMatchObject({ recordsTotal: 1, data: [{ rf_name: 'Friend 99' }] });
  });

  it('answers 401 without a session and 400 for paging out of range', async () => {
    expect((await t.post('/api/user/refferalslist', {})).statusCode).toBe(401);
    const { sid } = await signUpAndLogIn(t, 'pager@example.com');
    const res = await t.postAs(sid, '/api/user/refferalslist', {
      dataTablesParameters: { draw: 1, start: -1, length: 1000 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('F-05: saverefferal is rate limited: per IP for visitors, per account for clients', () => {
  const TOO_MANY = {
    http_code: 429,
    code: 'TOO_MANY_REQUESTS',
    status_smessage: 'Too many attempts. Please wait a moment and try again.',
  };
  /** POST a referral from `remoteAddress` as a visitor, with a valid CSRF cookie and header. */
  const postFrom = (remoteAddress: string, body: unknown) =>
    postFromAddress(t, remoteAddress, '/api/saverefferal', body);
  const friend = (n: number) => ({ ...VALID, rf_name: `Friend ${n}`, rf_email: `friend${n}@example.com` });

  it("F-05: a visitor's 21st referral in an hour from one IP gets 429 and stores nothing; other IPs are unaffected", async () => {
    const flooder = '203.0.113.40';
    for (let n = 1; n <= 20; n++) {
      const res = await postFrom(flooder, friend(n));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = (await stored()).length;
    const tooMany = await postFrom(flooder, friend(21));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual(TOO_MANY);
    expect((await stored()).length).toBe(before);

    expect((await postFrom('203.0.113.41', friend(22))).statusCode).toBe(200);
    expect((await stored()).length).toBe(before + 1);
  });

  it("F-05: a signed-in client's referrals count per account (60 an hour), not against the visitors' limit", async () => {
    const { sid } = await signUpAndLogIn(t, 'big.family@example.com');
    for (let n = 1; n <= 60; n++) {
      const res = await t.postAs(sid, '/api/saverefferal', friend(100 + n));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = (await stored()).length;
    const tooMany = await t.postAs(sid, '/api/saverefferal', friend(161));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual(TOO_MANY);
    expect((await stored()).length).toBe(before);
    // Another client is unaffected.
    const { sid: other } = await signUpAndLogIn(t, 'small.family@example.com');
    expect((await t.postAs(other, '/api/saverefferal', friend(162))).statusCode).toBe(200);
  });
});
