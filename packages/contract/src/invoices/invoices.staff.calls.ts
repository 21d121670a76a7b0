import { defineCall } from '../call.ts';
import {
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
