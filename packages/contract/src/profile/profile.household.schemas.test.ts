import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import { saveDependentsBodySchema, spouseBodySchema } from './profile.schemas.ts';

const INVALID_DATE = 'Invalid date format. Please use MM-DD-YYYY.';

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
      schemaErrors(spouseBodySchema, {
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
      expect(schemaErrors(spouseBodySchema, { ...valid, dob }), dob).toEqual({
        dob: INVALID_DATE,
      });
    }
  });

  it('refuses a month outside 01-12 or a day outside 01-31', () => {
    for (const dob of ['13-01-1984', '00-01-1984', '01-32-1984', '01-00-1984']) {
      expect(schemaErrors(spouseBodySchema, { ...valid, dob }), dob).toEqual({
        dob: INVALID_DATE,
      });
    }
  });

  it('refuses an impossible date such as 02-30-2024', () => {
    expect(schemaErrors(spouseBodySchema, { ...valid, dob: '02-30-2024' })).toEqual({
      dob: INVALID_DATE,
    });
    expect(schemaErrors(spouseBodySchema, { ...valid, dob: '02-29-2023' })).toEqual({
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
    expect(schemaErrors(spouseBodySchema, { ...valid, ssn: '98765432' })).toEqual({
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
    expect(schemaErrors(saveDependentsBodySchema, { dependentinfo: dependents(7) })).toEqual({
      dependentinfo: 'You can add at most 6 dependents.',
    });
  });

  it('requires first and last name of each dependent', () => {
    expect(
      schemaErrors(saveDependentsBodySchema, {
        dependentinfo: [dependent, { ...dependent, first_name: '', last_name: '  ' }],
      }),
    ).toEqual({
      'dependentinfo.1.first_name': 'First name is required',
      'dependentinfo.1.last_name': 'Last name is required',
    });
  });

  it('checks each dependent’s date of birth and SSN', () => {
    expect(
      schemaErrors(saveDependentsBodySchema, {
        dependentinfo: [{ ...dependent, dob: '02-30-2015', ssn: '1234' }],
      }),
    ).toEqual({
      'dependentinfo.0.dob': INVALID_DATE,
      'dependentinfo.0.ssn': 'SSN/ITIN must be 9 digits',
    });
  });
});
