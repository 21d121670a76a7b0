import { sql } from 'drizzle-orm';
import type { FileStatus } from '@taxfirm/contract';
import { boolean, check, date, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

/** The firm's site settings: exactly one row (singleton), edited by admins in the staff console. */
export const siteSettings = pgTable(
  'site_settings',
  {
    ...id,
    singleton: boolean().notNull().default(true).unique(),
    firmName: text().notNull(),
    siteEmail: text().notNull(),
    usPhoneNumber: text().notNull(),
    indiaPhoneNumber: text().notNull(),
    officeDays: text().notNull(),
    officeTimings: text().notNull(),
    corporateOffice: text().notNull(),
    processingCenter: text().notNull(),
    popupEnabled: boolean().notNull().default(false),
    popupType: smallint().notNull().default(1),
    currentTaxYear: integer().notNull(),
    firstTaxYear: integer().notNull(),
    /** Where "more reviews" on the testimonials page points (an external review site); empty hides the link. */
    reviewsUrl: text().notNull().default(''),
    /** Last day of the home popup's offer; null when no offer runs. */
    offerEndsOn: date({ mode: 'string' }),
    /** The payment provider's hosted-button id for /paypal-payment; empty when not set up. */
    hostedButtonId: text().notNull().default(''),
    /**
     * How the firm numbers client files: {YYYY} or {YY} for the tax year and a run of N for the sequence,
     * zero-padded to its length (e.g. "TF{YY}-{NNNN}" gives TF25-0001). Staff are offered the next number.
     */
    fileNumberFormat: text().notNull().default('{YYYY}-{NNNN}'),
    /** The firm's social pages, shown in the footer when set. */
    facebookUrl: text().notNull().default(''),
    twitterUrl: text().notNull().default(''),
    linkedinUrl: text().notNull().default(''),
    instagramUrl: text().notNull().default(''),
    youtubeUrl: text().notNull().default(''),
    /** Checklist reminders: the first N days after an item is requested, then every M days, at most K. */
    reminderFirstDays: integer().notNull().default(3),
    reminderEveryDays: integer().notNull().default(7),
    reminderMax: integer().notNull().default(5),
    /** The logo at the top of every e-mail: an https address of an image; empty shows the firm's name. */
    emailLogoUrl: text().notNull().default(''),
    /** The hour (0-23, in the firm's time zone) staff who chose a digest get it. */
    digestHour: integer().notNull().default(7),
    /** Billing (issue 20): INR invoices, part payments, and holding summaries until a year's invoices are paid. */
    invoiceInrEnabled: boolean().notNull().default(false),
    invoicePartPayments: boolean().notNull().default(false),
    invoiceHoldSummary: boolean().notNull().default(false),
    /**
     * My work (issue 35): days a file may sit in each status before it is listed as idle, by status name;
     * a status left out has the default (`DEFAULT_IDLE_DAYS`), 0 never lists it.
     */
    idleDays: jsonb().$type<Partial<Record<FileStatus, number>>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    check('site_settings_singleton', sql`${t.singleton}`),
    check('site_settings_popup_type', sql`${t.popupType} in (1, 2, 3)`),
    check('site_settings_tax_years', sql`${t.firstTaxYear} <= ${t.currentTaxYear}`),
    check(
      'site_settings_reminders',
      sql`${t.reminderFirstDays} between 1 and 60 and ${t.reminderEveryDays} between 1 and 60 and ${t.reminderMax} between 0 and 20`,
    ),
  ],
);
export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** NOTIFY channel raised by a trigger on every change to site_settings (migration 0001). */
export const SITE_SETTINGS_CHANNEL = 'site_settings_changed';
