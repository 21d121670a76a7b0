import type { SiteSettings } from '@taxfirm/contract';
import { siteSettings, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';

/** The firm's settings in the API's shape. */
export async function getSiteSettings({ db }: { db: Database }): Promise<SiteSettings> {
  const [row] = await db
    .select({
      firmName: siteSettings.firmName,
      siteEmail: siteSettings.siteEmail,
      usPhoneNumber: siteSettings.usPhoneNumber,
      indiaPhoneNumber: siteSettings.indiaPhoneNumber,
      officeDays: siteSettings.officeDays,
      officeTimings: siteSettings.officeTimings,
      corporateOffice: siteSettings.corporateOffice,
      processingCenter: siteSettings.processingCenter,
      popupEnabled: siteSettings.popupEnabled,
      popupType: siteSettings.popupType,
      currentTaxYear: siteSettings.currentTaxYear,
      reviewsUrl: siteSettings.reviewsUrl,
      offerEndsOn: siteSettings.offerEndsOn,
      hostedButtonId: siteSettings.hostedButtonId,
      facebookUrl: siteSettings.facebookUrl,
      twitterUrl: siteSettings.twitterUrl,
      linkedinUrl: siteSettings.linkedinUrl,
      instagramUrl: siteSettings.instagramUrl,
      youtubeUrl: siteSettings.youtubeUrl,
    })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
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
    reviews_url: row.reviewsUrl,
    offer_end_date: row.offerEndsOn ?? '',
    hosted_button_id: row.hostedButtonId,
    facebook_url: row.facebookUrl,
    twitter_url: row.twitterUrl,
    linkedin_url: row.linkedinUrl,
    instagram_url: row.instagramUrl,
    youtube_url: row.youtubeUrl,
  };
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
