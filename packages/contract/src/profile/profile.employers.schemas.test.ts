import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import { employerSchema, saveEmployersBodySchema } from './profile.schemas.ts';

const INVALID_DATE = 'Invalid date format. Please use MM-DD-YYYY.';

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
    expect(schemaErrors(saveEmployersBodySchema, { emploerinfo: employers(7) })).toEqual({
      emploerinfo: 'You can add at most 6 employer entries.',
    });
  });

  it('requires all four fields', () => {
    expect(schemaErrors(employerSchema, {})).toEqual({
      company_name: 'Company name is required',
      client_name: 'Client name is required',
      proj_start_date: 'Project start date is required',
      proj_end_date: 'Project end date is required',
    });
    expect(
      schemaErrors(saveEmployersBodySchema, {
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
      schemaErrors(employerSchema, {
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
      schemaErrors(employerSchema, {
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
      schemaErrors(employerSchema, {
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
      schemaErrors(employerSchema, {
        ...employer,
        proj_start_date: '13-01-2024',
        proj_end_date: '01-01-2024',
      }),
    ).toEqual({
      proj_start_date: INVALID_DATE,
    });
  });
});
