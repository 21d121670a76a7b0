import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import { contactBodySchema } from './contact.schemas.ts';

describe('contactBodySchema', () => {
  const valid = {
    c_name: 'John Smith',
    c_email: 'john@example.com',
    c_phone: '(469)-555-0100',
    c_phone_ext: 'US',
    c_message: 'Please call me about my FBAR filing.',
    c_year: 2022,
  };

  it('accepts a complete message and normalises the phone', () => {
    expect(contactBodySchema.parse(valid)).toEqual({
      ...valid,
      c_phone: '4695550100',
    });
  });

  it('defaults the phone extension to US and the year to 2022', () => {
    const { c_phone_ext: _ext, c_year: _year, ...rest } = valid;
    const parsed = contactBodySchema.parse(rest);
    expect(parsed.c_phone_ext).toBe('US');
    expect(parsed.c_year).toBe(2022);
  });

  it('accepts the year as the string the old client sent', () => {
    expect(contactBodySchema.parse({ ...valid, c_year: '2022' }).c_year).toBe(2022);
  });

  it('accepts an INDIA number typed with the 00000-00000 mask', () => {
    expect(
      contactBodySchema.parse({
        ...valid,
        c_phone_ext: 'INDIA',
        c_phone: '98765-43210',
      }).c_phone,
    ).toBe('9876543210');
  });

  it('requires name, e-mail, phone and message with the specification’s wording', () => {
    expect(schemaErrors(contactBodySchema, {})).toEqual({
      c_name: 'Name is required',
      c_email: 'Email is required',
      c_phone: 'Phone number is required',
      c_message: 'Message is required',
    });
    expect(
      schemaErrors(contactBodySchema, {
        c_name: ' ',
        c_email: '',
        c_phone: '',
        c_message: '  ',
      }),
    ).toEqual({
      c_name: 'Name is required',
      c_email: 'Email is required',
      c_phone: 'Phone number is required',
      c_message: 'Message is required',
    });
  });

  it('requires a valid e-mail format', () => {
    for (const email of ['john', 'john@', 'john@example', '@example.com']) {
      expect(schemaErrors(contactBodySchema, { ...valid, c_email: email }), email).toEqual({
        c_email: 'Please enter a valid email address',
      });
    }
  });

  it("refuses a phone that is not 10 digits: 'Phone Number must be 10 digits'", () => {
    expect(schemaErrors(contactBodySchema, { ...valid, c_phone: '(469)-555-010' })).toEqual({
      c_phone: 'Phone Number must be 10 digits',
    });
  });
});
