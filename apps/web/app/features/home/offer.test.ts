import { describe, expect, it } from 'vitest';
import { formatLongDate, localIsoDate, parseIsoDate, runningOfferEndDate } from './offer.ts';

describe('formatLongDate', () => {
  it('writes the stored calendar day in words, with no time zone shift', () => {
    expect(formatLongDate('2027-01-31')).toBe('January 31, 2027');
    expect(formatLongDate('2099-12-01')).toBe('December 1, 2099');
    expect(formatLongDate('2028-02-29')).toBe('February 29, 2028');
  });

  it('rejects what is not a real YYYY-MM-DD date', () => {
    for (const value of ['', '2027-1-31', '2027-02-30', '2027-13-01', '2027-00-10', '31/01/2027', 'soon']) {
      expect(formatLongDate(value), value).toBeNull();
      expect(parseIsoDate(value), value).toBeNull();
    }
  });
});

describe('localIsoDate', () => {
  it('uses the local calendar day', () => {
    expect(localIsoDate(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
    expect(localIsoDate(new Date(2027, 11, 31, 0, 0))).toBe('2027-12-31');
  });
});

describe('runningOfferEndDate', () => {
  it('shows the end date until the end of its last day', () => {
    expect(runningOfferEndDate('2027-01-31', '2027-01-30')).toBe('January 31, 2027');
    expect(runningOfferEndDate('2027-01-31', '2027-01-31')).toBe('January 31, 2027');
  });

  it('is null once the offer has ended or when there is no end date', () => {
    expect(runningOfferEndDate('2027-01-31', '2027-02-01')).toBeNull();
    expect(runningOfferEndDate('', '2027-01-01')).toBeNull();
    expect(runningOfferEndDate('not a date', '2027-01-01')).toBeNull();
  });
});
