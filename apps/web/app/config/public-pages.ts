import { paths } from './paths.ts';

/** The public pages search engines should know, for sitemap.xml. Add a page here when its route exists. */
export const SITEMAP_PAGES = [
  { path: paths.home.getHref(), priority: '1.0' },
  { path: paths.profile.getHref(), priority: '0.8' },
  { path: paths.taxServices.getHref(), priority: '0.8' },
  { path: paths.usTaxServices.getHref(), priority: '0.9' },
  { path: paths.indianTaxServices.getHref(), priority: '0.9' },
  { path: paths.testimonials.getHref(), priority: '0.6' },
  { path: paths.careers.getHref(), priority: '0.5' },
  { path: paths.contactUs.getHref(), priority: '0.8' },
  { path: paths.taxCenter.getHref(), priority: '0.7' },
  { path: paths.referAFriend.getHref(), priority: '0.6' },
  { path: paths.privacyPolicy.getHref(), priority: '0.3' },
  { path: paths.termsConditions.getHref(), priority: '0.3' },
  { path: paths.disclaimer.getHref(), priority: '0.3' },
] as const;
