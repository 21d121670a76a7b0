import type { ClientInvoice, StaffInvoice } from '@taxfirm/contract';

/** The fields of both sides' invoice but for the payments and the PDF link (their links differ). */
type SharedKeys = Exclude<keyof ClientInvoice & keyof StaffInvoice, 'payments' | 'pdf_url'>;

/**
 * What the client's and the staff's invoice share, as the tests of both sides see it: INV-2026-0001 of 2025,
 * $350 (federal + one state, 10% off), $200 paid, partly paid, due 12-15-2026. Each side adds its payments,
 * links and own fields.
 */
export function invoiceCoreFixture(): Pick<ClientInvoice, SharedKeys> & Pick<StaffInvoice, SharedKeys> {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    number: 'INV-2026-0001',
    tax_year: 2025,
    currency: 'USD',
    status: 'partly_paid',
    subtotal: 38889,
    discount: 3889,
    discount_kind: 'percent',
    discount_value: 10,
    discount_reason: 'Returning client',
    total: 35000,
    paid: 20000,
    refunded: 0,
    balance: 15000,
    due_date: '2026-12-15',
    overdue: false,
    note: null,
    sent_at: '2026-11-20T15:00:00.000Z',
    paid_at: null,
    void_reason: null,
    lines: [
      { description: 'Federal return (Form 1040)', quantity: 1, unit_amount: 30000, amount: 30000 },
      { description: 'State return (each state)', quantity: 1, unit_amount: 8889, amount: 8889 },
    ],
    refunds: [],
  };
}

/** The sandbox provider's order for $150, as account/invoices/pay and createorder answer it. */
export const SANDBOX_ORDER = {
  http_code: 200,
  status_smessage: 'Success',
  id: 'order_second',
  amount: 15000,
  currency: 'USD',
  provider: 'sandbox',
  key: 'rzp_test_sandbox',
  name: 'Example Tax Firm',
} as const;
