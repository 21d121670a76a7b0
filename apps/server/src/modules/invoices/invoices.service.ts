/**
 * Invoices on the client's side (issue 20): the session client's invoices and one of them. Reads are filtered
 * by the session's client, and a draft is "not found" to them.
 */
import type { ClientInvoice, InvoiceCurrency } from '@taxfirm/contract';
import { and, asc, desc, eq, invoices, ne, sql, type Database } from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';
import { getBillingSettings } from './billing-settings.ts';
import { isOpen, openSql } from './invoice-balance.ts';
import {
  invoiceNotFound as notFound,
  loadInvoice,
  loadInvoices,
  toClientInvoice,
  type BillingLinks,
  type InvoiceRecord,
} from './invoice-record.ts';

type Reader = Pick<Database, 'select'>;

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
    if (isOpen(invoice.status)) {
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

/** Kept for `modules/staff/query-plans.test.ts`, which imports the CSV rows from here (not this helper's file). */
