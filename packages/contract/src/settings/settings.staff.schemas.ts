import { z } from 'zod';
import { emailField, envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { fileNumberFormatError } from './file-numbers.ts';
import { siteSettingsSchema } from './settings.schemas.ts';
import {
  DEFAULT_REMINDER_EVERY_DAYS,
  DEFAULT_REMINDER_FIRST_DAYS,
  DEFAULT_REMINDER_MAX,
} from '../requests/requests.constants.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { WORK_IDLE_MAX_DAYS } from '../work/work.constants.ts';

/** A web address that must be https (with a host), or empty when the firm has none. */
function httpsUrlOrEmpty() {
  return z
    .string({ error: MESSAGES.SETTINGS_URL_HTTPS })
    .trim()
    .max(500, { error: 'Must be at most 500 characters' })
    .refine((v) => v === '' || isHttpsUrl(v), { error: MESSAGES.SETTINGS_URL_HTTPS })
    .default('');
}

function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value) || value.includes('\u0000') || !value.toLowerCase().startsWith('https://'))
    return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const PHONE_TEXT = /^[0-9+() .-]+$/;
function phoneText(required: string) {
  return requiredText(required, 30).regex(PHONE_TEXT, { error: MESSAGES.SETTINGS_PHONE_INVALID });
}

const YYYY_MM_DD = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
function isRealIsoDate(value: string): boolean {
  const match = YYYY_MM_DD.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const taxYear = z
  .number({ error: MESSAGES.SETTINGS_TAX_YEAR_INVALID })
  .int({ error: MESSAGES.SETTINGS_TAX_YEAR_INVALID })
  .min(2000, { error: MESSAGES.SETTINGS_TAX_YEAR_INVALID })
  .max(2100, { error: MESSAGES.SETTINGS_TAX_YEAR_INVALID });

/** The social pages the footer links to; each empty when the firm has none. */
export const SOCIAL_LINKS = [
  { key: 'facebook_url', label: 'Facebook' },
  { key: 'twitter_url', label: 'Twitter' },
  { key: 'linkedin_url', label: 'LinkedIn' },
  { key: 'instagram_url', label: 'Instagram' },
  { key: 'youtube_url', label: 'YouTube' },
] as const;

export const POPUP_TYPES = [
  { value: 1, label: 'Welcome offer' },
  { value: 2, label: 'Advertisement' },
  { value: 3, label: 'Welcome popup' },
] as const;

/** A whole number of days or times within [min, max] (a form may send it as text). */
function reminderNumber(min: number, max: number) {
  return z.coerce
    .number({ error: MESSAGES.SETTINGS_REMINDER_INVALID })
    .int({ error: MESSAGES.SETTINGS_REMINDER_INVALID })
    .min(min, { error: MESSAGES.SETTINGS_REMINDER_INVALID })
    .max(max, { error: MESSAGES.SETTINGS_REMINDER_INVALID });
}

/** Every site setting, as an admin edits it in the console (a save replaces them all). */
export const staffSettingsSchema = z
  .object({
    firm_name: requiredText(MESSAGES.SETTINGS_FIRM_NAME_REQUIRED, 120),
    site_email: emailField(MESSAGES.SETTINGS_SITE_EMAIL_REQUIRED),
    usphonenumber: phoneText(MESSAGES.SETTINGS_US_PHONE_REQUIRED),
    indianphonenumber: phoneText(MESSAGES.SETTINGS_INDIA_PHONE_REQUIRED),
    officedays: requiredText(MESSAGES.SETTINGS_OFFICE_DAYS_REQUIRED, 100),
    officetimings: requiredText(MESSAGES.SETTINGS_OFFICE_TIMINGS_REQUIRED, 100),
    corporateoffice: requiredText(MESSAGES.SETTINGS_CORPORATE_OFFICE_REQUIRED, 300),
    processingcenter: requiredText(MESSAGES.SETTINGS_PROCESSING_CENTER_REQUIRED, 300),
    facebook_url: httpsUrlOrEmpty(),
    twitter_url: httpsUrlOrEmpty(),
    linkedin_url: httpsUrlOrEmpty(),
    instagram_url: httpsUrlOrEmpty(),
    youtube_url: httpsUrlOrEmpty(),
    reviews_url: httpsUrlOrEmpty(),
    sitepopupsetting: z.boolean({ error: MESSAGES.INVALID_REQUEST }),
    /** 1 welcome offer, 2 advertisement, 3 welcome popup (a form may send it as text). */
    popuptype: z.coerce
      .number({ error: MESSAGES.SETTINGS_POPUP_TYPE_INVALID })
      .refine((v) => v === 1 || v === 2 || v === 3, { error: MESSAGES.SETTINGS_POPUP_TYPE_INVALID })
      .transform((v) => v as 1 | 2 | 3),
    /** YYYY-MM-DD, the last day of the home popup's offer; empty when none runs. */
    offer_end_date: z
      .string({ error: MESSAGES.SETTINGS_OFFER_DATE_INVALID })
      .trim()
      .refine((v) => v === '' || isRealIsoDate(v), { error: MESSAGES.SETTINGS_OFFER_DATE_INVALID })
      .default(''),
    hosted_button_id: z
      .string({ error: MESSAGES.SETTINGS_BUTTON_ID_INVALID })
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,64}$/, { error: MESSAGES.SETTINGS_BUTTON_ID_INVALID })
      .default(''),
    current_tax_year: taxYear,
    first_tax_year: taxYear,
    file_number_format: z
      .string({ error: MESSAGES.FILE_NUMBER_FORMAT_REQUIRED })
      .trim()
      .superRefine((value, ctx) => {
        const message = fileNumberFormatError(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    /** Checklist reminders: first after N days, then every M days, at most K (0 turns them off). */
    reminder_first_days: reminderNumber(1, 60).default(DEFAULT_REMINDER_FIRST_DAYS),
    reminder_every_days: reminderNumber(1, 60).default(DEFAULT_REMINDER_EVERY_DAYS),
    reminder_max: reminderNumber(0, 20).default(DEFAULT_REMINDER_MAX),
    /** The logo at the top of every e-mail (an https address of an image); empty shows the firm's name. */
    email_logo_url: z
      .string({ error: MESSAGES.SETTINGS_LOGO_URL_INVALID })
      .trim()
      .max(500, { error: MESSAGES.SETTINGS_LOGO_URL_INVALID })
      .refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/.test(v), {
        error: MESSAGES.SETTINGS_LOGO_URL_INVALID,
      })
      .default(''),
    /** The hour (0-23, the firm's time zone) of the staff daily digest. */
    digest_hour: z.coerce
      .number({ error: MESSAGES.SETTINGS_DIGEST_HOUR_INVALID })
      .int({ error: MESSAGES.SETTINGS_DIGEST_HOUR_INVALID })
      .min(0, { error: MESSAGES.SETTINGS_DIGEST_HOUR_INVALID })
      .max(23, { error: MESSAGES.SETTINGS_DIGEST_HOUR_INVALID })
      .default(7),
    /** Billing (issue 20): invoices in INR for India services. */
    invoice_inr_enabled: z.boolean({ error: MESSAGES.INVALID_REQUEST }).default(false),
    /** Clients may pay part of an invoice's balance (otherwise the whole balance). */
    invoice_part_payments: z.boolean({ error: MESSAGES.INVALID_REQUEST }).default(false),
    /** Hold a year's tax summaries' download until that year's invoices are paid. */
    invoice_hold_summary: z.boolean({ error: MESSAGES.INVALID_REQUEST }).default(false),
    /**
     * My work lists a file idle in a status for more than this many days (per status; 0: never). A status left
     * out keeps the firm's default (`DEFAULT_IDLE_DAYS`).
     */
    idle_days: z
      .partialRecord(
        z.enum(FILE_STATUSES, { error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID }),
        z.coerce
          .number({ error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID })
          .int({ error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID })
          .min(0, { error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID })
          .max(WORK_IDLE_MAX_DAYS, { error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID }),
        { error: MESSAGES.SETTINGS_IDLE_DAYS_INVALID },
      )
      .default({}),
  })
  .superRefine((value, ctx) => {
    if (value.current_tax_year < value.first_tax_year) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_tax_year'],
        message: MESSAGES.SETTINGS_TAX_YEAR_BEFORE_FIRST,
      });
    }
    if (value.current_tax_year > new Date().getFullYear() + 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_tax_year'],
        message: MESSAGES.SETTINGS_TAX_YEAR_TOO_LATE,
      });
    }
  });
export type StaffSettings = z.output<typeof staffSettingsSchema>;
export type StaffSettingsInput = z.input<typeof staffSettingsSchema>;

/** Settings as stored (answers are not re-validated: an old value still shows, to be corrected). */
export const staffSettingsValuesSchema = siteSettingsSchema.extend({
  first_tax_year: z.number().int(),
  file_number_format: z.string(),
  reminder_first_days: z.number().int(),
  reminder_every_days: z.number().int(),
  reminder_max: z.number().int(),
  email_logo_url: z.string(),
  digest_hour: z.number().int(),
  invoice_inr_enabled: z.boolean(),
  invoice_part_payments: z.boolean(),
  invoice_hold_summary: z.boolean(),
  /** Every status's idle threshold in days (the firm's, else the default). */
  idle_days: z.record(z.enum(FILE_STATUSES), z.number().int()),
});
export type StaffSettingsValues = z.infer<typeof staffSettingsValuesSchema>;
export const staffSettingsResponseSchema = envelope({ settings: staffSettingsValuesSchema });
export type StaffSettingsResponse = z.infer<typeof staffSettingsResponseSchema>;

/** The next unused file number for a client, in the firm's current format. */
export const staffNextFileNumberBodySchema = z.object({
  client_id: z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND }),
  taxy: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const staffNextFileNumberResponseSchema = envelope({ file_number: z.string() });
