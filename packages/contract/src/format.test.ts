import { describe, expect, it } from 'vitest';
import { PHONE_EXTENSION_OPTIONS } from './constants.ts';
import {
  dialCode,
  formatCents,
  formatMoney,
  PAYMENT_STATUS_DISPLAY,
  paymentStatusDisplay,
  phoneWithDialCode,
} from './format.ts';
import { PAYMENT_STATUSES } from './payments/payments.schemas.ts';

describe('formatMoney', () => {
  it('writes cents in the firm currency, dollars with separators, by default', () => {
    expect(formatMoney(15025)).toBe('$150.25');
    expect(formatMoney(1)).toBe('$0.01');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(10_000_000)).toBe('$100,000.00');
  });

  it("writes another currency in that currency's way", () => {
    expect(formatMoney(123_450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(123_450, 'INR')).toBe('₹1,234.50');
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
  });

  it('falls back to the amount and the code for a currency Intl does not know', () => {
    expect(formatMoney(1200, 'NOT A CODE')).toBe('12.00 NOT A CODE');
  });

  it('is what formatCents writes (the server e-mails)', () => {
    expect(formatCents(15025)).toBe(formatMoney(15025));
  });
});

describe('phoneWithDialCode', () => {
  it("puts the extension's dialling code before its mask", () => {
    expect(phoneWithDialCode('4695550100', 'US')).toBe('+1 (469)-555-0100');
    expect(phoneWithDialCode('9876543210', 'INDIA')).toBe('+91 98765-43210');
  });

  it('masks digits stored with punctuation too', () => {
    expect(phoneWithDialCode('(469)-555-0100', 'US')).toBe('+1 (469)-555-0100');
  });

  it("takes each dialling code from the phone extension options' labels", () => {
    expect(dialCode('US')).toBe('+1');
    expect(dialCode('INDIA')).toBe('+91');
    for (const option of PHONE_EXTENSION_OPTIONS)
      expect(option.label).toContain(`(${dialCode(option.value)})`);
  });
});

describe('payment status display', () => {
  it('labels and colours every status', () => {
    expect(PAYMENT_STATUSES.map((s) => [s, paymentStatusDisplay(s)])).toEqual([
      ['created', { label: 'Not completed', color: 'gray' }],
      ['paid', { label: 'Paid', color: 'green' }],
      ['failed', { label: 'Failed', color: 'red' }],
    ]);
    expect(Object.keys(PAYMENT_STATUS_DISPLAY).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('shows a status it does not know as it is, in grey', () => {
    expect(paymentStatusDisplay('refunded')).toEqual({ label: 'refunded', color: 'gray' });
  });
});
