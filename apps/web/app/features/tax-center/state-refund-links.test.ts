import { describe, expect, it } from 'vitest';
import { findStateRefundLink, STATE_REFUND_LINKS } from './state-refund-links.ts';

/** States without an individual income tax: they have no refund to look up. */
const NO_INCOME_TAX = ['AK', 'FL', 'NV', 'NH', 'SD', 'TN', 'TX', 'WA', 'WY'];

/** Official state hosts outside .gov, allowed by name only. */
const OFFICIAL_NON_GOV_HOSTS = new Set([
  'www.revenue.state.mn.us', // Minnesota Department of Revenue
  'mtc.dor.state.ma.us', // MassTaxConnect, Massachusetts Department of Revenue
  'tap.state.nm.us', // Taxpayer Access Point, New Mexico Taxation and Revenue Department
]);

describe('STATE_REFUND_LINKS', () => {
  it('covers at least 35 states', () => {
    expect(STATE_REFUND_LINKS.length).toBeGreaterThanOrEqual(35);
  });

  it('has unique two-letter codes and unique names', () => {
    const codes = STATE_REFUND_LINKS.map((s) => s.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(STATE_REFUND_LINKS.map((s) => s.name)).size).toBe(codes.length);
  });

  it('is sorted by name', () => {
    const names = STATE_REFUND_LINKS.map((s) => s.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect(names).toEqual(sorted);
  });

  it.each(STATE_REFUND_LINKS.map((s) => [s.code, s.url] as const))(
    '%s links over https to an official state host',
    (_code, url) => {
      const parsed = new URL(url);
      expect(parsed.protocol).toBe('https:');
      expect(parsed.username + parsed.password).toBe('');
      expect(parsed.port).toBe('');
      const host = parsed.hostname;
      expect(host.endsWith('.gov') || OFFICIAL_NON_GOV_HOSTS.has(host), `${host} is an official host`).toBe(
        true,
      );
    },
  );

  it('leaves out every state without an individual income tax', () => {
    const codes = new Set(STATE_REFUND_LINKS.map((s) => s.code));
    for (const code of NO_INCOME_TAX) expect(codes.has(code), code).toBe(false);
  });
});

describe('findStateRefundLink', () => {
  it('finds a state by its code in any case and rejects anything else', () => {
    expect(findStateRefundLink('ga')?.name).toBe('Georgia');
    expect(findStateRefundLink(' NY ')?.name).toBe('New York');
    expect(findStateRefundLink('TX')).toBeUndefined();
    expect(findStateRefundLink('')).toBeUndefined();
    expect(findStateRefundLink(null)).toBeUndefined();
  });
});
