import { describe, expect, it } from 'vitest';
import { PHONE_EXTENSION_OPTIONS } from './constants.ts';
import {
  centsToDecimal,
  dialCode,
  formatCents,
  formatMoney,
  PAYMENT_STATUS_DISPLAY,
  parseAmount,
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

describe('centsToDecimal', () => {
  it('writes cents as a plain two-decimal amount, with no sign or separators', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(30000)).toBe('300.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(10_000_000_00)).toBe('10000000.00');
  });

  it('keeps a minus on a negative amount', () => {
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(centsToDecimal(-7)).toBe('-0.07');
  });
});

describe('parseAmount', () => {
  it('reads typed amounts as integer cents', () => {
    expect(parseAmount('300')).toBe(30000);
    expect(parseAmount('1,250.5')).toBe(125050);
    expect(parseAmount('$300')).toBe(30000);
    expect(parseAmount('₹99.99')).toBe(9999);
    expect(parseAmount(' 12 ')).toBe(1200);
    expect(parseAmount('0.07')).toBe(7);
  });

  it('answers NaN for what is not an amount', () => {
    for (const text of ['', '  ', 'abc', '1.234', '-5', '1e3', '12.', '.5', '$']) {
      expect(parseAmount(text)).toBeNaN();
    }
  });

  it('reads back what centsToDecimal writes', () => {
    for (const cents of [0, 1, 99, 100, 12345, 30000, 987654321]) {
      expect(parseAmount(centsToDecimal(cents))).toBe(cents);
    }
  });
});
