import type { Page } from '@playwright/test';

/**
 * A passkey belongs to a domain: the app's relying party is its configured origin (APP_URL, by default
 * http://localhost:<port>), and WebAuthn refuses a bare IP address as an RP ID. Pages that use passkeys are
 * opened at localhost, the origin the server expects.
 */
export const passkeyOrigin = (baseURL: string) => baseURL.replace('127.0.0.1', 'localhost');

/**
 * Chromium's virtual authenticator (DevTools protocol) for `page`'s browser context: a platform authenticator
 * with resident keys that verifies its user (as a fingerprint would) and answers every prompt by itself.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
