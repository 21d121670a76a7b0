import { defineCall } from '../call.ts';
import { createOrderResponseSchema } from '../payments/payments.schemas.ts';
import {
  accountInvoicesGetBodySchema,
  accountInvoicesGetResponseSchema,
  accountInvoicesListBodySchema,
  accountInvoicesListResponseSchema,
  accountInvoicesPayBodySchema,
  priceListBodySchema,
  priceListResponseSchema,
  priceListSaveBodySchema,
  staffInvoiceResponseSchema,
  staffInvoicesCreateBodySchema,
  staffInvoicesListBodySchema,
  staffInvoicesListResponseSchema,
  staffInvoicesRefundBodySchema,
  staffInvoicesSaveBodySchema,
  staffInvoicesSendBodySchema,
  staffInvoicesVoidBodySchema,
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

/** Invoices and the price list in the staff console (file rules apply; refunds and the price list: admins). */
export const invoicesStaffCalls = {
  staffInvoicesCreate: defineCall({
    path: 'staff/invoices/create',
    body: staffInvoicesCreateBodySchema,
    response: staffInvoiceResponseSchema,
    access: 'staff',
    summary: 'A draft invoice on a client’s file for a tax year: lines, discount, due date and note.',
  }),
  staffInvoicesSave: defineCall({
    path: 'staff/invoices/save',
    body: staffInvoicesSaveBodySchema,
    response: staffInvoiceResponseSchema,
    access: 'staff',
    summary: 'Change a draft invoice’s lines, discount, due date and note.',
  }),
  staffInvoicesSend: defineCall({
    path: 'staff/invoices/send',
    body: staffInvoicesSendBodySchema,
    response: staffInvoiceResponseSchema,
    access: 'staff',
    summary: 'Send a draft: the client sees it in the portal and is told by e-mail.',
  }),
  staffInvoicesVoid: defineCall({
    path: 'staff/invoices/void',
    body: staffInvoicesVoidBodySchema,
    response: staffInvoiceResponseSchema,
    access: 'staff',
    summary: 'Void an invoice with a reason (kept, never deleted); refused while payments stand on it.',
  }),
  staffInvoicesRefund: defineCall({
    path: 'staff/invoices/refund',
    body: staffInvoicesRefundBodySchema,
    response: staffInvoiceResponseSchema,
    access: 'admin',
    summary: 'Refund (part of) a payment through the provider and record it; the balance reopens.',
  }),
  staffInvoicesList: defineCall({
    path: 'staff/invoices/list',
    body: staffInvoicesListBodySchema,
    response: staffInvoicesListResponseSchema,
    access: 'staff',
    summary: 'A client’s invoices, or every invoice (admins), by filter, with the totals of the filter.',
  }),
  staffPricelistList: defineCall({
    path: 'staff/pricelist/list',
    body: priceListBodySchema,
    response: priceListResponseSchema,
    access: 'staff',
    summary: 'The firm’s price list, for invoices.',
  }),
  staffPricelistSave: defineCall({
    path: 'staff/pricelist/save',
    body: priceListSaveBodySchema,
    response: priceListResponseSchema,
    access: 'admin',
    summary: 'Replace the price list (admins); invoices keep their own copy of names and prices.',
  }),
} as const;
