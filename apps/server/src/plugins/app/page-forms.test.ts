import { FORM_TOKEN_FIELD, XSRF_COOKIE } from '@taxfirm/contract';
import { careerApplications, contactMessages, eq, referrals } from '@taxfirm/db';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { samplePdf } from '../../../test/files.ts';

// No web app in these tests: a page's form answers its outcome as JSON instead of the rendered page.
const t = useTestApp();

/**
 * POST a page's form as a browser without JavaScript does, with the XSRF-TOKEN cookie it holds: urlencoded
 * fields, or multipart `FormData` (a form with a file).
 */
function postPage(
  url: string,
  fields: Record<string, string> | FormData,
  cookie: string | null = t.csrfToken,
) {
  const multipart = fields instanceof FormData;
  return t.app.inject({
    method: 'POST',
    url,
    cookies: cookie ? { [XSRF_COOKIE]: cookie } : {},
    ...(multipart
      ? { payload: fields }
      : {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
  });
}

/** What a form stored: the rows of `table` whose `column` is `value`. */
function storedRows(table: PgTable, column: AnyPgColumn, value: string) {
  return t.database.db.select().from(table).where(eq(column, value));
}

const CONTACT = {
  c_name: 'Asha Rao',
  c_email: 'asha.page@example.com',
  c_phone_ext: 'INDIA',
  c_phone: '98765-43210',
  c_message: 'Please call me about my 1040NR.',
};

describe('public forms posted without JavaScript', () => {
  it('the contact form stores the message and answers the API’s success message', async () => {
    const res = await postPage('/contact-us', { [FORM_TOKEN_FIELD]: t.csrfToken, ...CONTACT });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      ok: true,
      message: 'Thank you for contacting us. We will get back to you within one business day.',
      fieldErrors: {},
      values: {},
    });
    const rows = await storedRows(contactMessages, contactMessages.email, 'asha.page@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha Rao', phone: '9876543210', phoneExt: 'INDIA' });
  });

  it('bad input answers 400 with each field’s message and the values typed, never the token', async () => {
    const res = await postPage('/contact-us', {
      [FORM_TOKEN_FIELD]: t.csrfToken,
      c_name: 'Noor',
      c_email: 'noor@',
      c_phone_ext: 'US',
      c_phone: '(469)-555',
      c_message: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      ok: false,
      message: null,
      fieldErrors: {
        c_email: 'Please enter a valid email address',
        c_phone: 'Phone Number must be 10 digits',
        c_message: 'Message is required',
      },
      values: { c_name: 'Noor', c_email: 'noor@', c_phone_ext: 'US', c_phone: '(469)-555', c_message: '' },
    });
  });

  it('a post without the cookie’s token, or with another, is refused with 403 and stores nothing', async () => {
    const forged = await postPage('/contact-us', { [FORM_TOKEN_FIELD]: 'forged.token', ...CONTACT });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({
      ok: false,
      message: 'Your session could not be verified. Please reload the page and try again.',
    });
    const noCookie = await postPage('/contact-us', { [FORM_TOKEN_FIELD]: t.csrfToken, ...CONTACT }, null);
    expect(noCookie.statusCode).toBe(403);
    const noField = await postPage('/contact-us', CONTACT);
    expect(noField.statusCode).toBe(403);
    const rows = await storedRows(contactMessages, contactMessages.email, 'asha.page@example.com');
    expect(rows).toHaveLength(1);
  });

  it('the public referral form speaks the public wording for the same e-mail, then stores a referral', async () => {
    const referral = {
      [FORM_TOKEN_FIELD]: t.csrfToken,
      rf_on_name: 'Asha Rao',
      rf_on_email: 'asha.ref@example.com',
      rf_on_phone_ext: 'US',
      rf_on_phone: '(469)-555-0100',
      rf_name: 'Vikram Iyer',
      rf_email: 'ASHA.ref@example.com',
      rf_phone_ext: 'INDIA',
      rf_phone: '98765-43210',
      rf_comment: 'He needs help with his FBAR.',
    };
    const same = await postPage('/refer-a-friend', referral);
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual({ rf_email: 'Both emails are same' });
    const ok = await postPage('/refer-a-friend', { ...referral, rf_email: 'vikram.page@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Thank you for your referral. We will reach out to your friend soon.');
    const rows = await storedRows(referrals, referrals.friendEmail, 'vikram.page@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: null, friendPhone: '9876543210', referrerPhone: '4695550100' });
  });

  it('the careers form takes a multipart post with a résumé, the token first', async () => {
    const form = new FormData();
    form.append(FORM_TOKEN_FIELD, t.csrfToken);
    for (const [key, value] of Object.entries({
      firstname: 'Priya',
      lastname: 'Page',
      emailaddress: 'priya.page@example.com',
      phoneext: 'US',
      phone: '4695550100',
      message: 'Enrolled agent.',
    }))
      form.append(key, value);
    form.append('resume', new Blob([samplePdf(4000)], { type: 'application/pdf' }), 'cv.pdf');
    const res = await postPage('/careers', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Submitted successfully.');
    const [row] = await storedRows(careerApplications, careerApplications.email, 'priya.page@example.com');
    expect(row).toMatchObject({ lastName: 'Page', resumeName: 'cv.pdf', resumeType: 'application/pdf' });
  });

  it('a careers post with a forged token stores no file and no row', async () => {
    const form = new FormData();
    form.append(FORM_TOKEN_FIELD, 'forged.token');
    form.append('firstname', 'Forged');
    form.append('resume', new Blob([samplePdf(4000)], { type: 'application/pdf' }), 'cv.pdf');
    const res = await postPage('/careers', form);
    expect(res.statusCode).toBe(403);
    const rows = await storedRows(careerApplications, careerApplications.firstName, 'Forged');
    expect(rows).toHaveLength(0);
  });

  it('counts page posts and API calls against one limit: the 21st contact post in the hour is a 429', async () => {
    // Five contact posts above (the refused ones count too); 14 more, then the 20th, reach the limit.
    for (let i = 0; i < 14; i++)
      await t.post('/api/savecontactinfo', { ...CONTACT, c_email: `n${i}@example.com` });
    const last = await postPage('/contact-us', { [FORM_TOKEN_FIELD]: t.csrfToken, ...CONTACT });
    expect(last.statusCode).toBe(200);
    const over = await postPage('/contact-us', { [FORM_TOKEN_FIELD]: t.csrfToken, ...CONTACT });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      ok: false,
      message: 'Too many attempts. Please wait a moment and try again.',
      values: { c_name: 'Asha Rao' },
    });
  });
});
