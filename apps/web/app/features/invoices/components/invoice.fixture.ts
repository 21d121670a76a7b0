import type { ClientInvoice } from '@taxfirm/contract';

/** An invoice as account/invoices/get answers it: $350 (federal + one state, 10% off), $200 paid. */
export function invoiceFixture(over: Partial<ClientInvoice> = {}): ClientInvoice {
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
    payments: [
      {
        order_id: 'order_first',
        payment_id: 'pay_first',
        amount: 20000,
        refunded: 0,
        method: 'card',
        paid_at: '2026-11-21T15:00:00.000Z',
        receipt_url: '/api/account/invoices/pdf?t=receipt-first',
      },
    ],
    refunds: [],
    pdf_url: '/api/account/invoices/pdf?t=invoice',
    ...over,
  };
}
