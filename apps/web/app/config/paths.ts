/** Every URL the web app links to, built here and nowhere else. */
export const paths = {
  home: { getHref: () => '/' },
  profile: { getHref: () => '/profile' },
  taxServices: { getHref: () => '/tax-services' },
  usTaxServices: { getHref: () => '/us-tax-services' },
  indianTaxServices: { getHref: () => '/indian-tax-services' },
  testimonials: { getHref: () => '/testimonials' },
  careers: { getHref: () => '/careers' },
  contactUs: { getHref: () => '/contact-us' },
  taxCenter: { getHref: () => '/tax-center' },
  referAFriend: { getHref: () => '/refer-a-friend' },
  privacyPolicy: { getHref: () => '/privacy-policy' },
  termsConditions: { getHref: () => '/terms-conditions' },
  disclaimer: { getHref: () => '/disclaimer' },
  paypalPayment: { getHref: () => '/paypal-payment' },
  user: {
    dashboard: { getHref: () => '/user/dashboard' },
  },
  staff: {
    home: { getHref: () => '/staff' },
  },
} as const;
