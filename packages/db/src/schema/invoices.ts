/**
 * Billing (issue 20): the firm's price list, invoices on a client's filing with their lines, the per-year
 * invoice number sequence, and refunds. An invoice is never deleted (void instead); its lines keep their own
 * copy of the price list's names and prices. Amounts are integer cents (paise for INR).
 */
import { DISCOUNT_KINDS, INVOICE_CURRENCIES, INVOICE_STATUSES, REFUND_STATUSES } from '@taxfirm/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { billedTo } from './filing-columns.ts';
import { users } from './accounts.ts';
import { payments } from './payments.ts';

export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);
export const invoiceCurrency = pgEnum('invoice_currency', INVOICE_CURRENCIES);
export const discountKind = pgEnum('discount_kind', DISCOUNT_KINDS);
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

/** The firm's price list (admins edit it in settings), in its order. */
export const priceItems = pgTable(
  'price_items',
  {
    ...id,
    name: text().notNull(),
    amountCents: integer().notNull(),
    currency: invoiceCurrency().notNull().default('USD'),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [check('price_items_amount', sql`${t.amountCents} >= 0`)],
);

/** The last invoice number given in each calendar year (numbers run INV-2026-0001, -0002, …). */
export const invoiceSequences = pgTable('invoice_sequences', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    ...id,
    ...billedTo(),
    taxYear: integer().notNull(),
    number: text().notNull().unique(),
    numberYear: integer().notNull(),
    numberSeq: integer().notNull(),
    currency: invoiceCurrency().notNull(),
    status: invoiceStatus().notNull().default('draft'),
    subtotalCents: integer().notNull(),
    discountKind: discountKind(),
    /** Cents for an amount, a whole percent for a percent. */
    discountValue: integer(),
    discountReason: text(),
    discountCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** Sum of the payments recorded against it, and of the refunds of those payments. */
    paidCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    dueDate: date({ mode: 'string' }),
    note: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    voidReason: text(),
    /** Overdue reminders, on the request reminders' schedule (counted from the due date). */
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('invoices_number_seq').on(t.numberYear, t.numberSeq),
    check(
      'invoices_amounts',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.totalCents} >= 0 and ${t.paidCents} >= 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`,
    ),
    check(
      'invoices_discount',
      sql`(${t.discountKind} is null) = (${t.discountValue} is null) and (${t.discountKind} is null) = (${t.discountReason} is null)`,
    ),
    check('invoices_void', sql`(${t.status} = 'void') = (${t.voidedAt} is not null)`),
    // The client's file and the portal: a client's invoices by year.
    index('invoices_client_year_idx').on(t.clientId, t.taxYear),
    // The Invoices tab: by status and due date, newest first.
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_created_idx').on(t.createdAt),
    // The Invoices tab's totals per currency (issue 39): read from the index alone, in currency order.
    index('invoices_currency_totals_idx').on(
      t.currency,
      t.status,
      t.totalCents,
      t.paidCents,
      t.refundedCents,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...id,
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
    priceItemId: uuid().references(() => priceItems.id, { onDelete: 'set null' }),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitCents: integer().notNull(),
    amountCents: integer().notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    check(
      'invoice_lines_amounts',
      sql`${t.quantity} between 1 and 99 and ${t.unitCents} >= 0 and ${t.amountCents} = ${t.quantity} * ${t.unitCents}`,
    ),
  ],
);

/**
 * Money given back: a provider refund of (part of) one payment, asked by an admin. The row is written pending,
 * with its idempotency key, before the provider is asked (S2-09, migration 0026); it is then completed (the
 * provider's refund id; only completed rows count as money given back) or failed (no money moved).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    ...id,
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: refundStatus().notNull().default('pending'),
    /** Random and unique, sent to the provider with the refund, so a retry or a lookup finds the same refund. */
    idempotencyKey: text().notNull().unique(),
    /** The provider's refund id (rfnd_…), once completed. */
    providerRefundId: text().unique(),
    /** Why a failed refund failed (the provider's refusal, or its having no record of it). */
    failureReason: text(),
    reason: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was completed or failed; null while pending. */
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_invoice_idx').on(t.invoiceId),
    // One refund in flight per payment: a second while one is pending is refused (409), never sent twice.
    uniqueIndex('payment_refunds_one_pending_idx')
      .on(t.paymentId)
      .where(sql`${t.status} = 'pending'`),
    check('payment_refunds_amount', sql`${t.amountCents} > 0`),
    check(
      'payment_refunds_settled',
      sql`(${t.status} = 'pending') = (${t.settledAt} is null) and (${t.status} <> 'completed' or ${t.providerRefundId} is not null)`,
    ),
  ],
);
