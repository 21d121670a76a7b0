import type { SiteSettings } from '@taxfirm/contract';

/** Site settings for tests (a firm in Dallas and Hyderabad, no popup, no social pages); override what a test is about. */
export function testSiteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    firm_name: 'Firm',
    site_email: 'desk@firm.example',
    usphonenumber: '(214)-555-0142',
    indianphonenumber: '04055-550142',
    officedays: 'Mon to Fri',
    officetimings: '9:30AM CST to 6:30PM CST',
    corporateoffice: 'Dallas',
    processingcenter: 'Hyderabad',
    sitepopupsetting: false,
    popuptype: 1,
    current_tax_year: 2025,
    reviews_url: '',
    offer_end_date: '',
    hosted_button_id: '',
    facebook_url: '',
    twitter_url: '',
    linkedin_url: '',
    instagram_url: '',
    youtube_url: '',
    ...overrides,
  };
}
