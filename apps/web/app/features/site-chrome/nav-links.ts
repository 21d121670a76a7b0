import { paths } from '../../config/paths.ts';

export const SERVICE_LINKS = [
  { label: 'US TAX SERVICES', href: paths.usTaxServices.getHref() },
  { label: 'INDIAN TAX SERVICES', href: paths.indianTaxServices.getHref() },
] as const;

/** The navbar after the Services dropdown. */
export const NAV_LINKS = [
  { label: 'Testimonials', href: paths.testimonials.getHref() },
  { label: 'Careers', href: paths.careers.getHref() },
  { label: 'Contact Us', href: paths.contactUs.getHref() },
] as const;

export const QUICK_LINKS = [
  { label: 'Company Profile', href: paths.profile.getHref() },
  { label: 'Tax Center', href: paths.taxCenter.getHref() },
  { label: 'Testimonials', href: paths.testimonials.getHref() },
  { label: 'Careers', href: paths.careers.getHref() },
  { label: 'Contact Us', href: paths.contactUs.getHref() },
  { label: 'Refer a Friend', href: paths.referAFriend.getHref() },
  { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  { label: 'Terms & Conditions', href: paths.termsConditions.getHref() },
  { label: 'Disclaimer', href: paths.disclaimer.getHref() },
] as const;
