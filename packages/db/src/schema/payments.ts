import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@taxfirm/contract';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { billedTo } from './filing-columns.ts';
import { users } from './accounts.ts';

export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentVerifiedBy = pgEnum('payment_verified_by', ['checkout', 'webhook']);

/**
 * The firm's ledger of card payments: every order created with the provider, and its outcome. A provider
 * payment is recorded once (unique), and an order turns paid once.
 */
export const payments = pgTable(
  'payments',
  {
    ...id,
    ...billedTo(),
    /** Who created the order (the client's login). */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    provider: paymentProvider().notNull(),
    /** The provider's order id. */
    orderId: text().notNull().unique(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: paymentStatus().notNull().default('created'),
    /** The provider's id of the payment that paid the order. */
    providerPaymentId: text().unique(),
    /** Card, UPI…, as the provider reports it. */
    method: text(),
    verifiedBy: paymentVerifiedBy(),
    paidAt: timestamp({ withTimezone: true }),
    /** The provider's id and reason for the last failed attempt. */
    failedPaymentId: text(),
    failureReason: text(),
    failedAt: timestamp({ withTimezone: true }),
    /**
     * The invoice it pays (issue 20); null for a payment on /user/payment while no invoice was open. No
     * database reference: invoices.ts refers to payments, and the column is checked by the service.
     */
    invoiceId: uuid(),
    /** What has been refunded of it (payment_refunds add up to this). */
    refundedCents: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // The portal lists a client's orders for a filing, newest first.
    index('payments_client_filing_idx').on(t.clientId, t.filingId, t.createdAt),
    // The staff console filters payments by status and date.
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId),
    // The inbox's payments tab, newest first, whatever the status.
    index('payments_created_idx').on(t.createdAt, t.id),
  ],
);

export const sandboxChargeStatus = pgEnum('sandbox_charge_status', ['captured', 'failed']);

/**
 * The sandbox provider's own book of charges, as a real provider keeps its payments: the app asks it about a
 * payment by id, exactly as it asks the real provider's API. Never the card number, only its last four digits.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** pay_… */
    id: text().primaryKey(),
    orderId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: sandboxChargeStatus().notNull(),
    cardNetwork: text().notNull(),
    cardLast4: text().notNull(),
    errorCode: text(),
    errorReason: text(),
    errorDescription: text(),
    /** What the sandbox has refunded of a captured charge. */
    refundedCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The sandbox's checkout reads an order's charges.
  (t) => [index('sandbox_charges_order_idx').on(t.orderId)],
);

/**
 * The sandbox provider's book of refunds (migration 0026), as a real provider keeps them: one per idempotency
 * key (a retry with the same key answers the same refund), looked up by that key.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** rfnd_… */
    id: text().primaryKey(),
    chargeId: text()
      .notNull()
      .references(() => sandboxCharges.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A charge's refunds (the foreign key).
  (t) => [index('sandbox_refunds_charge_idx').on(t.chargeId)],
);
