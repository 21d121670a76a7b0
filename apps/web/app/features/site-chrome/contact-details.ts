import {
  DEFAULT_OFFICE_DAYS,
  DEFAULT_OFFICE_TIMINGS,
  dialCode,
  SOCIAL_LINKS,
  type PhoneExtension,
  type SiteSettings,
} from '@taxfirm/contract';

/** Settings as the chrome shows them: the specification's defaults where a value is missing. */
export function contactDetails(settings: SiteSettings) {
  return {
    firmName: settings.firm_name.trim() || 'Tax preparation and accounting',
    email: settings.site_email.trim(),
    usPhone: settings.usphonenumber.trim(),
    indiaPhone: settings.indianphonenumber.trim(),
    officeDays: settings.officedays.trim() || DEFAULT_OFFICE_DAYS,
    officeTimings: settings.officetimings.trim() || DEFAULT_OFFICE_TIMINGS,
    corporateOffice: settings.corporateoffice.trim(),
    processingCenter: settings.processingcenter.trim(),
    /** The firm's social pages that are set (https only; the settings page refuses anything else). */
    social: SOCIAL_LINKS.flatMap(({ key, label }) => {
      const href = settings[key].trim();
      return href.startsWith('https://') ? [{ label, href }] : [];
    }),
  };
}
export type ContactDetails = ReturnType<typeof contactDetails>;

/** A tel: link for a phone number as displayed, with its country's dialling code. */
export function telHref(phone: string, extension: PhoneExtension): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  // A national number's trunk prefix (0 in India) is dropped after the country code.
  return `tel:${dialCode(extension)}${digits.replace(/^0+/, '')}`;
}
