import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { registerBodySchema } from './accounts.schemas.ts';

describe('registerBodySchema', () => {
  const valid = {
    first_name: 'John',
    last_name: 'Smith',
    phone: '(469)-555-0100',
    email: 'john.smith@example.com',
    confirmemail: 'john.smith@example.com',
    password: 'correct horse battery',
    confirmpassword: 'correct horse battery',
    mobileCountry: 'US',
    terms: true,
  };

  it('accepts a complete registration and normalises the phone to ten digits', () => {
    const parsed = registerBodySchema.parse(valid);
    expect(parsed.phone).toBe('4695550100');
    expect(parsed.mobileCountry).toBe('US');
    expect(parsed.first_name).toBe('John');
  });

  it('defaults mobileCountry to US', () => {
    const { mobileCountry: _omitted, ...withoutCountry } = valid;
    expect(registerBodySchema.parse(withoutCountry).mobileCountry).toBe('US');
  });

  it('accepts an INDIA number typed with the 00000-00000 mask', () => {
    const parsed = registerBodySchema.parse({
      ...valid,
      mobileCountry: 'INDIA',
      phone: '98765-43210',
    });
    expect(parsed.phone).toBe('9876543210');
    expect(parsed.mobileCountry).toBe('INDIA');
  });

  it('refuses a mobileCountry other than US or INDIA', () => {
    expect(schemaErrors(registerBodySchema, { ...valid, mobileCountry: 'UK' })).toEqual({
      mobileCountry: 'Choose US (+1) or INDIA (+91)',
    });
  });

  it('accepts names made of letters and spaces', () => {
    expect(
      registerBodySchema.safeParse({
        ...valid,
        first_name: 'Mary Ann',
        last_name: 'Van Buren',
      }).success,
    ).toBe(true);
  });

  it("refuses a first name with a digit: 'First name should consist of Alphabets only'", () => {
    expect(schemaErrors(registerBodySchema, { ...valid, first_name: 'J0hn' })).toEqual({
      first_name: 'First name should consist of Alphabets only',
    });
  });

  it("refuses a last name with a digit: 'Last name should consist of Alphabets only'", () => {
    expect(schemaErrors(registerBodySchema, { ...valid, last_name: 'Smith2' })).toEqual({
      last_name: 'Last name should consist of Alphabets only',
    });
  });

  it('refuses a name with punctuation', () => {
    expect(schemaErrors(registerBodySchema, { ...valid, last_name: 'Smith-Jones' })).toEqual({
      last_name: 'Last name should consist of Alphabets only',
    });
  });

  it('requires first and last name', () => {
    expect(schemaErrors(registerBodySchema, { ...valid, first_name: '', last_name: '  ' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it("refuses a 9-digit phone: 'Phone Number must be 10 digits'", () => {
    expect(schemaErrors(registerBodySchema, { ...valid, phone: '469555010' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
    expect(schemaErrors(registerBodySchema, { ...valid, phone: '(469)-555-010' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('refuses an 11-digit phone', () => {
    expect(schemaErrors(registerBodySchema, { ...valid, phone: '46955501001' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('requires the phone', () => {
    expect(schemaErrors(registerBodySchema, { ...valid, phone: '' })).toEqual({
      phone: 'Phone number is required',
    });
  });

  it('requires e-mail, confirm e-mail, password and confirm password', () => {
    const { email: _e, confirmemail: _c, password: _p, confirmpassword: _cp, ...rest } = valid;
    expect(schemaErrors(registerBodySchema, rest)).toEqual({
      email: 'Email is required',
      confirmemail: 'Confirm email is required',
      password: 'Password is required',
      confirmpassword: 'Confirm Password is required',
    });
  });

  it("refuses mismatched e-mails: 'Email Id and Confirm Email Id are not matching.'", () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        confirmemail: 'john.smyth@example.com',
      }),
    ).toEqual({
      confirmemail: 'Email Id and Confirm Email Id are not matching.',
    });
  });

  it('compares the two e-mails without regard to case or surrounding spaces', () => {
    expect(
      registerBodySchema.safeParse({
        ...valid,
        confirmemail: '  John.Smith@EXAMPLE.com ',
      }).success,
    ).toBe(true);
  });

  it("refuses mismatched passwords: 'New password and confirm password are not same.'", () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        confirmpassword: 'correct horse battery!',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password are not same.',
    });
  });

  it('compares passwords exactly, case included', () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        confirmpassword: 'Correct horse battery',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password are not same.',
    });
  });

  it("refuses a registration without accepted terms: 'Please accept terms and conditions'", () => {
    const { terms: _t, ...withoutTerms } = valid;
    expect(schemaErrors(registerBodySchema, withoutTerms)).toEqual({
      terms: 'Please accept terms and conditions',
    });
    expect(schemaErrors(registerBodySchema, { ...valid, terms: false })).toEqual({
      terms: 'Please accept terms and conditions',
    });
    expect(schemaErrors(registerBodySchema, { ...valid, terms: 'true' })).toEqual({
      terms: 'Please accept terms and conditions',
    });
  });

  it('F-14: refuses a password shorter than 12 characters (ASVS 2.1.1)', () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        password: 'eleven chrs',
        confirmpassword: 'eleven chrs',
      }),
    ).toEqual({ password: 'Password must be at least 12 characters' });
    expect(
      registerBodySchema.safeParse({
        ...valid,
        password: 'twelve chars',
        confirmpassword: 'twelve chars',
      }).success,
    ).toBe(true);
  });

  it('refuses a password equal to the e-mail address (this product’s policy)', () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        password: 'John.Smith@example.com',
        confirmpassword: 'John.Smith@example.com',
      }),
    ).toEqual({
      password: 'Password must not be the same as your email address',
    });
  });

  it('refuses a malformed e-mail', () => {
    expect(
      schemaErrors(registerBodySchema, {
        ...valid,
        email: 'john',
        confirmemail: 'john',
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('cross-field checks run alongside the other messages', () => {
  it('reports a mismatched e-mail and password while other fields are still empty', () => {
    const result = registerBodySchema.safeParse({
      first_name: '',
      last_name: '',
      phone: '',
      email: 'a@example.com',
      confirmemail: 'b@example.com',
      password: 'long enough password',
      confirmpassword: 'another long password',
      terms: false,
    });
    expect(result.success).toBe(false);
    const messages = result.success ? {} : fieldErrors(result.error);
    expect(messages).toMatchObject({
      first_name: 'First name is required',
      confirmemail: 'Email Id and Confirm Email Id are not matching.',
      confirmpassword: 'New password and confirm password are not same.',
      terms: 'Please accept terms and conditions',
    });
  });
});
