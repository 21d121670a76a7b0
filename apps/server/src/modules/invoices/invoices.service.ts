/**
 * Invoices (issue 20): the firm's price list, invoices on a client's filing (draft → sent → partly paid →
 * paid, or void; never deleted), and how an invoice looks to staff and to its client. Amounts are integer
 * cents (paise for INR); totals come from the contract's `invoiceTotals`, balances from `invoiceBalance`.
 *
 * Staff calls on a client's invoice go through the filing's file-assignment rules (`getWorkableFiling`,
 * offshore rule included); the firm-wide list is for admins. Client reads are filtered by the session's
 * client, and a draft is "not found" to them.
 */
import {
  FIRM_TIME_ZONE,
  invoiceBalance,
  invoiceNumber,
  invoiceTotals,
  MESSAGES,
  type ClientInvoice,
  type DataTablesParameters,
  type InvoiceCurrency,
  type InvoiceFilter,
  type InvoiceTotalsRow,
  type PriceItem,
  type StaffInvoice,
  type StaffInvoicesCreateBody,
} from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  count,
  desc,
  eq,
  inArray,
  or,
  invoiceLines,
  invoices,
  invoiceSequences,
  ne,
  paymentRefunds,
  payments,
  priceItems,
  siteSettings,
  sql,
  users,
  type Database,
  type InvoiceRow,
  type SQL,
} from '@taxfirm/db';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { BillingLinkKind, LinkSigner } from '../../lib/crypto/signed-links.ts';
import { definePagedList, inSlice, orderBy, searchIn, type ListPage } from '../../lib/paged-query.ts';
import { clientOffshoreAllowedSql, getWorkableFiling } from '../filings/filings.service.ts';
import { invoiceSent, type FirmVoice } from '../notifications/client-events.ts';

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// ---- Settings ------------------------------------------------------------------------------------------

/** The firm's billing switches, read fresh (an admin's change applies to the next call). */
export async function getBillingSettings(
  db: Reader,
): Promise<{ inrEnabled: boolean; partPayments: boolean; holdSummary: boolean }> {
  const [row] = await db
    .select({
      inrEnabled: siteSettings.invoiceInrEnabled,
      partPayments: siteSettings.invoicePartPayments,
      holdSummary: siteSettings.invoiceHoldSummary,
    })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return row;
}

// ---- The price list ------------------------------------------------------------------------------------

export async function listPriceItems(db: Reader): Promise<PriceItem[]> {
  const rows = await db
    .select({
      id: priceItems.id,
      name: priceItems.name,
      amount: priceItems.amountCents,
      currency: priceItems.currency,
      active: priceItems.active,
    })
    .from(priceItems)
    .orderBy(asc(priceItems.position), asc(priceItems.createdAt), asc(priceItems.id));
  return rows;
}

/**
 * Replace the price list (admins), in the order given: an item that names an existing id keeps it (and is
 * changed in place), others are added, and items left out are removed. Invoices keep their own copies.
 */
export async function savePriceList(deps: {
  db: Database;
  actor: StaffActor;
  items: {
    id?: string | undefined;
    name: string;
    amount: number;
    currency: InvoiceCurrency;
    active: boolean;
  }[];
}): Promise<PriceItem[]> {
  const { db, actor, items } = deps;
  return db.transaction(async (tx) => {
    const existing = new Set(
      (await tx.select({ id: priceItems.id }).from(priceItems).for('update')).map((row) => row.id),
    );
    const kept = new Set<string>();
    for (const [position, item] of items.entries()) {
      const values = {
        name: item.name,
        amountCents: item.amount,
        currency: item.currency,
        active: item.active,
        position,
      };
      if (item.id && existing.has(item.id) && !kept.has(item.id)) {
        kept.add(item.id);
        await tx
          .update(priceItems)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(priceItems.id, item.id));
      } else {
        await tx.insert(priceItems).values(values);
      }
    }
    const removed = [...existing].filter((id) => !kept.has(id));
    if (removed.length > 0) await tx.delete(priceItems).where(inArray(priceItems.id, removed));
    await audit(tx, {
      actor,
      action: 'pricelist.save',
      subject: `${items.length} item${items.length === 1 ? '' : 's'} (${removed.length} removed)`,
    });
    return listPriceItems(tx);
  });
}

// ---- Loading and showing an invoice --------------------------------------------------------------------

type LineInput = {
  price_item_id?: string | null | undefined;
  description: string;
  quantity: number;
  unit_amount: number;
};
type DiscountInput = { kind: 'amount' | 'percent'; value: number; reason: string } | null | undefined;

/** An invoice with everything shown of it: its client, lines, payments (paid ones) and refunds. */
export type InvoiceRecord = {
  row: InvoiceRow;
  client: { name: string; email: string; fileNumber: string | null };
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[];
  payments: {
    id: string;
    orderId: string;
    providerPaymentId: string | null;
    amountCents: number;
    refundedCents: number;
    method: string | null;
    paidAt: Date;
  }[];
  refunds: {
    paymentId: string;
    orderId: string;
    amountCents: number;
    reason: string;
    providerRefundId: string | null;
    createdAt: Date;
  }[];
  /** Refunds asked for and not yet settled with the provider (S2-09): staff see them, clients do not. */
  pendingRefunds: { orderId: string; amountCents: number; createdAt: Date }[];
};

/** These invoices with their client, lines, paid payments and refunds, by id (missing ids are left out). */
export async function loadInvoices(db: Reader, ids: readonly string[]): Promise<Map<string, InvoiceRecord>> {
  const records = new Map<string, InvoiceRecord>();
  if (ids.length === 0) return records;
  const list = [...new Set(ids)];
  const rows = await db
    .select({
      invoice: invoices,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      email: users.email,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(inArray(invoices.id, list));
  for (const row of rows) {
    records.set(row.invoice.id, {
      row: row.invoice,
      client: {
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        fileNumber: row.fileNumber,
      },
      lines: [],
      payments: [],
      refunds: [],
      pendingRefunds: [],
    });
  }
  const [lines, paid, refunds] = await Promise.all([
    db
      .select({
        invoiceId: invoiceLines.invoiceId,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        unitCents: invoiceLines.unitCents,
        amountCents: invoiceLines.amountCents,
      })
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, list))
      .orderBy(asc(invoiceLines.position)),
    db
      .select({
        invoiceId: payments.invoiceId,
        id: payments.id,
        orderId: payments.orderId,
        providerPaymentId: payments.providerPaymentId,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        method: payments.method,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(and(inArray(payments.invoiceId, list), eq(payments.status, 'paid')))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db
      .select({
        invoiceId: paymentRefunds.invoiceId,
        paymentId: paymentRefunds.paymentId,
        orderId: payments.orderId,
        amountCents: paymentRefunds.amountCents,
        reason: paymentRefunds.reason,
        providerRefundId: paymentRefunds.providerRefundId,
        createdAt: paymentRefunds.createdAt,
        status: paymentRefunds.status,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      // A failed refund never moved money (S2-09); a pending one is listed apart below.
      .where(
        and(
          inArray(paymentRefunds.invoiceId, list),
          inArray(paymentRefunds.status, ['completed', 'pending']),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
  ]);
  for (const { invoiceId, ...line } of lines) records.get(invoiceId)?.lines.push(line);
  for (const { invoiceId, paidAt, ...payment } of paid) {
    if (invoiceId && paidAt) records.get(invoiceId)?.payments.push({ ...payment, paidAt });
  }
  for (const { invoiceId, status, ...refund } of refunds) {
    const record = invoiceId ? records.get(invoiceId) : undefined;
    // Money given back only: a pending refund is not yet (its row completes once the provider made it).
    if (status === 'completed') record?.refunds.push(refund);
    else record?.pendingRefunds.push(refund);
  }
  return records;
}

/** One invoice with everything shown of it, or null. */
export async function loadInvoice(db: Reader, id: string): Promise<InvoiceRecord | null> {
  return (await loadInvoices(db, [id])).get(id) ?? null;
}

/** Today in the firm's time zone, YYYY-MM-DD. */
export function firmToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: FIRM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const isOpen = (status: InvoiceRow['status']) => status === 'sent' || status === 'partly_paid';

/** What is left to pay: nothing on a void invoice, else the total less what was paid and not refunded. */
export function balanceOf(row: Pick<InvoiceRow, 'status' | 'totalCents' | 'paidCents' | 'refundedCents'>) {
  return row.status === 'void'
    ? 0
    : invoiceBalance({ total: row.totalCents, paid: row.paidCents, refunded: row.refundedCents });
}

/** Open (sent or partly paid) and past its due date, in the firm's time zone. */
export function isOverdue(row: Pick<InvoiceRow, 'status' | 'dueDate'>, now = new Date()): boolean {
  return isOpen(row.status) && row.dueDate !== null && row.dueDate < firmToday(now);
}

/** How an invoice's PDF and its receipts are linked for one viewer (a signed link each). */
export type BillingLinks = { invoice: (invoiceId: string) => string; receipt: (paymentId: string) => string };

/** The links of one side's PDF route (`path`), signed for the user `userId` only. */
export function billingLinksFor(
  links: LinkSigner<BillingLinkKind>,
  path: string,
  userId: string,
): BillingLinks {
  const link = (k: BillingLinkKind, id: string) => `${path}?t=${links.sign({ k, id, u: userId })}`;
  return { invoice: (id) => link('invoice', id), receipt: (id) => link('receipt', id) };
}

function invoiceCoreOf(record: InvoiceRecord, links: BillingLinks, now: Date) {
  const { row } = record;
  return {
    id: row.id,
    number: row.number,
    tax_year: row.taxYear,
    currency: row.currency,
    subtotal: row.subtotalCents,
    discount: row.discountCents,
    discount_kind: row.discountKind,
    discount_value: row.discountValue,
    discount_reason: row.discountReason,
    total: row.totalCents,
    paid: row.paidCents,
    refunded: row.refundedCents,
    balance: balanceOf(row),
    due_date: row.dueDate,
    overdue: isOverdue(row, now),
    note: row.note,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    lines: record.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_amount: line.unitCents,
      amount: line.amountCents,
    })),
    payments: record.payments.map((payment) => ({
      order_id: payment.orderId,
      payment_id: payment.providerPaymentId,
      amount: payment.amountCents,
      refunded: payment.refundedCents,
      method: payment.method,
      paid_at: payment.paidAt.toISOString(),
      receipt_url: links.receipt(payment.id),
    })),
    refunds: record.refunds.map((refund) => ({
      order_id: refund.orderId,
      amount: refund.amountCents,
      reason: refund.reason,
      refund_id: refund.providerRefundId,
      created_at: refund.createdAt.toISOString(),
    })),
    pdf_url: links.invoice(row.id),
  };
}

/** An invoice as staff see it. */
export function toStaffInvoice(record: InvoiceRecord, links: BillingLinks, now = new Date()): StaffInvoice {
  const { row } = record;
  return {
    ...invoiceCoreOf(record, links, now),
    status: row.status,
    client_id: row.clientId,
    client_name: record.client.name,
    file_number: record.client.fileNumber,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    void_reason: row.voidReason,
    voided_at: row.voidedAt?.toISOString() ?? null,
    reminders_sent: row.remindersSent,
    last_reminded_at: row.lastRemindedAt?.toISOString() ?? null,
    refunds_pending: record.pendingRefunds.map((refund) => ({
      order_id: refund.orderId,
      amount: refund.amountCents,
      created_at: refund.createdAt.toISOString(),
    })),
  };
}

/** An invoice as its client sees it (never a draft: callers filter drafts out). */
export function toClientInvoice(record: InvoiceRecord, links: BillingLinks, now = new Date()): ClientInvoice {
  const { row } = record;
  if (row.status === 'draft') throw new Error('toClientInvoice: a draft is never shown to the client');
  return { ...invoiceCoreOf(record, links, now), status: row.status, void_reason: row.voidReason };
}

// ---- Staff: create, save, send, void -------------------------------------------------------------------

const notFound = () => new AppError('NOT_FOUND', { message: MESSAGES.INVOICE_NOT_FOUND });
const conflict = (message: string) => new AppError('CONFLICT', { message });
const unprocessable = (message: string, field: string) =>
  new AppError('UNPROCESSABLE', { message, details: { [field]: message } });

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
const firmYear = (now: Date) => Number(firmToday(now).slice(0, 4));

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

// ---- Staff: the lists ----------------------------------------------------------------------------------

export type InvoiceListFilters = {
  /** One client's invoices; otherwise every client's (admins). */
  clientId?: string | undefined;
  taxYear?: number | undefined;
  filter: InvoiceFilter;
  search?: string | undefined;
  sort: {
    column: 'created' | 'number' | 'client' | 'due' | 'total' | 'balance' | 'status';
    dir: 'asc' | 'desc';
  };
  /** An offshore admin's firm-wide list: only clients whose §7216 Yes is in force. */
  offshoreOnly?: boolean;
};

const clientName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
const balanceSql = sql<number>`(case when ${invoices.status} = 'void' then 0 else greatest(0, ${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents})) end)`;
const firmTodaySql = sql`(now() at time zone ${FIRM_TIME_ZONE})::date`;
const openSql = inArray(invoices.status, ['sent', 'partly_paid']);

function filterSql(filter: InvoiceFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'open':
      return openSql;
    case 'overdue':
      return and(openSql, sql`${invoices.dueDate} < ${firmTodaySql}`);
    case 'paid':
    case 'draft':
    case 'void':
      return eq(invoices.status, filter);
  }
}

function listQuery(f: InvoiceListFilters) {
  const scope = and(
    f.clientId ? eq(invoices.clientId, f.clientId) : undefined,
    f.taxYear ? eq(invoices.taxYear, f.taxYear) : undefined,
    f.offshoreOnly
      ? sql`${invoices.clientId} in (select ${clients.id} from ${clients} where ${clientOffshoreAllowedSql})`
      : undefined,
    filterSql(f.filter),
  );
  return {
    scope,
    search: invoiceSearch(f.search),
    order: orderBy(SORTS[f.sort.column], f.sort.dir, invoices.id),
  };
}

/**
 * The search box: the invoice's number, or its client's name, file number or login e-mail contains the term.
 * The client part is one set of client ids (a union of two searches, each served by its own trigram indexes,
 * like the work queue's), so that the search and the filters are all on `invoices` and counts need no join.
 */
function invoiceSearch(term: string | undefined): SQL | undefined {
  const onInvoice = searchIn(term, [invoices.number]);
  const onClient = searchIn(term, [clientName, clients.fileNumber]);
  const onEmail = searchIn(term, [users.email]);
  if (!onInvoice || !onClient || !onEmail) return undefined;
  return or(
    onInvoice,
    sql`${invoices.clientId} in (select ${clients.id} from ${clients} where ${onClient} union select ${clients.id} from ${clients} inner join ${users} on ${users.id} = ${clients.userId} where ${onEmail})`,
  );
}

const SORTS = {
  created: invoices.createdAt,
  number: invoices.number,
  client: clientName,
  due: invoices.dueDate,
  total: invoices.totalCents,
  balance: balanceSql,
  status: invoices.status,
} as const;

const invoiceList = definePagedList({
  // The filters and the search are all on `invoices` (every invoice has its client): counted without joins.
  count: (db, where) => db.select({ n: count() }).from(invoices).where(where),
  query: listQuery,
  read: async (db, q, slice): Promise<InvoiceRecord[]> => {
    const ids = await inSlice(
      db
        .select({ id: invoices.id })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .innerJoin(users, eq(users.id, clients.userId))
        .$dynamic(),
      q,
      slice,
    );
    const records = await loadInvoices(
      db,
      ids.map((row) => row.id),
    );
    return ids.flatMap((row) => records.get(row.id) ?? []);
  },
});

/** The totals of every invoice matching the filters (search included), one line per currency. */
async function totalsOf(db: Reader, f: InvoiceListFilters): Promise<InvoiceTotalsRow[]> {
  const { scope, search } = listQuery(f);
  const rows = await db
    .select({
      currency: invoices.currency,
      count: count(),
      total: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
      paid: sql<string>`coalesce(sum(${invoices.paidCents} - ${invoices.refundedCents}), 0)`,
      balance: sql<string>`coalesce(sum(${balanceSql}), 0)`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(and(scope, search))
    .groupBy(invoices.currency)
    .orderBy(asc(invoices.currency));
  return rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    total: Number(row.total),
    paid: Number(row.paid),
    balance: Number(row.balance),
  }));
}

/**
 * Who may list what: one client's invoices on the rules of that client's filing of `fileYear` (the tax year
 * asked for, else the current one); every client's invoices only for admins (an offshore admin: only clients
 * whose §7216 Yes is in force).
 */
async function assertCanList(
  db: Reader,
  actor: StaffActor,
  f: Pick<InvoiceListFilters, 'clientId'>,
  fileYear: number,
): Promise<{ offshoreOnly: boolean }> {
  if (f.clientId) {
    await getWorkableFiling(db, actor, { clientId: f.clientId, taxYear: fileYear });
    return { offshoreOnly: false };
  }
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  return { offshoreOnly: actor.offshore };
}

/** staff/invoices/list: a page of invoices, with the totals of the whole filter per currency. */
export async function findStaffInvoices(deps: {
  db: Database;
  actor: StaffActor;
  filters: InvoiceListFilters;
  fileYear: number;
  page: Pick<DataTablesParameters, 'start' | 'length'>;
  links: BillingLinks;
}): Promise<ListPage<StaffInvoice> & { totals: InvoiceTotalsRow[] }> {
  const { db, actor, page, links } = deps;
  const filters = {
    ...deps.filters,
    ...(await assertCanList(db, actor, deps.filters, deps.fileYear)),
    // One client's invoices: only the year of the filing just checked (another year's file may be another
    // analyst's).
    ...(deps.filters.clientId ? { taxYear: deps.fileYear } : {}),
  };
  const now = new Date();
  const [result, totals] = await Promise.all([invoiceList.page(db, filters, page), totalsOf(db, filters)]);
  return { ...result, data: result.data.map((record) => toStaffInvoice(record, links, now)), totals };
}

/** Cents as a decimal amount in the currency's main unit: 123456 → "1234.56". */
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const INVOICE_CSV_HEADER = [
  'Number',
  'Created',
  'Client',
  'E-mail',
  'File number',
  'Tax year',
  'Status',
  'Currency',
  'Subtotal',
  'Discount',
  'Discount reason',
  'Total',
  'Paid',
  'Refunded',
  'Balance',
  'Due date',
  'Overdue',
  'Sent at',
  'Paid at',
  'Void reason',
];

/** Every invoice matching the filters as CSV cells (admins: the firm-wide list's rules apply). */
export async function invoiceCsvRows(deps: {
  db: Database;
  actor: StaffActor;
  filters: InvoiceListFilters;
  /** Rows read at a time (tests). */
  batch?: number;
}): Promise<AsyncIterable<(string | number | null)[]>> {
  const { db, actor } = deps;
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  const filters = { ...deps.filters, clientId: undefined, offshoreOnly: actor.offshore };
  const now = new Date();
  const rows = invoiceList.all(db, filters, { idOf: (r) => r.row.id, batch: deps.batch });
  return (async function* () {
    for await (const { row, client } of rows) {
      yield [
        row.number,
        row.createdAt.toISOString(),
        client.name,
        client.email,
        client.fileNumber,
        row.taxYear,
        row.status,
        row.currency,
        decimal(row.subtotalCents),
        decimal(row.discountCents),
        row.discountReason,
        decimal(row.totalCents),
        decimal(row.paidCents),
        decimal(row.refundedCents),
        decimal(balanceOf(row)),
        row.dueDate,
        isOverdue(row, now) ? 'yes' : 'no',
        row.sentAt?.toISOString() ?? null,
        row.paidAt?.toISOString() ?? null,
        row.voidReason,
      ];
    }
  })();
}

// ---- The client's side ---------------------------------------------------------------------------------

/** The session client's invoice (never a draft), or 404 INVOICE_NOT_FOUND. */
async function getOwnInvoiceRecord(
  db: Reader,
  actor: ClientActor,
  invoiceId: string,
): Promise<InvoiceRecord> {
  const record = await loadInvoice(db, invoiceId);
  if (!record || record.row.clientId !== actor.clientId || record.row.status === 'draft') throw notFound();
  return record;
}

/** account/invoices/get */
export async function getClientInvoice(deps: {
  db: Database;
  actor: ClientActor;
  invoiceId: string;
  links: BillingLinks;
}): Promise<{ invoice: ClientInvoice; part_payments: boolean }> {
  const record = await getOwnInvoiceRecord(deps.db, deps.actor, deps.invoiceId);
  const { partPayments } = await getBillingSettings(deps.db);
  return { invoice: toClientInvoice(record, deps.links), part_payments: partPayments };
}

/**
 * account/invoices/list: the session client's invoices (never drafts), open ones first by due date (none
 * last), then the rest newest first; and what is due now, per currency.
 */
export async function listClientInvoices(deps: {
  db: Database;
  actor: ClientActor;
  links: BillingLinks;
}): Promise<{
  balance: { currency: InvoiceCurrency; amount: number }[];
  invoices: ClientInvoice[];
  part_payments: boolean;
}> {
  const { db, actor, links } = deps;
  const ids = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.clientId, actor.clientId), ne(invoices.status, 'draft')))
    .orderBy(
      sql`case when ${openSql} then 0 else 1 end`,
      sql`case when ${openSql} then ${invoices.dueDate} end asc nulls last`,
      desc(invoices.createdAt),
      asc(invoices.id),
    );
  const records = await loadInvoices(
    db,
    ids.map((row) => row.id),
  );
  const now = new Date();
  const list = ids.flatMap((row) => {
    const record = records.get(row.id);
    return record ? [toClientInvoice(record, links, now)] : [];
  });
  const due = new Map<InvoiceCurrency, number>();
  for (const invoice of list) {
    if (invoice.status === 'sent' || invoice.status === 'partly_paid') {
      due.set(invoice.currency, (due.get(invoice.currency) ?? 0) + invoice.balance);
    }
  }
  const { partPayments } = await getBillingSettings(db);
  return {
    balance: [...due].filter(([, amount]) => amount > 0).map(([currency, amount]) => ({ currency, amount })),
    invoices: list,
    part_payments: partPayments,
  };
}

// ---- Who may open a billing PDF ------------------------------------------------------------------------

/** The invoice a billing link names (its own id, or the paid payment's invoice), or 404. */
async function invoiceOfLink(
  db: Reader,
  kind: BillingLinkKind,
  id: string,
): Promise<Pick<InvoiceRow, 'id' | 'clientId' | 'filingId' | 'status'>> {
  const [row] =
    kind === 'invoice'
      ? await db
          .select({
            id: invoices.id,
            clientId: invoices.clientId,
            filingId: invoices.filingId,
            status: invoices.status,
          })
          .from(invoices)
          .where(eq(invoices.id, id))
      : await db
          .select({
            id: invoices.id,
            clientId: invoices.clientId,
            filingId: invoices.filingId,
            status: invoices.status,
          })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(and(eq(payments.id, id), eq(payments.status, 'paid')));
  if (!row) throw notFound();
  return row;
}

/** A client opens the PDF of their own invoice (never a draft) or of a receipt of it. */
export async function assertClientCanOpen(
  db: Reader,
  actor: ClientActor,
  kind: BillingLinkKind,
  id: string,
): Promise<void> {
  const invoice = await invoiceOfLink(db, kind, id);
  if (invoice.clientId !== actor.clientId || invoice.status === 'draft') throw notFound();
}

/** A staff member opens an invoice's or receipt's PDF on the rules of its filing. */
export async function assertStaffCanOpen(
  db: Reader,
  actor: StaffActor,
  kind: BillingLinkKind,
  id: string,
): Promise<void> {
  const invoice = await invoiceOfLink(db, kind, id);
  await getWorkableFiling(db, actor, { filingId: invoice.filingId });
}
