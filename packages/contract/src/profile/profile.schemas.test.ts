import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../errors.ts';
import {
  dependentInfoResponseSchema,
  employerInfoResponseSchema,
  employerSchema,
  saveDependentsBodySchema,
  saveEmployersBodySchema,
  spouseBodySchema,
  spouseInfoResponseSchema,
  ssnInputSchema,
  taxpayerBodySchema,
  taxpayerInfoResponseSchema,
} from './profile.schemas.ts';

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

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
      expect(errors(ssnInputSchema, ssn), ssn).toEqual({
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
      expect(errors(ssnInputSchema, ssn), ssn).toEqual({
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
    expect(errors(taxpayerBodySchema, { ...valid, first_name: '', last_name: ' ' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it('allows letters and spaces only in names', () => {
    expect(
      errors(taxpayerBodySchema, {
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
    expect(errors(taxpayerBodySchema, rest)).toEqual({
      email: 'Email is required',
      phone: 'Phone number is required',
      phoneext: 'Phone extension is required',
    });
  });

  it('has no default phone extension', () => {
    expect(errors(taxpayerBodySchema, { ...valid, phoneext: null })).toEqual({
      phoneext: 'Phone extension is required',
    });
  });

  it("refuses a 9-digit phone: 'Phone Number must be 10 digits'", () => {
    expect(errors(taxpayerBodySchema, { ...valid, phone: '(469)-555-010' })).toEqual({
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
    expect(errors(taxpayerBodySchema, { ...valid, dob: '1980-07-04' })).toEqual({ dob: INVALID_DATE });
    expect(taxpayerBodySchema.parse({ ...valid, dob: '' }).dob).toBeUndefined();
  });

  it('checks the SSN/ITIN format when given', () => {
    expect(errors(taxpayerBodySchema, { ...valid, ssnitin: '12345' })).toEqual({
      ssnitin: 'SSN/ITIN must be 9 digits',
    });
  });
});

describe('spouseBodySchema', () => {
  const valid = {
    s_user_id: '17',
    first_name: 'Jane',
    last_name: 'Smith',
    ssn: '987-65-4321',
    occupation: 'Doctor',
    dob: '02-29-1984',
    visa_type: 'H4',
  };

  it('accepts a complete spouse', () => {
    const parsed = spouseBodySchema.parse(valid);
    expect(parsed.dob).toBe('02-29-1984');
    expect(parsed.ssn).toBe('987654321');
  });

  it('requires first and last name', () => {
    expect(
      errors(spouseBodySchema, {
        ...valid,
        first_name: '',
        last_name: undefined,
      }),
    ).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it("refuses a date of birth not in MM-DD-YYYY: 'Invalid date format. Please use MM-DD-YYYY.'", () => {
    for (const dob of ['1984-02-29', '2/29/1984', '02-29-84', '02/29/1984', 'yesterday']) {
      expect(errors(spouseBodySchema, { ...valid, dob }), dob).toEqual({
        dob: INVALID_DATE,
      });
    }
  });

  it('refuses a month outside 01-12 or a day outside 01-31', () => {
    for (const dob of ['13-01-1984', '00-01-1984', '01-32-1984', '01-00-1984']) {
      expect(errors(spouseBodySchema, { ...valid, dob }), dob).toEqual({
        dob: INVALID_DATE,
      });
    }
  });

  it('refuses an impossible date such as 02-30-2024', () => {
    expect(errors(spouseBodySchema, { ...valid, dob: '02-30-2024' })).toEqual({
      dob: INVALID_DATE,
    });
    expect(errors(spouseBodySchema, { ...valid, dob: '02-29-2023' })).toEqual({
      dob: INVALID_DATE,
    });
  });

  it('lets the date of birth be left blank', () => {
    expect(spouseBodySchema.parse({ ...valid, dob: '' }).dob).toBeUndefined();
    const { dob: _dob, ...rest } = valid;
    expect(spouseBodySchema.parse(rest).dob).toBeUndefined();
  });

  it('lets the SSN be left blank but checks its format when given', () => {
    expect(spouseBodySchema.parse({ ...valid, ssn: '' }).ssn).toBeUndefined();
    expect(errors(spouseBodySchema, { ...valid, ssn: '98765432' })).toEqual({
      ssn: 'SSN/ITIN must be 9 digits',
    });
  });
});

describe('saveDependentsBodySchema', () => {
  it('refuses two rows that claim the same stored dependent', () => {
    const id = '0b9ac1f4-3c0e-4f43-9d39-5d2b0f1c9e11';
    const row = { id, first_name: 'Anu', last_name: 'Rao' };
    expect(saveDependentsBodySchema.safeParse({ dependentinfo: [row, row] }).success).toBe(false);
    expect(
      saveDependentsBodySchema.safeParse({ dependentinfo: [row, { ...row, id: undefined }] }).success,
    ).toBe(true);
  });

  const dependent = {
    first_name: 'Anu',
    last_name: 'Smith',
    ssn: '',
    occupation: 'Daughter',
    dob: '05-01-2015',
    visa_type: '',
  };
  const dependents = (n: number) => Array.from({ length: n }, () => ({ ...dependent }));

  it('accepts up to 6 dependents', () => {
    expect(saveDependentsBodySchema.parse({ dependentinfo: dependents(6) }).dependentinfo).toHaveLength(6);
    expect(saveDependentsBodySchema.parse({ dependentinfo: [] }).dependentinfo).toEqual([]);
  });

  it('refuses a 7th dependent', () => {
    expect(errors(saveDependentsBodySchema, { dependentinfo: dependents(7) })).toEqual({
      dependentinfo: 'You can add at most 6 dependents.',
    });
  });

  it('requires first and last name of each dependent', () => {
    expect(
      errors(saveDependentsBodySchema, {
        dependentinfo: [dependent, { ...dependent, first_name: '', last_name: '  ' }],
      }),
    ).toEqual({
      'dependentinfo.1.first_name': 'First name is required',
      'dependentinfo.1.last_name': 'Last name is required',
    });
  });

  it('checks each dependent’s date of birth and SSN', () => {
    expect(
      errors(saveDependentsBodySchema, {
        dependentinfo: [{ ...dependent, dob: '02-30-2015', ssn: '1234' }],
      }),
    ).toEqual({
      'dependentinfo.0.dob': INVALID_DATE,
      'dependentinfo.0.ssn': 'SSN/ITIN must be 9 digits',
    });
  });
});

describe('saveEmployersBodySchema', () => {
  const employer = {
    company_name: 'Acme Consulting',
    client_name: 'Big Bank',
    proj_start_date: '01-15-2023',
    proj_end_date: '12-31-2023',
  };
  const employers = (n: number) => Array.from({ length: n }, () => ({ ...employer }));

  it('accepts up to 6 employer entries', () => {
    expect(saveEmployersBodySchema.parse({ emploerinfo: employers(6) }).emploerinfo).toHaveLength(6);
  });

  it('refuses a 7th employer entry', () => {
    expect(errors(saveEmployersBodySchema, { emploerinfo: employers(7) })).toEqual({
      emploerinfo: 'You can add at most 6 employer entries.',
    });
  });

  it('requires all four fields', () => {
    expect(errors(employerSchema, {})).toEqual({
      company_name: 'Company name is required',
      client_name: 'Client name is required',
      proj_start_date: 'Project start date is required',
      proj_end_date: 'Project end date is required',
    });
    expect(
      errors(saveEmployersBodySchema, {
        emploerinfo: [
          {
            company_name: ' ',
            client_name: '',
            proj_start_date: '',
            proj_end_date: '',
          },
        ],
      }),
    ).toEqual({
      'emploerinfo.0.company_name': 'Company name is required',
      'emploerinfo.0.client_name': 'Client name is required',
      'emploerinfo.0.proj_start_date': 'Project start date is required',
      'emploerinfo.0.proj_end_date': 'Project end date is required',
    });
  });

  it('checks both project dates as MM-DD-YYYY', () => {
    expect(
      errors(employerSchema, {
        ...employer,
        proj_start_date: '2023-01-15',
        proj_end_date: '02-30-2023',
      }),
    ).toEqual({
      proj_start_date: INVALID_DATE,
      proj_end_date: INVALID_DATE,
    });
  });

  it('refuses an end date before the start date', () => {
    expect(
      errors(employerSchema, {
        ...employer,
        proj_start_date: '03-01-2023',
        proj_end_date: '02-28-2023',
      }),
    ).toEqual({
      proj_end_date: 'Project end date cannot be before the start date.',
    });
  });

  it('compares years before months and days', () => {
    expect(
      errors(employerSchema, {
        ...employer,
        proj_start_date: '12-31-2023',
        proj_end_date: '01-01-2023',
      }),
    ).toEqual({
      proj_end_date: 'Project end date cannot be before the start date.',
    });
    expect(
      employerSchema.safeParse({
        ...employer,
        proj_start_date: '12-31-2022',
        proj_end_date: '01-01-2023',
      }).success,
    ).toBe(true);
  });

  it('accepts a project that starts and ends on the same day', () => {
    expect(
      employerSchema.safeParse({
        ...employer,
        proj_start_date: '06-01-2023',
        proj_end_date: '06-01-2023',
      }).success,
    ).toBe(true);
  });

  it('does not blame a valid end date for an invalid start date', () => {
    expect(
      errors(employerSchema, {
        ...employer,
        proj_start_date: '13-01-2024',
        proj_end_date: '01-01-2024',
      }),
    ).toEqual({
      proj_start_date: INVALID_DATE,
    });
  });
});

describe('profile answers', () => {
  it('carry tinfo, sinfo, dinfo and empinfo', () => {
    const envelope = { http_code: 200, status_smessage: 'Success' };
    const none = { ...envelope, tinfo: null, filestatus: null, editable: true };
    expect(taxpayerInfoResponseSchema.parse(none).tinfo).toBeNull();
    expect(taxpayerInfoResponseSchema.safeParse({ ...none, filestatus: 'Lost' }).success).toBe(false);
    expect(spouseInfoResponseSchema.parse({ ...envelope, sinfo: null }).sinfo).toBeNull();
    const person = {
      first_name: 'Anu',
      last_name: 'Smith',
      ssn: '***-**-6789',
      occupation: null,
      dob: null,
      visa_type: null,
    };
    const dependent = { ...person, id: '0b9ac1f4-3c0e-4f43-9d39-5d2b0f1c9e11' };
    expect(dependentInfoResponseSchema.parse({ ...envelope, dinfo: [dependent] }).dinfo).toEqual([dependent]);
    expect(spouseInfoResponseSchema.parse({ ...envelope, sinfo: person }).sinfo).toEqual(person);
    const entry = {
      company_name: 'Acme',
      client_name: 'Bank',
      proj_start_date: '01-01-2023',
      proj_end_date: '02-01-2023',
    };
    expect(employerInfoResponseSchema.parse({ ...envelope, empinfo: [entry] }).empinfo).toEqual([entry]);
    expect(dependentInfoResponseSchema.safeParse({ ...envelope }).success).toBe(false);
  });
});

describe('answers sent back as they came', () => {
  it('accept the nulls that tinfo carries for empty optional fields', () => {
    const parsed = taxpayerBodySchema.safeParse({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.com',
      phoneext: 'INDIA',
      phone: '98765-43210',
      ssnitin: null,
      occupation: null,
      dob: null,
      filling_status: null,
      country_name: null,
      zip: null,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ ssnitin: undefined, dob: undefined, occupation: undefined });
  });

  it('accept a spouse without a date of birth, as null', () => {
    expect(
      spouseBodySchema.safeParse({ first_name: 'Ravi', last_name: 'Rao', dob: null, ssn: null }).success,
    ).toBe(true);
  });
});
