/**
 * Invoices, the price list and billing documents: the calls' bodies and answers. Amounts are integer cents
 * (paise for INR) everywhere; a client's calls name an invoice, never an amount's currency.
 */
import { z } from 'zod';
import {
  clientIdField,
  dataTablesParametersSchema,
  envelope,
  optionalIsoDayField,
  optionalText,
  requiredText,
} from '../common.ts';
import { MESSAGES } from '../messages.ts';
import {
  CLIENT_INVOICE_STATUSES,
  DISCOUNT_KINDS,
  INVOICE_CURRENCIES,
  INVOICE_EXPORT_PATH,
  INVOICE_FILTERS,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  MAX_INVOICE_CENTS,
  MAX_INVOICE_LINES,
  MAX_LINE_QUANTITY,
  MAX_PRICE_LIST_ITEMS,
  invoiceTotals,
} from './invoices.constants.ts';

const invoiceIdField = z.uuid({ error: MESSAGES.INVOICE_NOT_FOUND });
const currencyField = z.enum(INVOICE_CURRENCIES, { error: MESSAGES.INVOICE_CURRENCY_INVALID });
const centsField = (message: string, min = 0) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(MAX_INVOICE_CENTS, { error: message });
const taxYear = z.coerce.number({ error: MESSAGES.INVALID_REQUEST }).int().min(2000).max(2100);
/** YYYY-MM-DD (a date input's value), a real calendar day. */
// ---- The price list (admins edit it in settings) ------------------------------------------------------

export const priceItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  amount: z.number().int(),
  currency: z.enum(INVOICE_CURRENCIES),
  active: z.boolean(),
});
export type PriceItem = z.infer<typeof priceItemSchema>;

export const priceItemInputSchema = z.object({
  /** Kept when the item already exists (invoices keep their own copy of name and price either way). */
  id: z.uuid().optional(),
  name: requiredText(MESSAGES.PRICE_ITEM_NAME_REQUIRED, 80),
  amount: centsField(MESSAGES.INVOICE_LINE_AMOUNT_INVALID),
  currency: currencyField.default('USD'),
  active: z.boolean().default(true),
});
export type PriceItemInput = z.input<typeof priceItemInputSchema>;

/** staff/pricelist/save: the whole list in its order (admins); items left out are removed. */
export const priceListSaveBodySchema = z.object({
  items: z
    .array(priceItemInputSchema)
    .max(MAX_PRICE_LIST_ITEMS, { error: MESSAGES.PRICE_LIST_TOO_LONG })
    .refine((items) => new Set(items.map((i) => i.name.toLowerCase())).size === items.length, {
      error: MESSAGES.PRICE_ITEM_NAME_DUPLICATE,
    }),
});
export const priceListBodySchema = z.object({});
export const priceListResponseSchema = envelope({
  items: z.array(priceItemSchema),
  /** Whether the firm bills in INR too (settings). */
  inr_enabled: z.boolean(),
});

// ---- Staff: create and change an invoice ----------------------------------------------------------------

export const invoiceLineInputSchema = z.object({
  /** The price list item it came from, if any (its name and price are copied; both may be changed). */
  price_item_id: z.uuid().nullish(),
  description: requiredText(MESSAGES.INVOICE_LINE_DESCRIPTION_REQUIRED, 120),
  quantity: z
    .number({ error: MESSAGES.INVOICE_LINE_QUANTITY_INVALID })
    .int({ error: MESSAGES.INVOICE_LINE_QUANTITY_INVALID })
    .min(1, { error: MESSAGES.INVOICE_LINE_QUANTITY_INVALID })
    .max(MAX_LINE_QUANTITY, { error: MESSAGES.INVOICE_LINE_QUANTITY_INVALID }),
  /** Price of one, in cents. */
  unit_amount: centsField(MESSAGES.INVOICE_LINE_AMOUNT_INVALID),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

export const discountInputSchema = z
  .object({
    kind: z.enum(DISCOUNT_KINDS, { error: MESSAGES.INVOICE_DISCOUNT_INVALID }),
    /** Cents for an amount; a whole percent (1-100) for a percent. */
    value: z
      .number({ error: MESSAGES.INVOICE_DISCOUNT_INVALID })
      .int({ error: MESSAGES.INVOICE_DISCOUNT_INVALID })
      .min(1, { error: MESSAGES.INVOICE_DISCOUNT_INVALID })
      .max(MAX_INVOICE_CENTS, { error: MESSAGES.INVOICE_DISCOUNT_INVALID }),
    reason: requiredText(MESSAGES.INVOICE_DISCOUNT_REASON_REQUIRED, 200),
  })
  .refine((d) => d.kind === 'amount' || d.value <= 100, {
    error: MESSAGES.INVOICE_DISCOUNT_INVALID,
    path: ['value'],
  });
export type DiscountInput = z.input<typeof discountInputSchema>;

/** The parts of an invoice staff write (create and save share them). */
const invoiceFieldsSchema = z.object({
  lines: z
    .array(invoiceLineInputSchema, { error: MESSAGES.INVOICE_LINES_REQUIRED })
    .min(1, { error: MESSAGES.INVOICE_LINES_REQUIRED })
    .max(MAX_INVOICE_LINES, { error: MESSAGES.INVOICE_LINES_TOO_MANY }),
  discount: discountInputSchema.nullish(),
  /** YYYY-MM-DD, or none. */
  due_date: optionalIsoDayField(MESSAGES.INVOICE_DUE_DATE_INVALID),
  /** Shown to the client on the invoice. */
  note: optionalText(1000),
});

/** The invoice adds up to more than zero, no more than the cap, and the discount is not more than the lines. */
function addsUp(value: z.output<typeof invoiceFieldsSchema>, ctx: z.RefinementCtx) {
  const totals = invoiceTotals(value.lines, value.discount);
  if (totals.discount > totals.subtotal) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount', 'value'],
      message: MESSAGES.INVOICE_DISCOUNT_TOO_LARGE,
    });
  } else if (totals.total <= 0) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.INVOICE_TOTAL_ZERO });
  } else if (totals.subtotal > MAX_INVOICE_CENTS) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.INVOICE_TOTAL_TOO_LARGE });
  }
}

export const staffInvoicesCreateBodySchema = invoiceFieldsSchema
  .extend({
    client_id: clientIdField,
    taxy: taxYear,
    currency: currencyField.default('USD'),
  })
  .superRefine(addsUp);
export type StaffInvoicesCreateBody = z.input<typeof staffInvoicesCreateBodySchema>;

/** A draft's lines, discount, due date and note (a sent invoice is voided and made anew instead). */
export const staffInvoicesSaveBodySchema = invoiceFieldsSchema
  .extend({ invoice_id: invoiceIdField })
  .superRefine(addsUp);
export type StaffInvoicesSaveBody = z.input<typeof staffInvoicesSaveBodySchema>;

export const staffInvoicesSendBodySchema = z.object({ invoice_id: invoiceIdField });
export const staffInvoicesVoidBodySchema = z.object({
  invoice_id: invoiceIdField,
  reason: requiredText(MESSAGES.INVOICE_VOID_REASON_REQUIRED, 500),
});
/** Admins: give back (part of) one payment of the invoice through the provider, and record it. */
export const staffInvoicesRefundBodySchema = z.object({
  invoice_id: invoiceIdField,
  /** The provider's order id of the payment. */
  order_id: z
    .string({ error: MESSAGES.REFUND_PAYMENT_NOT_FOUND })
    .regex(/^order_[A-Za-z0-9]{1,40}$/, { error: MESSAGES.REFUND_PAYMENT_NOT_FOUND }),
  amount: centsField(MESSAGES.REFUND_AMOUNT_INVALID, 1),
  reason: requiredText(MESSAGES.REFUND_REASON_REQUIRED, 500),
});

// ---- What an invoice looks like -------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
});
export const invoicePaymentSchema = z.object({
  order_id: z.string(),
  /** The provider's payment id. */
  payment_id: z.string().nullable(),
  amount: z.number().int(),
  /** Of this payment, what has been refunded. */
  refunded: z.number().int(),
  method: z.string().nullable(),
  paid_at: z.string(),
  /** The receipt PDF (a short-lived signed link). */
  receipt_url: z.string(),
});
export const invoiceRefundSchema = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  /** The provider's refund id. */
  refund_id: z.string().nullable(),
  created_at: z.string(),
});

const invoiceCore = {
  id: z.string(),
  number: z.string(),
  tax_year: z.number().int(),
  currency: z.enum(INVOICE_CURRENCIES),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discount_kind: z.enum(DISCOUNT_KINDS).nullable(),
  /** Cents for an amount, a whole percent for a percent. */
  discount_value: z.number().int().nullable(),
  discount_reason: z.string().nullable(),
  total: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  balance: z.number().int(),
  /** YYYY-MM-DD */
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  note: z.string().nullable(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  refunds: z.array(invoiceRefundSchema),
  /** The invoice PDF (a short-lived signed link). */
  pdf_url: z.string(),
};

export const clientInvoiceSchema = z.object({
  ...invoiceCore,
  status: z.enum(CLIENT_INVOICE_STATUSES),
  void_reason: z.string().nullable(),
});
export type ClientInvoice = z.infer<typeof clientInvoiceSchema>;

export const staffInvoiceSchema = z.object({
  ...invoiceCore,
  status: z.enum(INVOICE_STATUSES),
  client_id: z.string(),
  client_name: z.string(),
  file_number: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  reminders_sent: z.number().int(),
  last_reminded_at: z.string().nullable(),
  /**
   * Refunds asked for and not yet settled with the payment provider (issue 33, S2-09): recorded before the
   * provider is asked, checked with it until completed (then listed in `refunds`) or failed (then dropped).
   */
  refunds_pending: z.array(
    z.object({ order_id: z.string(), amount: z.number().int(), created_at: z.string() }),
  ),
});
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

export const staffInvoiceResponseSchema = envelope({ invoice: staffInvoiceSchema });

/** One line of the totals for a filter: per currency (USD and INR are never added together). */
export const invoiceTotalsSchema = z.object({
  currency: z.enum(INVOICE_CURRENCIES),
  count: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
});
export type InvoiceTotalsRow = z.infer<typeof invoiceTotalsSchema>;

/**
 * staff/invoices/list: one client's invoices (`client_id`: file rules apply), or the firm's (admins: the
 * inbox's Invoices tab), by filter and tax year, paged, searched (number, client name, e-mail, file number)
 * and sorted, with the totals of the whole filter.
 */
export const staffInvoicesListBodySchema = z.object({
  client_id: clientIdField.optional(),
  taxy: taxYear.optional(),
  filter: z.enum(INVOICE_FILTERS).default('all'),
  dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 25 }),
  sort: z
    .object({ column: z.enum(INVOICE_SORTS), dir: z.enum(['asc', 'desc']).default('desc') })
    .default({ column: 'created', dir: 'desc' }),
});
export type StaffInvoicesListBody = z.input<typeof staffInvoicesListBodySchema>;
export const staffInvoicesListResponseSchema = envelope({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  data: z.array(staffInvoiceSchema),
  totals: z.array(invoiceTotalsSchema),
});

// ---- The client's side ------------------------------------------------------------------------------------

export const accountInvoicesListBodySchema = z.object({});
export const accountInvoicesListResponseSchema = envelope({
  /** What is due now, per currency (only currencies with something due). */
  balance: z.array(z.object({ currency: z.enum(INVOICE_CURRENCIES), amount: z.number().int() })),
  /** Open first (oldest due first), then the rest newest first; never drafts. */
  invoices: z.array(clientInvoiceSchema),
  /** Whether the firm takes part payments. */
  part_payments: z.boolean(),
});
export const accountInvoicesGetBodySchema = z.object({ invoice_id: invoiceIdField });
export const accountInvoicesGetResponseSchema = envelope({
  invoice: clientInvoiceSchema,
  part_payments: z.boolean(),
});

/**
 * account/invoices/pay: a provider order for this invoice; the amount is its balance unless the firm takes
 * part payments and a smaller amount (cents) is given. The currency is always the invoice's.
 */
export const accountInvoicesPayBodySchema = z.object({
  invoice_id: invoiceIdField,
  amount: z
    .number({ error: MESSAGES.AMOUNT_REQUIRED })
    .int({ error: MESSAGES.AMOUNT_DECIMALS })
    .positive({ error: MESSAGES.AMOUNT_POSITIVE })
    .max(MAX_INVOICE_CENTS, { error: MESSAGES.AMOUNT_TOO_LARGE })
    .optional(),
});

// ---- The Invoices tab's CSV export (GET, flat: the list's filters, search and sort) ----------------------

/** INVOICE_EXPORT_PATH's query string: every invoice matching the list's filter, search and sort (admins). */
export const invoiceExportQuerySchema = z.object({
  filter: z.enum(INVOICE_FILTERS).default('all'),
  taxy: taxYear.optional(),
  search: z
    .string()
    .max(200)
    .refine((v) => !v.includes('\u0000'), { error: MESSAGES.TEXT_NUL })
    .optional(),
  sort: z.enum(INVOICE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type InvoiceExportQuery = z.input<typeof invoiceExportQuerySchema>;

/** The export's download URL with the given filters (blank values are left out). */
export function invoiceExportHref(
  query: Readonly<Record<string, string | number | null | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${INVOICE_EXPORT_PATH}${qs ? `?${qs}` : ''}`;
}
