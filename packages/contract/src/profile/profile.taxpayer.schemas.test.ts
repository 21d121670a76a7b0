import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import { ssnInputSchema, taxpayerBodySchema } from './profile.schemas.ts';

const INVALID_DATE = 'Invalid date format. Please use MM-DD-YYYY.';

describe('ssnInputSchema', () => {
  it('accepts nine digits, with or without dashes or spaces', () => {
    expect(ssnInputSchema.parse('123-45-6789')).toBe('123456789');
    expect(ssnInputSchema.parse('123456789')).toBe('123456789');
    expect(ssnInputSchema.parse(' 123 45 6789 ')).toBe('123456789');
  });

  it('refuses nine digits no SSN or ITIN can have', () => {
    for (const ssn of [
      '000-12-3456',
      '666-12-3456',
      '123-00-4567',
      '123-45-0000',
      '912-34-5678',
      '900-69-1234',
      '900-93-1234',
    ]) {
      expect(schemaErrors(ssnInputSchema, ssn), ssn).toEqual({
        _: 'This is not a valid SSN/ITIN. Please check the number.',
      });
    }
    for (const itin of [
      '900-50-1234',
      '900-65-1234',
      '900-70-1234',
      '900-88-1234',
      '900-92-1234',
      '900-94-1234',
      '900-99-1234',
    ]) {
      expect(ssnInputSchema.parse(itin), itin).toBe(itin.replaceAll('-', ''));
    }
  });

  it('treats a blank SSN as "keep the stored number"', () => {
    expect(ssnInputSchema.parse(undefined)).toBeUndefined();
    expect(ssnInputSchema.parse('')).toBeUndefined();
    expect(ssnInputSchema.parse('   ')).toBeUndefined();
  });

  it('refuses anything but nine digits', () => {
    for (const ssn of ['12345678', '1234567890', '123-45-678', '123-45-678X', 'ABC-DE-FGHI', '***-**-6789']) {
      expect(schemaErrors(ssnInputSchema, ssn), ssn).toEqual({
        _: 'SSN/ITIN must be 9 digits',
      });
    }
  });
});

describe('taxpayerBodySchema', () => {
  const valid = {
    unique_code: 'form-1',
    first_name: 'John',
    last_name: 'Smith',
    ssnitin: '123-45-6789',
    occupation: 'Engineer',
    dob: '07-04-1980',
    filling_status: 'Married Filing Jointly',
    dependent: '1',
    email: 'john@example.com',
    phoneext: 'US',
    phone: '(469)-555-0100',
    alterphone: '(469)-555-0199',
    address: '1 Main St',
    city_name: 'Dallas',
    state_name: 'TX',
    country_name: 'US',
    zip: '75001',
    insurence: 'Yes',
    current_emp: 'Acme',
    c_location: 'Dallas',
    time_zone: 'CST',
    referral_name: '',
  };

  it('accepts a complete profile and normalises phone and SSN', () => {
    const parsed = taxpayerBodySchema.parse(valid);
    expect(parsed.phone).toBe('4695550100');
    expect(parsed.ssnitin).toBe('123456789');
    expect(parsed.dob).toBe('07-04-1980');
    expect(parsed.referral_name).toBeUndefined();
  });

  it('accepts the INDIA mask when the extension is INDIA', () => {
    expect(
      taxpayerBodySchema.parse({
        ...valid,
        phoneext: 'INDIA',
        phone: '98765-43210',
      }).phone,
    ).toBe('9876543210');
  });

  it('needs only names, e-mail, phone and phone extension', () => {
    expect(
      taxpayerBodySchema.parse({
        first_name: 'John',
        last_name: 'Smith',
        email: 'john@example.com',
        phoneext: 'US',
        phone: '4695550100',
      }),
    ).toEqual({
      first_name: 'John',
      last_name: 'Smith',
      email: 'john@example.com',
      phoneext: 'US',
      phone: '4695550100',
    });
  });

  it("requires first and last name: 'First name is required', 'Last name is required'", () => {
    expect(schemaErrors(taxpayerBodySchema, { ...valid, first_name: '', last_name: ' ' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it('allows letters and spaces only in names', () => {
    expect(
      schemaErrors(taxpayerBodySchema, {
        ...valid,
        first_name: 'John3',
        last_name: 'Smith_',
      }),
    ).toEqual({
      first_name: 'First name should consist of Alphabets only',
      last_name: 'Last name should consist of Alphabets only',
    });
    expect(taxpayerBodySchema.safeParse({ ...valid, first_name: 'Mary Ann' }).success).toBe(true);
  });

  it('requires e-mail, phone and phone extension', () => {
    const { email: _e, phone: _p, phoneext: _x, ...rest } = valid;
    expect(schemaErrors(taxpayerBodySchema, rest)).toEqual({
      email: 'Email is required',
      phone: 'Phone number is required',
      phoneext: 'Phone extension is required',
    });
  });

  it('has no default phone extension', () => {
    expect(schemaErrors(taxpayerBodySchema, { ...valid, phoneext: null })).toEqual({
      phoneext: 'Phone extension is required',
    });
  });

  it("refuses a 9-digit phone: 'Phone Number must be 10 digits'", () => {
    expect(schemaErrors(taxpayerBodySchema, { ...valid, phone: '(469)-555-010' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('accepts every filing status spelled exactly as the specification', () => {
    for (const status of [
      'Single',
      'Married Filing Jointly',
      'Married Filing Seperately',
      'Head Of Household',
      'Qualified Widow/er with Dependent Child',
    ]) {
      expect(taxpayerBodySchema.parse({ ...valid, filling_status: status }).filling_status, status).toBe(
        status,
      );
    }
  });

  it('refuses filing statuses spelled any other way', () => {
    for (const status of ['Married Filing Separately', 'single', 'Head of Household', 'Widow']) {
      expect(taxpayerBodySchema.safeParse({ ...valid, filling_status: status }).success, status).toBe(false);
    }
  });

  it('treats an empty or null choice as not chosen', () => {
    const parsed = taxpayerBodySchema.parse({
      ...valid,
      filling_status: '',
      dependent: null,
      country_name: '',
      insurence: '',
      time_zone: null,
    });
    expect(parsed.filling_status).toBeUndefined();
    expect(parsed.dependent).toBeUndefined();
    expect(parsed.country_name).toBeUndefined();
    expect(parsed.insurence).toBeUndefined();
    expect(parsed.time_zone).toBeUndefined();
  });

  it('accepts dependent 1 (yes) or 2 (no) only', () => {
    expect(taxpayerBodySchema.parse({ ...valid, dependent: '1' }).dependent).toBe('1');
    expect(taxpayerBodySchema.parse({ ...valid, dependent: '2' }).dependent).toBe('2');
    expect(taxpayerBodySchema.safeParse({ ...valid, dependent: '3' }).success).toBe(false);
    expect(taxpayerBodySchema.safeParse({ ...valid, dependent: 'Yes' }).success).toBe(false);
  });

  it('accepts the country, insurance and time zone options of the specification only', () => {
    for (const country of ['INDIA', 'US', 'Other']) {
      expect(taxpayerBodySchema.safeParse({ ...valid, country_name: country }).success, country).toBe(true);
    }
    expect(taxpayerBodySchema.safeParse({ ...valid, country_name: 'UK' }).success).toBe(false);
    for (const answer of ['Yes', 'No']) {
      expect(taxpayerBodySchema.safeParse({ ...valid, insurence: answer }).success, answer).toBe(true);
    }
    expect(taxpayerBodySchema.safeParse({ ...valid, insurence: 'Maybe' }).success).toBe(false);
    for (const zone of ['EST', 'PST', 'CST', 'MST', 'IST', 'OTHER']) {
      expect(taxpayerBodySchema.safeParse({ ...valid, time_zone: zone }).success, zone).toBe(true);
    }
    expect(taxpayerBodySchema.safeParse({ ...valid, time_zone: 'GMT' }).success).toBe(false);
  });

  it('checks the date of birth as MM-DD-YYYY when given', () => {
    expect(schemaErrors(taxpayerBodySchema, { ...valid, dob: '1980-07-04' })).toEqual({ dob: INVALID_DATE });
    expect(taxpayerBodySchema.parse({ ...valid, dob: '' }).dob).toBeUndefined();
  });

  it('checks the SSN/ITIN format when given', () => {
    expect(schemaErrors(taxpayerBodySchema, { ...valid, ssnitin: '12345' })).toEqual({
      ssnitin: 'SSN/ITIN must be 9 digits',
    });
  });
});
