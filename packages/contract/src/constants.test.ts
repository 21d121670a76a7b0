import { describe, expect, it } from 'vitest';
import {
  CENTS_PER_UNIT,
  CONTACT_REDIRECT_MS,
  CONTACT_YEAR,
  COUNTRY_OPTIONS,
  DEFAULT_OFFICE_DAYS,
  DEFAULT_OFFICE_TIMINGS,
  DEFAULT_PHONE_EXTENSION,
  DEFAULT_TAX_YEAR,
  DEFAULT_UPLOAD_CATEGORY,
  DEPENDENT_OPTIONS,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_NAMES,
  FILING_STATUSES,
  HIDDEN_MAX_BYTES,
  HOSTED_BUTTON_AMOUNT,
  INACTIVITY_LIMIT_MINUTES,
  MAX_DEPENDENTS,
  MAX_EMPLOYERS,
  MAX_PAYMENT_CENTS,
  MAX_UPLOAD_BYTES,
  PAYMENT_CURRENCY,
  PHONE_DIGITS,
  PHONE_EXTENSION_OPTIONS,
  PHONE_EXTENSIONS,
  PHONE_MASKS,
  PREVIEW_DELAY_MS,
  REFERRAL_PAGE_SIZE,
  REGISTER_PANEL_SWITCH_MS,
  SLIDE_ROTATION_MS,
  STORAGE_KEYS,
  TIME_ZONES,
  UPLOAD_MESSAGE_MS,
  UPLOAD_SLOTS,
  XSRF_COOKIE,
  XSRF_HEADER,
  YES_NO_OPTIONS,
} from './constants.ts';

describe('section 9 constants', () => {
  it('limits uploads to under 6 MB (6291456 bytes) and hides stored files of 1 KB or less', () => {
    expect(MAX_UPLOAD_BYTES).toBe(6291456);
    expect(MAX_UPLOAD_BYTES).toBe(6 * 1024 * 1024);
    expect(HIDDEN_MAX_BYTES).toBe(1024);
  });

  it('pages the referral table by 10 and defaults the tax year to 2021', () => {
    expect(REFERRAL_PAGE_SIZE).toBe(10);
    expect(DEFAULT_TAX_YEAR).toBe(2021);
  });

  it('logs out after 20 minutes of inactivity', () => {
    expect(INACTIVITY_LIMIT_MINUTES).toBe(20);
  });

  it('names the anti-forgery cookie XSRF-TOKEN and header X-XSRF-TOKEN', () => {
    expect(XSRF_COOKIE).toBe('XSRF-TOKEN');
    expect(XSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it("defaults office days to 'Mon to Fri' and timings to '9:30AM CST to 6:30PM CST'", () => {
    expect(DEFAULT_OFFICE_DAYS).toBe('Mon to Fri');
    expect(DEFAULT_OFFICE_TIMINGS).toBe('9:30AM CST to 6:30PM CST');
  });

  it('fixes the contact year at 2022', () => {
    expect(CONTACT_YEAR).toBe(2022);
  });

  it('uses 10-digit phones with US as the default extension', () => {
    expect(PHONE_DIGITS).toBe(10);
    expect(DEFAULT_PHONE_EXTENSION).toBe('US');
    expect(PHONE_EXTENSIONS).toEqual(['US', 'INDIA']);
  });

  it('labels the extensions US (+1) and INDIA (+91)', () => {
    expect(PHONE_EXTENSION_OPTIONS.map((o) => [o.value, o.label, o.dialCode])).toEqual([
      ['US', 'US (+1)', '+1'],
      ['INDIA', 'INDIA (+91)', '+91'],
    ]);
  });

  it('masks US phones as (000)-000-0000 and INDIA phones as 00000-00000', () => {
    expect(PHONE_MASKS).toEqual({ US: '(000)-000-0000', INDIA: '00000-00000' });
    expect(PHONE_MASKS.US.replace(/[^0]/g, '')).toHaveLength(PHONE_DIGITS);
    expect(PHONE_MASKS.INDIA.replace(/[^0]/g, '')).toHaveLength(PHONE_DIGITS);
  });

  it('allows 6 dependents, 6 employers and 6 upload slots per category', () => {
    expect(MAX_DEPENDENTS).toBe(6);
    expect(MAX_EMPLOYERS).toBe(6);
    expect(UPLOAD_SLOTS).toBe(6);
  });

  it('sends payments in cents (times 100), in USD; the hosted button posts a fixed 100', () => {
    expect(CENTS_PER_UNIT).toBe(100);
    expect(PAYMENT_CURRENCY).toBe('USD');
    expect(HOSTED_BUTTON_AMOUNT).toBe(100);
    expect(MAX_PAYMENT_CENTS).toBe(10_000_000);
  });

  it('times the slides, redirects, messages and previews as the specification says', () => {
    expect(SLIDE_ROTATION_MS).toBe(2000);
    expect(CONTACT_REDIRECT_MS).toBe(2000);
    expect(REGISTER_PANEL_SWITCH_MS).toBe(3000);
    expect(UPLOAD_MESSAGE_MS).toBe(3000);
    expect(PREVIEW_DELAY_MS).toBe(1000);
  });
});

describe('select options of section 3', () => {
  it('spells the filing statuses exactly as the specification, typo included', () => {
    expect(FILING_STATUSES).toEqual([
      'Single',
      'Married Filing Jointly',
      'Married Filing Seperately',
      'Head Of Household',
      'Qualified Widow/er with Dependent Child',
    ]);
  });

  it('offers dependents Yes (1) and No (2)', () => {
    expect(DEPENDENT_OPTIONS).toEqual([
      { value: '1', label: 'Yes' },
      { value: '2', label: 'No' },
    ]);
  });

  it('offers countries INDIA, US and Other; health insurance Yes or No; six time zones', () => {
    expect(COUNTRY_OPTIONS).toEqual(['INDIA', 'US', 'Other']);
    expect(YES_NO_OPTIONS).toEqual(['Yes', 'No']);
    expect(TIME_ZONES).toEqual(['EST', 'PST', 'CST', 'MST', 'IST', 'OTHER']);
  });
});

describe('DOCUMENT_CATEGORIES', () => {
  it('gives each folder category its upt_id', () => {
    const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c.category, c.uptId]));
    expect(byCategory).toEqual({
      W2: 1,
      '1099B-G': 2,
      '5498-HSA': 3,
      '1099R-IRA': 4,
      OTHERDOCS: 5,
      '1098-1098T': 6,
    });
  });

  it('uses each category and each upt_id once', () => {
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.category)).size).toBe(DOCUMENT_CATEGORIES.length);
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.uptId)).size).toBe(DOCUMENT_CATEGORIES.length);
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.tab)).size).toBe(DOCUMENT_CATEGORIES.length);
  });

  it('lists the category names in table order and defaults to W2', () => {
    expect(DOCUMENT_CATEGORY_NAMES).toEqual(DOCUMENT_CATEGORIES.map((c) => c.category));
    expect(DEFAULT_UPLOAD_CATEGORY).toBe('W2');
  });

  it('uses folder-safe category names', () => {
    for (const name of DOCUMENT_CATEGORY_NAMES) {
      expect(name, name).toMatch(/^[A-Z0-9-]+$/);
    }
  });
});

describe('STORAGE_KEYS', () => {
  it('uses the local-storage key names of the specification', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      [
        'access_token',
        'client_id',
        'user_name',
        'filenumber',
        'email',
        'processingstate',
        'filestatus',
        'last_active',
        'currentyear',
        'uploadedtype',
      ].sort(),
    );
  });
});
