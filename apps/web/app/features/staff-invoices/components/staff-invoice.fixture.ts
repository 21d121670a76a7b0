import type { StaffInvoice } from '@taxfirm/contract';
import { invoiceCoreFixture } from '../../../testing/invoices.ts';

export const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';

/** An invoice as the staff calls answer it: Priya Rao's $350, $200 paid by card (order_Abc123). */
export function staffInvoiceFixture(over: Partial<StaffInvoice> = {}): StaffInvoice {
  return {
    ...invoiceCoreFixture(),
    payments: [
      {
        order_id: 'order_Abc123',
        payment_id: 'pay_Xyz789',
        amount: 20000,
        refunded: 0,
        method: 'card',
        paid_at: '2026-11-21T15:00:00.000Z',
        receipt_url: '/api/staff/invoices/pdf?t=receipt1',
      },
    ],
    pdf_url: '/api/staff/invoices/pdf?t=invoice1',
    client_id: CLIENT,
    client_name: 'Priya Rao',
    file_number: 'TF25-0001',
    created_at: '2026-11-19T15:00:00.000Z',
    created_by: 'Ravi Shah',
    voided_at: null,
    reminders_sent: 0,
    last_reminded_at: null,
    refunds_pending: [],
    ...over,
  };
}
