import { describe, expect, it } from 'vitest';
import {
  dependentInfoResponseSchema,
  employerInfoResponseSchema,
  spouseBodySchema,
  spouseInfoResponseSchema,
  taxpayerBodySchema,
  taxpayerInfoResponseSchema,
} from './profile.schemas.ts';

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
