import type { Database } from '../client.ts';
import { siteSettings } from '../schema/settings.ts';

/** The firm's starting settings. Every value is editable by an admin in the staff console. */
export function defaultSiteSettings(today = new Date()) {
  // Returns for a tax year are filed in the following calendar year.
  const currentTaxYear = today.getUTCFullYear() - 1;
  return {
    firmName: 'Meridian Tax & Accounting',
    siteEmail: 'support@example.com',
    usPhoneNumber: '(214)-555-0142',
    indiaPhoneNumber: '04055-550142',
    officeDays: 'Mon to Fri',
    officeTimings: '9:30AM CST to 6:30PM CST',
    corporateOffice: '1200 Main Street, Suite 400, Dallas, TX 75202, USA',
    processingCenter: 'Plot 12, HITEC City, Hyderabad, Telangana 500081, India',
    popupEnabled: false,
    popupType: 1,
    currentTaxYear,
    firstTaxYear: Math.min(2021, currentTaxYear),
  } satisfies typeof siteSettings.$inferInsert;
}

/** Insert the default settings row unless it exists. Safe to run on every start. */
export async function ensureSiteSettings(db: Database): Promise<void> {
  await db.insert(siteSettings).values(defaultSiteSettings()).onConflictDoNothing({
    target: siteSettings.singleton,
  });
}
