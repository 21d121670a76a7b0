import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { invoiceBalance, invoiceNumber, invoiceTotals } from './invoices.constants.ts';
import {
  accountInvoicesPayBodySchema,
  priceListSaveBodySchema,
  staffInvoicesCreateBodySchema,
  staffInvoicesRefundBodySchema,
} from './invoices.schemas.ts';

const client_id = '6f1c2b9e-8d4a-4e21-9c3b-2a7d5e8f9a10';
const federal = { description: 'Federal return (Form 1040)', quantity: 1, unit_amount: 30000 };
const state = { description: 'State return (each state)', quantity: 1, unit_amount: 8889 };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('invoice arithmetic', () => {
  it('adds the lines, takes a whole percent rounded half up to the cent, and never a negative balance', () => {
    expect(invoiceTotals([federal, state], { kind: 'percent', value: 10 })).toEqual({
      subtotal: 38889,
      discount: 3889,
      total: 35000,
    });
    expect(invoiceTotals([{ ...state, quantity: 2 }], { kind: 'amount', value: 778 })).toEqual({
      subtotal: 17778,
      discount: 778,
      total: 17000,
    });
    expect(invoiceTotals([federal], null).total).toBe(30000);
    expect(invoiceBalance({ total: 35000, paid: 20000, refunded: 0 })).toBe(15000);
    expect(invoiceBalance({ total: 35000, paid: 35000, refunded: 5000 })).toBe(5000);
    expect(invoiceBalance({ total: 35000, paid: 40000, refunded: 0 })).toBe(0);
  });

  it('numbers invoices per year with four digits', () => {
    expect(invoiceNumber(2026, 7)).toBe('INV-2026-0007');
    expect(invoiceNumber(2027, 12345)).toBe('INV-2027-12345');
  });
});

describe('staff/invoices/create', () => {
  const body = { client_id, taxy: 2025, lines: [federal, state] };

  it('takes cents and defaults to USD', () => {
    const parsed = staffInvoicesCreateBodySchema.parse({
      ...body,
      discount: { kind: 'percent', value: 10, reason: 'Returning client' },
      due_date: '2026-12-15',
    });
    expect(parsed.currency).toBe('USD');
    expect(parsed.due_date).toBe('2026-12-15');
  });

  it('refuses a discount larger than the lines, a zero invoice, fractional cents, or a discount without reason', () => {
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({
          ...body,
          discount: { kind: 'amount', value: 40000, reason: 'Too much' },
        }),
      ),
    ).toBe(MESSAGES.INVOICE_DISCOUNT_TOO_LARGE);
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({ ...body, lines: [{ ...federal, unit_amount: 0 }] }),
      ),
    ).toBe(MESSAGES.INVOICE_TOTAL_ZERO);
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({ ...body, lines: [{ ...federal, unit_amount: 100.5 }] }),
      ),
    ).toBe(MESSAGES.INVOICE_LINE_AMOUNT_INVALID);
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({ ...body, discount: { kind: 'percent', value: 10 } }),
      ),
    ).toBe(MESSAGES.INVOICE_DISCOUNT_REASON_REQUIRED);
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({
          ...body,
          discount: { kind: 'percent', value: 101, reason: 'x' },
        }),
      ),
    ).toBe(MESSAGES.INVOICE_DISCOUNT_INVALID);
    expect(firstMessage(staffInvoicesCreateBodySchema.safeParse({ ...body, lines: [] }))).toBe(
      MESSAGES.INVOICE_LINES_REQUIRED,
    );
    expect(firstMessage(staffInvoicesCreateBodySchema.safeParse({ ...body, currency: 'EUR' }))).toBe(
      MESSAGES.INVOICE_CURRENCY_INVALID,
    );
    expect(firstMessage(staffInvoicesCreateBodySchema.safeParse({ ...body, due_date: '2026-02-30' }))).toBe(
      MESSAGES.INVOICE_DUE_DATE_INVALID,
    );
    expect(
      firstMessage(
        staffInvoicesCreateBodySchema.safeParse({
          ...body,
          lines: [{ ...federal, description: 'a\u0000b' }],
        }),
      ),
    ).toBe(MESSAGES.TEXT_NUL);
  });
});

describe('every line and total rule answers its own message', () => {
  const body = { client_id, taxy: 2025, lines: [federal, state] };
  const messageOf = (input: unknown) => firstMessage(staffInvoicesCreateBodySchema.safeParse(input));

  it('refuses a blank description, a quantity outside 1-99, more than 30 lines and a total over the cap', () => {
    expect(messageOf({ ...body, lines: [{ ...federal, description: '  ' }] })).toBe(
      MESSAGES.INVOICE_LINE_DESCRIPTION_REQUIRED,
    );
    for (const quantity of [0, 100, 1.5]) {
      expect(messageOf({ ...body, lines: [{ ...federal, quantity }] }), String(quantity)).toBe(
        MESSAGES.INVOICE_LINE_QUANTITY_INVALID,
      );
    }
    expect(messageOf({ ...body, lines: Array.from({ length: 31 }, () => federal) })).toBe(
      MESSAGES.INVOICE_LINES_TOO_MANY,
    );
    // Each price within the cap, their sum above it.
    expect(messageOf({ ...body, lines: [{ ...federal, quantity: 99, unit_amount: 10_000_000 }] })).toBe(
      MESSAGES.INVOICE_TOTAL_TOO_LARGE,
    );
  });

  it('refuses a refund without a reason, and a price list of more than 50 items', () => {
    expect(
      firstMessage(
        staffInvoicesRefundBodySchema.safeParse({
          invoice_id: '0b7e4c1a-3f2d-4a5b-8c6d-7e8f9a0b1c2d',
          order_id: 'order_Abc123',
          amount: 100,
          reason: ' ',
        }),
      ),
    ).toBe(MESSAGES.REFUND_REASON_REQUIRED);
    expect(
      firstMessage(
        priceListSaveBodySchema.safeParse({
          items: Array.from({ length: 51 }, (_, n) => ({ name: `Item ${n}`, amount: 100 })),
        }),
      ),
    ).toBe(MESSAGES.PRICE_LIST_TOO_LONG);
  });
});

describe('the price list and paying', () => {
  it('refuses two items of the same name', () => {
    expect(
      firstMessage(
        priceListSaveBodySchema.safeParse({
          items: [
            { name: 'FBAR', amount: 7500 },
            { name: 'fbar', amount: 8000 },
          ],
        }),
      ),
    ).toBe(MESSAGES.PRICE_ITEM_NAME_DUPLICATE);
  });

  it('names an invoice and at most an amount in whole cents; never a currency', () => {
    const invoice_id = '0b7e4c1a-3f2d-4a5b-8c6d-7e8f9a0b1c2d';
    expect(accountInvoicesPayBodySchema.parse({ invoice_id, currency: 'INR' })).toEqual({ invoice_id });
    expect(firstMessage(accountInvoicesPayBodySchema.safeParse({ invoice_id, amount: 10.5 }))).toBe(
      MESSAGES.AMOUNT_DECIMALS,
    );
    expect(firstMessage(accountInvoicesPayBodySchema.safeParse({ invoice_id: 'x' }))).toBe(
      MESSAGES.INVOICE_NOT_FOUND,
    );
  });
});
