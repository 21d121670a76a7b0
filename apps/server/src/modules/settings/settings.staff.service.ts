/**
 * The settings page of the staff console (admins): read every site setting, and replace them all. A save is
 * audited with the names of the fields it changed; the public site shows it at once (the cache is dropped
 * here for this instance, and by the table's NOTIFY trigger for every other one).
 */
import type { StaffSettings, StaffSettingsValues } from '@taxfirm/contract';
import { eq, siteSettings, type Database, type SiteSettingsRow } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { settingsValues } from './settings.service.ts';
import type { StaffActor } from '../../lib/actor.ts';

type Row = Omit<SiteSettingsRow, 'id' | 'singleton' | 'createdAt' | 'updatedAt'>;

function toRow(input: StaffSettings): Row {
  return {
    firmName: input.firm_name,
    siteEmail: input.site_email,
    usPhoneNumber: input.usphonenumber,
    indiaPhoneNumber: input.indianphonenumber,
    officeDays: input.officedays,
    officeTimings: input.officetimings,
    corporateOffice: input.corporateoffice,
    processingCenter: input.processingcenter,
    popupEnabled: input.sitepopupsetting,
    popupType: input.popuptype,
    currentTaxYear: input.current_tax_year,
    firstTaxYear: input.first_tax_year,
    reviewsUrl: input.reviews_url,
    offerEndsOn: input.offer_end_date === '' ? null : input.offer_end_date,
    hostedButtonId: input.hosted_button_id,
    fileNumberFormat: input.file_number_format,
    facebookUrl: input.facebook_url,
    twitterUrl: input.twitter_url,
    linkedinUrl: input.linkedin_url,
    instagramUrl: input.instagram_url,
    youtubeUrl: input.youtube_url,
    reminderFirstDays: input.reminder_first_days,
    reminderEveryDays: input.reminder_every_days,
    reminderMax: input.reminder_max,
    emailLogoUrl: input.email_logo_url,
    digestHour: input.digest_hour,
    invoiceInrEnabled: input.invoice_inr_enabled,
    invoicePartPayments: input.invoice_part_payments,
    invoiceHoldSummary: input.invoice_hold_summary,
    idleDays: input.idle_days,
  };
}

async function readRow(db: Pick<Database, 'select'>, lock = false): Promise<SiteSettingsRow> {
  const query = db.select().from(siteSettings).where(eq(siteSettings.singleton, true));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return row;
}

export async function getStaffSettings(db: Database): Promise<StaffSettingsValues> {
  return settingsValues(await readRow(db));
}

/** Replace every setting; audited with the API names of the fields that changed. */
export async function saveStaffSettings(
  db: Database,
  actor: StaffActor,
  input: StaffSettings,
): Promise<StaffSettingsValues> {
  return db.transaction(async (tx) => {
    const before = settingsValues(await readRow(tx, true));
    const values = toRow(input);
    const after = settingsValues({ ...values });
    const changed = (Object.keys(after) as (keyof StaffSettingsValues)[]).filter(
      // Values are plain; the idle thresholds are an object, compared by content (in the statuses' order).
      (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
    );
    if (changed.length > 0) {
      await tx.update(siteSettings).set(values).where(eq(siteSettings.singleton, true));
    }
    await audit(tx, { actor, action: 'staff.settings.save', subject: changed.join(',') || 'no changes' });
    return after;
  });
}
