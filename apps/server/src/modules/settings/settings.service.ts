import {
  DEFAULT_IDLE_DAYS,
  type FileStatus,
  type SiteSettings,
  type StaffSettingsValues,
} from '@taxfirm/contract';
import { siteSettings, type Database, type SiteSettingsRow } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import type { Firm } from '../mail/templates.ts';

type SettingsRow = Omit<SiteSettingsRow, 'id' | 'singleton' | 'createdAt' | 'updatedAt'>;

/** Every site setting in the API's shape (the staff console's settings page edits all of them). */
export function settingsValues(row: SettingsRow): StaffSettingsValues {
  return {
    firm_name: row.firmName,
    site_email: row.siteEmail,
    usphonenumber: row.usPhoneNumber,
    indianphonenumber: row.indiaPhoneNumber,
    officedays: row.officeDays,
    officetimings: row.officeTimings,
    corporateoffice: row.corporateOffice,
    processingcenter: row.processingCenter,
    sitepopupsetting: row.popupEnabled,
    popuptype: row.popupType === 2 || row.popupType === 3 ? row.popupType : 1,
    current_tax_year: row.currentTaxYear,
    first_tax_year: row.firstTaxYear,
    reviews_url: row.reviewsUrl,
    offer_end_date: row.offerEndsOn ?? '',
    hosted_button_id: row.hostedButtonId,
    file_number_format: row.fileNumberFormat,
    facebook_url: row.facebookUrl,
    twitter_url: row.twitterUrl,
    linkedin_url: row.linkedinUrl,
    instagram_url: row.instagramUrl,
    youtube_url: row.youtubeUrl,
    reminder_first_days: row.reminderFirstDays,
    reminder_every_days: row.reminderEveryDays,
    reminder_max: row.reminderMax,
    email_logo_url: row.emailLogoUrl,
    digest_hour: row.digestHour,
    invoice_inr_enabled: row.invoiceInrEnabled,
    invoice_part_payments: row.invoicePartPayments,
    invoice_hold_summary: row.invoiceHoldSummary,
    idle_days: idleDaysOf(row.idleDays),
  };
}

/** Every status's idle threshold: the firm's where it set one, else the default. */
export function idleDaysOf(stored: Partial<Record<FileStatus, number>>): Record<FileStatus, number> {
  return { ...DEFAULT_IDLE_DAYS, ...stored };
}

/** The firm's idle thresholds, read fresh (My work reads them once per list). */
export async function getIdleDays({
  db,
}: {
  db: Pick<Database, 'select'>;
}): Promise<Record<FileStatus, number>> {
  const [row] = await db.select({ idleDays: siteSettings.idleDays }).from(siteSettings).limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return idleDaysOf(row.idleDays);
}

/** Who sends every e-mail, from the settings row: the one place a `Firm` is made. */
export function firmOf(
  row: Pick<SettingsRow, 'firmName' | 'corporateOffice' | 'emailLogoUrl' | 'siteEmail'>,
): Firm {
  return {
    name: row.firmName,
    address: row.corporateOffice,
    logoUrl: row.emailLogoUrl,
    email: row.siteEmail,
  };
}

/**
 * The firm's public settings in the API's shape (without the staff-only first tax year, file-number format
 * reminder schedule, e-mail logo, digest hour and billing switches).
 */
export function publicSettingsOf(row: SettingsRow): SiteSettings {
  const {
    /* eslint-disable @typescript-eslint/no-unused-vars -- dropped from the public answer */
    first_tax_year,
    file_number_format,
    reminder_first_days,
    reminder_every_days,
    reminder_max,
    email_logo_url,
    digest_hour,
    invoice_inr_enabled,
    invoice_part_payments,
    invoice_hold_summary,
    idle_days,
    /* eslint-enable @typescript-eslint/no-unused-vars */
    ...publicSettings
  } = settingsValues(row);
  return publicSettings;
}

/** The settings row (503 when the database has none). */
export async function getSettingsRow({ db }: { db: Database }): Promise<SettingsRow> {
  const [row] = await db.select().from(siteSettings).limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return row;
}

/** The checklist reminders' schedule: the first after `firstDays`, then every `everyDays`, at most `max`. */
export type ReminderSchedule = { firstDays: number; everyDays: number; max: number };

/** The firm's reminder schedule, read fresh (a pass reads it once; an admin's edit applies to the next). */
export async function getReminderSchedule({
  db,
}: {
  db: Pick<Database, 'select'>;
}): Promise<ReminderSchedule> {
  const [row] = await db
    .select({
      firstDays: siteSettings.reminderFirstDays,
      everyDays: siteSettings.reminderEveryDays,
      max: siteSettings.reminderMax,
    })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return row;
}

/** Tax years the firm files for, newest first: from the first year the portal served to the current one. */
export async function findTaxYears({ db }: { db: Database }): Promise<number[]> {
  const [row] = await db
    .select({ first: siteSettings.firstTaxYear, current: siteSettings.currentTaxYear })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  const years: number[] = [];
  for (let year = row.current; year >= row.first; year -= 1) years.push(year);
  return years;
}
