import { defineCall } from '../call.ts';
import { createOrderResponseSchema } from '../payments/payments.schemas.ts';
import {
  accountInvoicesGetBodySchema,
  accountInvoicesGetResponseSchema,
  accountInvoicesListBodySchema,
  accountInvoicesListResponseSchema,
  accountInvoicesPayBodySchema,
} from './invoices.schemas.ts';

/** Invoices on the client's side: identity from the session only; drafts are never shown. */
export const invoicesCalls = {
  accountInvoicesList: defineCall({
    path: 'account/invoices/list',
    body: accountInvoicesListBodySchema,
    response: accountInvoicesListResponseSchema,
    access: 'client',
    summary: "The session client's invoices and the balance due, per currency.",
  }),
  accountInvoicesGet: defineCall({
    path: 'account/invoices/get',
    body: accountInvoicesGetBodySchema,
    response: accountInvoicesGetResponseSchema,
    access: 'client',
    summary: 'One of the session client’s invoices: lines, payments, refunds, the PDF and receipts.',
  }),
  accountInvoicesPay: defineCall({
    path: 'account/invoices/pay',
    body: accountInvoicesPayBodySchema,
    response: createOrderResponseSchema,
    access: 'client',
    summary: 'Create the provider order for an own invoice: its balance, or a part when the firm allows it.',
  }),
} as const;
