/**
 * Invoices in the staff console (issue 20): create a draft on a client's filing, change it, send it, void it,
 * and read one. Every call goes through the filing's file-assignment rules (`getWorkableFiling`, offshore
 * rule included). The lists are invoice-list.staff.ts; refunds billing.service.ts.
 */
import {
  invoiceNumber,
  invoiceTotals,
  MESSAGES,
  type InvoiceCurrency,
  type StaffInvoice,
  type StaffInvoicesCreateBody,
} from '@taxfirm/contract';
import {
  eq,
  inArray,
  invoiceLines,
  invoices,
  invoiceSequences,
  priceItems,
  sql,
  type Database,
  type InvoiceRow,
} from '@taxfirm/db';
import { firmYear } from '../../lib/firm-time.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { invoiceSent, type FirmVoice } from '../notifications/client-events.ts';
import { getBillingSettings } from './billing-settings.ts';
import {
  invoiceNotFound as notFound,
  loadInvoice,
  toStaffInvoice,
  type BillingLinks,
} from './invoice-record.ts';

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type LineInput = {
  price_item_id?: string | null | undefined;
  description: string;
  quantity: number;
  unit_amount: number;
};
type DiscountInput = { kind: 'amount' | 'percent'; value: number; reason: string } | null | undefined;

const conflict = (message: string) => new AppError('CONFLICT', { message });
const unprocessable = (message: string, field: string) => AppError.onField('UNPROCESSABLE', field, message);

/** Every price list item a line names is in the invoice's currency (an item since removed is let go). */
async function assertLineCurrencies(tx: Reader, lines: LineInput[], currency: InvoiceCurrency) {
  const ids = lines.flatMap((line) => (line.price_item_id ? [line.price_item_id] : []));
  if (ids.length === 0) return;
  const items = await tx
    .select({ currency: priceItems.currency })
    .from(priceItems)
    .where(inArray(priceItems.id, ids));
  if (items.some((item) => item.currency !== currency)) {
    throw unprocessable(MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH, 'lines');
  }
}

/** The price list items the lines name that still exist. */
async function knownPriceItems(tx: Reader, lines: LineInput[]): Promise<Set<string>> {
  const ids = lines.flatMap((line) => (line.price_item_id ? [line.price_item_id] : []));
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: priceItems.id }).from(priceItems).where(inArray(priceItems.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Write the invoice's lines in order (a price list item since removed is no longer named). */
async function writeLines(tx: Tx, invoiceId: string, lines: LineInput[]) {
  const known = await knownPriceItems(tx, lines);
  await tx.insert(invoiceLines).values(
    lines.map((line, position) => ({
      invoiceId,
      position,
      priceItemId: line.price_item_id && known.has(line.price_item_id) ? line.price_item_id : null,
      description: line.description,
      quantity: line.quantity,
      unitCents: line.unit_amount,
      amountCents: line.quantity * line.unit_amount,
    })),
  );
}

function amountsOf(lines: LineInput[], discount: DiscountInput) {
  const totals = invoiceTotals(lines, discount);
  return {
    subtotalCents: totals.subtotal,
    discountKind: discount?.kind ?? null,
    discountValue: discount?.value ?? null,
    discountReason: discount?.reason ?? null,
    discountCents: totals.discount,
    totalCents: totals.total,
  };
}

/** The calendar year of `now` in the firm's time zone. */

export type CreateInvoiceInput = Omit<StaffInvoicesCreateBody, 'taxy' | 'currency' | 'lines' | 'discount'> & {
  lines: LineInput[];
  discount?: DiscountInput;
  currency: InvoiceCurrency;
};

/**
 * A draft invoice on the client's filing of `taxYear`, numbered INV-<year>-<seq> from that calendar year's
 * sequence (in the same transaction). INR only when the firm enables it. Answers the invoice's id.
 */
export async function createInvoice(deps: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  input: CreateInvoiceInput;
  now?: Date;
}): Promise<string> {
  const { db, actor, taxYear, input } = deps;
  const now = deps.now ?? new Date();
  if (input.currency === 'INR' && !(await getBillingSettings(db)).inrEnabled) {
    throw unprocessable(MESSAGES.INVOICE_CURRENCY_OFF, 'currency');
  }
  return db.transaction(async (tx) => {
    const filing = await getWorkableFiling(tx, actor, { clientId: input.client_id, taxYear }, 'share');
    await assertLineCurrencies(tx, input.lines, input.currency);
    const year = firmYear(now);
    const [sequence] = await tx
      .insert(invoiceSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: sql`${invoiceSequences.last} + 1` } })
      .returning({ last: invoiceSequences.last });
    if (!sequence) throw new Error('invoice sequence not advanced');
    const number = invoiceNumber(year, sequence.last);
    const [row] = await tx
      .insert(invoices)
      .values({
        clientId: filing.clientId,
        filingId: filing.id,
        taxYear: filing.taxYear,
        number,
        numberYear: year,
        numberSeq: sequence.last,
        currency: input.currency,
        status: 'draft',
        ...amountsOf(input.lines, input.discount),
        dueDate: input.due_date ?? null,
        note: input.note ?? null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('invoice not written');
    await writeLines(tx, row.id, input.lines);
    await audit(tx, { actor, action: 'invoice.create', clientId: filing.clientId, subject: number });
    return row.id;
  });
}

/** The invoice locked for this transaction, if this staff member may work its filing (404, 403). */
async function getWorkableInvoice(tx: Tx, actor: StaffActor, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) throw notFound();
  await getWorkableFiling(tx, actor, { filingId: row.filingId }, 'share');
  return row;
}

/** Change a draft's lines, discount, due date and note (anything else: INVOICE_NOT_DRAFT). */
export async function saveInvoice(deps: {
  db: Database;
  actor: StaffActor;
  invoiceId: string;
  input: { lines: LineInput[]; discount?: DiscountInput; due_date?: string | null; note?: string | null };
}): Promise<void> {
  const { db, actor, invoiceId, input } = deps;
  await db.transaction(async (tx) => {
    const row = await getWorkableInvoice(tx, actor, invoiceId);
    if (row.status !== 'draft') throw conflict(MESSAGES.INVOICE_NOT_DRAFT);
    await assertLineCurrencies(tx, input.lines, row.currency);
    await tx
      .update(invoices)
      .set({
        ...amountsOf(input.lines, input.discount),
        dueDate: input.due_date ?? null,
        note: input.note ?? null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, row.id));
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, row.id));
    await writeLines(tx, row.id, input.lines);
    await audit(tx, { actor, action: 'invoice.save', clientId: row.clientId, subject: row.number });
  });
}

/** Send a draft: the client sees it from now on and is told by e-mail and in the bell (no amounts). */
export async function sendInvoice(deps: {
  db: Database;
  actor: StaffActor;
  voice: FirmVoice;
  invoiceId: string;
  now?: Date;
}): Promise<void> {
  const { db, actor, voice, invoiceId } = deps;
  const now = deps.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await getWorkableInvoice(tx, actor, invoiceId);
    if (row.status !== 'draft') throw conflict(MESSAGES.INVOICE_NOT_SENDABLE);
    await tx
      .update(invoices)
      .set({ status: 'sent', sentAt: now, sentBy: actor.userId, updatedAt: now })
      .where(eq(invoices.id, row.id));
    await audit(tx, { actor, action: 'invoice.send', clientId: row.clientId, subject: row.number });
    await invoiceSent(tx, voice, { clientId: row.clientId, invoiceId: row.id });
  });
}

/** Void an invoice with its reason (kept): refused while money stands on it (paid less refunded > 0). */
export async function voidInvoice(deps: {
  db: Database;
  actor: StaffActor;
  invoiceId: string;
  reason: string;
  now?: Date;
}): Promise<void> {
  const { db, actor, invoiceId, reason } = deps;
  const now = deps.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await getWorkableInvoice(tx, actor, invoiceId);
    if (row.status === 'void') throw conflict(MESSAGES.INVOICE_VOID);
    if (row.paidCents - row.refundedCents > 0) throw conflict(MESSAGES.INVOICE_HAS_PAYMENTS);
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: now, voidedBy: actor.userId, voidReason: reason, updatedAt: now })
      .where(eq(invoices.id, row.id));
    await audit(tx, {
      actor,
      action: 'invoice.void',
      clientId: row.clientId,
      subject: `${row.number}: ${reason.slice(0, 200)}`,
    });
  });
}

/** One invoice as staff see it, if they may work its filing. */
export async function getStaffInvoice(deps: {
  db: Database;
  actor: StaffActor;
  invoiceId: string;
  links: BillingLinks;
}): Promise<StaffInvoice> {
  const record = await loadInvoice(deps.db, deps.invoiceId);
  if (!record) throw notFound();
  await getWorkableFiling(deps.db, deps.actor, { filingId: record.row.filingId });
  return toStaffInvoice(record, deps.links);
}
