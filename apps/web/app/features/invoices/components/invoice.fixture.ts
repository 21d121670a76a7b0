import type { ClientInvoice } from '@taxfirm/contract';
import { invoiceCoreFixture } from '../../../testing/invoices.ts';

/** An invoice as account/invoices/get answers it: $350 (federal + one state, 10% off), $200 paid. */
export function invoiceFixture(over: Partial<ClientInvoice> = {}): ClientInvoice {
  return {
    ...invoiceCoreFixture(),
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
    pdf_url: '/api/account/invoices/pdf?t=invoice',
    ...over,
  };
}
