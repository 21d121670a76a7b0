import { describe, expect, it } from 'vitest';
import {
  getSettingsBodySchema,
  getSettingsResponseSchema,
  siteSettingsSchema,
  taxYearsResponseSchema,
} from './settings.schemas.ts';

const settings = {
  firm_name: 'Example Tax Firm',
  site_email: 'info@example.com',
  usphonenumber: '(469)-555-0100',
  indianphonenumber: '98765-43210',
  officedays: 'Mon to Fri',
  officetimings: '9:30AM CST to 6:30PM CST',
  corporateoffice: 'Dallas, TX',
  processingcenter: 'Hyderabad',
  sitepopupsetting: true,
  popuptype: 1,
  current_tax_year: 2021,
  reviews_url: 'https://reviews.example/firm',
  offer_end_date: '2027-01-31',
  hosted_button_id: '',
  facebook_url: 'https://facebook.com/firm',
  twitter_url: '',
  linkedin_url: '',
  instagram_url: '',
  youtube_url: '',
};

describe('site settings', () => {
  it('carry the fields of section 3', () => {
    expect(siteSettingsSchema.parse(settings)).toEqual(settings);
    const { officetimings: _t, ...missing } = settings;
    expect(siteSettingsSchema.safeParse(missing).success).toBe(false);
  });

  it('know popup types 1, 2 and 3 only', () => {
    for (const popuptype of [1, 2, 3]) {
      expect(siteSettingsSchema.safeParse({ ...settings, popuptype }).success, String(popuptype)).toBe(true);
    }
    expect(siteSettingsSchema.safeParse({ ...settings, popuptype: 4 }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...settings, popuptype: '1' }).success).toBe(false);
  });

  it('come as a list in the getsettings answer', () => {
    const answer = {
      http_code: 200,
      status_smessage: 'Success',
      data: [settings],
    };
    expect(getSettingsResponseSchema.parse(answer).data[0]).toEqual(settings);
  });

  it('may be asked for with an empty body, no body or a user_id', () => {
    expect(getSettingsBodySchema.safeParse(undefined).success).toBe(true);
    expect(getSettingsBodySchema.safeParse({}).success).toBe(true);
    expect(getSettingsBodySchema.safeParse({ user_id: '17' }).success).toBe(true);
  });
});

describe('taxYearsResponseSchema', () => {
  it('carries integer tax years', () => {
    expect(
      taxYearsResponseSchema.parse({
        http_code: 200,
        status_smessage: 'Success',
        taxyears: [2023, 2022, 2021],
      }).taxyears,
    ).toEqual([2023, 2022, 2021]);
    expect(
      taxYearsResponseSchema.safeParse({
        http_code: 200,
        status_smessage: 'Success',
        taxyears: ['2021'],
      }).success,
    ).toBe(false);
  });
});
