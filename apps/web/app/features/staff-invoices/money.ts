import { CENTS_PER_UNIT } from '@taxfirm/contract';

/** Dollars (or rupees) as typed, "1,250.5" or "$300", to integer cents; NaN when it is not an amount. */
export function toCents(typed: string): number {
  const text = typed.trim().replace(/^[$₹]/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * CENTS_PER_UNIT);
}

/** Integer cents as an input's dollars: 30000 → "300.00". */
export function toDollars(cents: number): string {
  return (cents / CENTS_PER_UNIT).toFixed(2);
}

/** The amount fields' unit: "$" or "₹". */
export const currencySign = (currency: string) => (currency === 'INR' ? '₹' : '$');
