/**
 * How headless Chromium is started for the Lighthouse bench (bench/lighthouse.ts) and for the browser suite
 * (e2e/support/chromium.ts): one list, so the pages are measured in the browser they are tested in.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
