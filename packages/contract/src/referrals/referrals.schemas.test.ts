import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import {
  clientReferralBodySchema,
  publicReferralBodySchema,
  referralListBodySchema,
  referralListResponseSchema,
  saveReferralBodySchema,
} from './referrals.schemas.ts';

const valid = {
  rf_on_name: 'John Smith',
  rf_on_email: 'john@example.com',
  rf_on_phone: '(469)-555-0100',
  rf_on_phone_ext: 'US',
  rf_name: 'Priya Sharma',
  rf_email: 'priya@example.com',
  rf_phone: '98765-43210',
  rf_phone_ext: 'INDIA',
  rf_comment: 'She needs help with her US return.',
  rf_user_id: 0,
};

/** Each field's message when none is given. */
const EVERY_FIELD_REQUIRED = {
  rf_on_name: 'Name is required',
  rf_on_email: 'Email is required',
  rf_on_phone: 'Phone number is required',
  rf_name: 'Your friend name is required',
  rf_email: 'Your friend email is required',
  rf_phone: 'Your friend phone number is required',
  rf_comment: 'Message is required',
};

const forms = [
  ['publicReferralBodySchema', publicReferralBodySchema],
  ['clientReferralBodySchema', clientReferralBodySchema],
] as const;

describe.each(forms)('%s', (_name, schema) => {
  it('accepts a complete referral and normalises both phones', () => {
    const parsed = schema.parse(valid);
    expect(parsed.rf_on_phone).toBe('4695550100');
    expect(parsed.rf_phone).toBe('9876543210');
    expect(parsed.rf_user_id).toBe(0);
  });

  it('defaults both phone extensions to US', () => {
    const { rf_on_phone_ext: _a, rf_phone_ext: _b, ...rest } = valid;
    const parsed = schema.parse(rest);
    expect(parsed.rf_on_phone_ext).toBe('US');
    expect(parsed.rf_phone_ext).toBe('US');
  });

  it('requires every field, with the specification’s wording', () => {
    expect(schemaErrors(schema, {})).toEqual(EVERY_FIELD_REQUIRED);
  });

  it('treats blank fields as missing', () => {
    expect(
      schemaErrors(schema, {
        rf_on_name: ' ',
        rf_on_email: '',
        rf_on_phone: '',
        rf_name: '  ',
        rf_email: ' ',
        rf_phone: '',
        rf_comment: '',
      }),
    ).toEqual(EVERY_FIELD_REQUIRED);
  });

  it('requires the friend’s phone on its own', () => {
    expect(schemaErrors(schema, { ...valid, rf_phone: '' })).toEqual({
      rf_phone: 'Your friend phone number is required',
    });
  });

  it("refuses phones that are not 10 digits: 'Phone Number must be 10 digits'", () => {
    expect(
      schemaErrors(schema, {
        ...valid,
        rf_on_phone: '469555010',
        rf_phone: '98765-432100',
      }),
    ).toEqual({
      rf_on_phone: 'Phone Number must be 10 digits',
      rf_phone: 'Phone Number must be 10 digits',
    });
  });

  it('refuses malformed e-mails', () => {
    expect(schemaErrors(schema, { ...valid, rf_on_email: 'john', rf_email: 'priya@' })).toEqual({
      rf_on_email: 'Please enter a valid email address',
      rf_email: 'Please enter a valid email address',
    });
  });

  it('accepts rf_user_id as a string or leaves it out', () => {
    expect(schema.safeParse({ ...valid, rf_user_id: '17' }).success).toBe(true);
    const { rf_user_id: _id, ...rest } = valid;
    expect(schema.safeParse(rest).success).toBe(true);
  });
});

describe('same e-mail for referrer and friend', () => {
  it("is refused on the public form: 'Both emails are same'", () => {
    expect(
      schemaErrors(publicReferralBodySchema, {
        ...valid,
        rf_email: 'john@example.com',
      }),
    ).toEqual({
      rf_email: 'Both emails are same',
    });
  });

  it("is refused on the client form: 'Your email address and your refer friend email address are same.'", () => {
    expect(
      schemaErrors(clientReferralBodySchema, {
        ...valid,
        rf_email: 'john@example.com',
      }),
    ).toEqual({
      rf_email: 'Your email address and your refer friend email address are same.',
    });
  });

  it('is detected without regard to case or surrounding spaces', () => {
    expect(
      schemaErrors(publicReferralBodySchema, {
        ...valid,
        rf_email: '  JOHN@Example.COM ',
      }),
    ).toEqual({
      rf_email: 'Both emails are same',
    });
    expect(
      schemaErrors(clientReferralBodySchema, {
        ...valid,
        rf_on_email: 'John@Example.com',
        rf_email: 'john@EXAMPLE.com',
      }),
    ).toEqual({
      rf_email: 'Your email address and your refer friend email address are same.',
    });
  });

  it('does not fire for different addresses that only share a prefix', () => {
    expect(
      publicReferralBodySchema.safeParse({
        ...valid,
        rf_email: 'john@example.co',
      }).success,
    ).toBe(true);
    expect(
      clientReferralBodySchema.safeParse({
        ...valid,
        rf_email: 'john1@example.com',
      }).success,
    ).toBe(true);
  });
});

describe('saveReferralBodySchema (the saverefferal call body)', () => {
  it('carries the same fields and required messages as both forms', () => {
    expect(saveReferralBodySchema.parse(valid)).toEqual(publicReferralBodySchema.parse(valid));
    expect(schemaErrors(saveReferralBodySchema, {})).toEqual(schemaErrors(publicReferralBodySchema, {}));
  });
});

describe('referralListBodySchema', () => {
  it('defaults to the first page of 10 rows', () => {
    expect(referralListBodySchema.parse({})).toEqual({
      dataTablesParameters: { draw: 1, start: 0, length: 10 },
    });
  });

  it('accepts the DataTables parameters and a tax year', () => {
    expect(
      referralListBodySchema.parse({
        dataTablesParameters: { draw: 2, start: 10, length: 10 },
        taxy: '2021',
      }),
    ).toEqual({
      dataTablesParameters: { draw: 2, start: 10, length: 10 },
      taxy: 2021,
    });
  });

  it('refuses an implausible tax year', () => {
    expect(referralListBodySchema.safeParse({ taxy: 1999 }).success).toBe(false);
    expect(referralListBodySchema.safeParse({ taxy: 2101 }).success).toBe(false);
  });
});

describe('referralListResponseSchema', () => {
  it('carries data, recordsTotal and recordsFiltered', () => {
    const answer = {
      http_code: 200,
      status_smessage: 'Success',
      draw: 1,
      recordsTotal: 1,
      recordsFiltered: 1,
      data: [
        {
          rf_on_name: 'John Smith',
          rf_on_email: 'john@example.com',
          rf_name: 'Priya Sharma',
          rf_email: 'priya@example.com',
          rf_phone: '9876543210',
          rf_phone_ext: 'INDIA',
          rf_comment: 'hello',
          created_at: '01-15-2024',
        },
      ],
    };
    expect(referralListResponseSchema.parse(answer)).toEqual(answer);
    const { recordsFiltered: _f, ...missing } = answer;
    expect(referralListResponseSchema.safeParse(missing).success).toBe(false);
  });
});
