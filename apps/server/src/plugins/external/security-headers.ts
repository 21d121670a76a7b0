/**
 * Strict security headers on every response. The values are helmet's well-known defaults, tightened
 * (no-referrer, frame DENY), computed once and set with one call per response: @fastify/helmet cost a
 * third of the API's throughput here (docs/decisions/004-security-headers.md).
 *
 * Pages get a Content-Security-Policy whose script-src carries a fresh nonce (the inline hydration
 * scripts use it, never 'unsafe-inline'); every other response gets the same policy without inline
 * scripts at all.
 */
import type { PaymentProviderName } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The one foreign origin a page's form may post to: the payment provider's hosted-button endpoint. */
export const PAYMENT_FORM_ORIGIN = 'https://www.paypal.com';

export type SecurityHeadersOptions = { isProduction: boolean; paymentProvider: PaymentProviderName };

/**
 * Razorpay's Checkout: its script, the frames it opens (the card form, 3-D Secure) and the hosts it talks
 * to. Allowed only while Razorpay is the payment provider; the sandbox's checkout is the app's own.
 */
export const RAZORPAY_CHECKOUT_SOURCES = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://*.razorpay.com'],
} as const;

export function contentSecurityPolicy(
  nonce: string | null,
  isProduction: boolean,
  paymentProvider: PaymentProviderName = 'sandbox',
): string {
  const rzp = paymentProvider === 'razorpay';
  const with_ = (base: string, extra: readonly string[]) => (rzp ? `${base} ${extra.join(' ')}` : base);
  const directives = [
    "default-src 'self'",
    with_(
      nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
      RAZORPAY_CHECKOUT_SOURCES.script,
    ),
    // A page's <style> elements (Mantine's CSS variables) carry its nonce, so injected markup cannot add a
    // style sheet (CSS exfiltration by attribute selectors); Mantine's inline style attributes stay allowed.
    ...(nonce
      ? [`style-src 'self' 'nonce-${nonce}'`, "style-src-attr 'unsafe-inline'"]
      : ["style-src 'self' 'unsafe-inline'"]),
    with_("img-src 'self' data: blob:", RAZORPAY_CHECKOUT_SOURCES.img), // blob: previews a chosen image
    "font-src 'self'",
    with_("connect-src 'self'", RAZORPAY_CHECKOUT_SOURCES.connect),
    ...(rzp ? [with_("frame-src 'self'", RAZORPAY_CHECKOUT_SOURCES.frame)] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // The public quick-payment page posts to the payment provider's hosted button (that origin only).
    `form-action 'self' ${PAYMENT_FORM_ORIGIN}`,
    "object-src 'none'",
    ...(isProduction ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export function staticSecurityHeaders(
  isProduction: boolean,
  paymentProvider: PaymentProviderName = 'sandbox',
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(null, isProduction, paymentProvider),
    // Razorpay's Checkout opens bank pages (3-D Secure, netbanking) in pop-ups that report back to the opener.
    'cross-origin-opener-policy': paymentProvider === 'razorpay' ? 'same-origin-allow-popups' : 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
    ...(isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const headers = staticSecurityHeaders(options.isProduction, options.paymentProvider);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
