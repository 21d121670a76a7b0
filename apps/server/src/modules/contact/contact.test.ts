import { contactMessages } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { postFromAddress, useTestApp } from '../../../test/helpers.ts';
import { expectFieldErrors, expectAnswered } from '../../../test/answers.ts';

const t = useTestApp();

const VALID = {
  c_name: 'Asha Rao',
  c_email: 'asha@example.com',
  c_phone_ext: 'INDIA',
  c_phone: '98765-43210',
  c_message: 'I need help with my 1040NR and an Indian return.',
  c_year: 2022,
  user_id: 'someone-else',
};

async function storedMessages() {
  return t.database.db.select().from(contactMessages);
}

describe('savecontactinfo', () => {
  it('stores the message for the staff inbox and answers the success message', async () => {
    const res = await t.post('/api/savecontactinfo', VALID);
    expectAnswered(res, 'Thank you for contacting us. We will get back to you within one business day.');
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      phoneExt: 'INDIA',
      message: VALID.c_message,
      status: 'new',
    });
  });

  it('defaults the country code to US', async () => {
    const { c_phone_ext: _ext, ...withoutExt } = VALID;
    const res = await t.post('/api/savecontactinfo', {
      ...withoutExt,
      c_phone: '(469)-555-0100',
      c_name: 'Sam',
    });
    expect(res.statusCode).toBe(200);
    const sam = (await storedMessages()).find((r) => r.name === 'Sam');
    expect(sam).toMatchObject({ phone: '4695550100', phoneExt: 'US' });
  });

  it("answers the specification's messages for missing fields and stores nothing", async () => {
    const before = (await storedMessages()).length;
    const res = await t.post('/api/savecontactinfo', {
      c_name: ' ',
      c_email: '',
      c_phone: '',
      c_message: '',
    });
    expectFieldErrors(res, {
      c_name: 'Name is required',
      c_email: 'Email is required',
      c_phone: 'Phone number is required',
      c_message: 'Message is required',
    });
    expect((await storedMessages()).length).toBe(before);
  });

  it('refuses an invalid e-mail and a phone that is not 10 digits', async () => {
    const res = await t.post('/api/savecontactinfo', { ...VALID, c_email: 'asha@', c_phone: '98765-4321' });
    expectFieldErrors(res, {
      c_email: 'Please enter a valid email address',
      c_phone: 'Phone Number must be 10 digits',
    });
  });

  it('refuses an unknown country code', async () => {
    const res = await t.post('/api/savecontactinfo', { ...VALID, c_phone_ext: 'UK' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.c_phone_ext).toBe('Choose US (+1) or INDIA (+91)');
  });
});

describe('F-05: the public contact form is rate limited per IP', () => {
  /** POST the form from `remoteAddress`, with a valid CSRF cookie and header. */
  const postFrom = (remoteAddress: string, body: unknown) =>
    postFromAddress(t, remoteAddress, '/api/savecontactinfo', body);

  it('F-05: 20 messages an hour from one IP are taken, the 21st gets 429 and stores nothing; other IPs are unaffected', async () => {
    const flooder = '203.0.113.20';
    for (let n = 1; n <= 20; n++) {
      const res = await postFrom(flooder, { ...VALID, c_name: `Flood ${n}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = (await storedMessages()).length;
    const tooMany = await postFrom(flooder, { ...VALID, c_name: 'Flood 21' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({
      http_code: 429,
      code: 'TOO_MANY_REQUESTS',
      status_smessage: 'Too many attempts. Please wait a moment and try again.',
    });
    // Every post counts, an invalid one too: still 429, not the field messages.
    expect((await postFrom(flooder, {})).statusCode).toBe(429);
    expect((await storedMessages()).length).toBe(before);

    const neighbour = await postFrom('203.0.113.21', { ...VALID, c_name: 'Neighbour' });
    expect(neighbour.statusCode, neighbour.body).toBe(200);
    expect((await storedMessages()).length).toBe(before + 1);
  });
});
