/** The Lighthouse bench's pages (bench/lighthouse.ts) and the built web app they come from. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_BUILD = path.join(ROOT, 'apps/web/build');
export const CLIENT_BUILD = path.join(WEB_BUILD, 'client');

/** The payment form: a public page that the sitemap leaves out. */
export const PAYMENT_FORM_ROUTE = '/paypal-payment';

/** Every public page of the site (the sitemap's list, plus the payment form). */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/profile',
  '/tax-services',
  '/us-tax-services',
  '/indian-tax-services',
  '/testimonials',
  '/careers',
  '/contact-us',
  '/tax-center',
  '/refer-a-friend',
  PAYMENT_FORM_ROUTE,
  '/privacy-policy',
  '/terms-conditions',
  '/disclaimer',
] as const;

/** The pages the sitemap lists (e2e/specs/public/seo.spec.ts): every public page but the payment form. */
export const SITEMAP_ROUTES = LIGHTHOUSE_ROUTES.filter((route) => route !== PAYMENT_FORM_ROUTE);
