import { z } from 'zod';
import { envelope } from '../common.ts';

/** Site settings as the API answers them (the first item of the settings list). */
export const siteSettingsSchema = z.object({
  firm_name: z.string(),
  site_email: z.string(),
  usphonenumber: z.string(),
  indianphonenumber: z.string(),
  officedays: z.string(),
  officetimings: z.string(),
  corporateoffice: z.string(),
  processingcenter: z.string(),
  /** The home popup is shown only when this is on. */
  sitepopupsetting: z.boolean(),
  /** 1 welcome offer, 2 advertisement, 3 welcome popup. */
  popuptype: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  current_tax_year: z.number().int(),
  /** External review site for "more reviews"; empty when none. */
  reviews_url: z.string(),
  /** YYYY-MM-DD, the last day of the home popup's offer; empty when no offer runs. */
  offer_end_date: z.string(),
  /** The payment provider's hosted-button id for /paypal-payment; empty when not set up. */
  hosted_button_id: z.string(),
  /** The firm's social pages (https), shown in the footer; each empty when not set. */
  facebook_url: z.string(),
  twitter_url: z.string(),
  linkedin_url: z.string(),
  instagram_url: z.string(),
  youtube_url: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const getSettingsBodySchema = z.object({}).optional();
export const getSettingsResponseSchema = envelope({ data: z.array(siteSettingsSchema) });
export type GetSettingsResponse = z.infer<typeof getSettingsResponseSchema>;

export const taxYearsResponseSchema = envelope({ taxyears: z.array(z.number().int()) });
export type TaxYearsResponse = z.infer<typeof taxYearsResponseSchema>;
