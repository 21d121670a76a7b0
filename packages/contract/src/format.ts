/**
 * How money, phones and payment statuses read, on every page and in every e-mail: one formatter each, so the
 * portal, the console and the server never disagree.
 */
import { formatPhone } from './common.ts';
import {
  CENTS_PER_UNIT,
  PAYMENT_CURRENCY,
  PHONE_EXTENSION_OPTIONS,
  type PhoneExtension,
} from './constants.ts';
import { isPaymentStatus, type PaymentStatus } from './payments/payments.schemas.ts';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in integer cents in its currency's way: 15025 → "$150.25", in INR "₹150.25". A code that is not
 * a currency code at all reads as "150.25 <code>".
 */
export function formatMoney(cents: number, currency: string = PAYMENT_CURRENCY): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      return `${(cents / CENTS_PER_UNIT).toFixed(2)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format.format(cents / CENTS_PER_UNIT);
}

/**
 * Integer cents as a plain decimal amount in the currency's main unit, for a form field or a CSV cell:
 * 123456 → "1234.56", -150 → "-1.50". No sign, no separators, always two decimals.
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / CENTS_PER_UNIT)}.${String(abs % CENTS_PER_UNIT).padStart(2, '0')}`;
}

/**
 * An amount as typed ("1,250.5", "$300", "₹99.99", " 12 ") to integer cents; NaN when it is not an amount
 * (more than two decimals, a minus, letters, nothing).
 */
export function parseAmount(text: string): number {
  const plain = text.trim().replace(/^[$₹]/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * CENTS_PER_UNIT);
}

/** formatMoney in the firm's currency, under the name the server's payment e-mails still call. */
export function formatCents(cents: number): string {
  return formatMoney(cents);
}

/** A phone extension's dialling code: US → "+1", INDIA → "+91". */
export function dialCode(extension: PhoneExtension): string {
  return PHONE_EXTENSION_OPTIONS.find((option) => option.value === extension)?.dialCode ?? '';
}

/** A phone as stored (its digits), masked for its extension after the country's code: "+1 (469)-555-0100". */
export function phoneWithDialCode(digits: string, extension: PhoneExtension): string {
  return `${dialCode(extension)} ${formatPhone(digits, extension)}`;
}

/** How a payment's status shows: its label, and its badge's colour (a Mantine colour). */
export const PAYMENT_STATUS_DISPLAY = {
  created: { label: 'Not completed', color: 'gray' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const satisfies Record<PaymentStatus, { label: string; color: string }>;

/** A status given as text: one this table does not know shows as it is, in grey. */
export function paymentStatusDisplay(status: string): { label: string; color: string } {
  return isPaymentStatus(status) ? PAYMENT_STATUS_DISPLAY[status] : { label: status, color: 'gray' };
}
