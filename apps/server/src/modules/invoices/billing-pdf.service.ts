/**
 * Who may open a billing PDF (issue 20): an invoice's or a receipt's signed link names its invoice; a client
 * opens their own (never a draft), staff on the rules of its filing.
 */
import { and, eq, invoices, payments, type Database, type InvoiceRow } from '@taxfirm/db';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import type { BillingLinkKind } from '../../lib/crypto/signed-links.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { invoiceNotFound as notFound } from './invoice-record.ts';

type Reader = Pick<Database, 'select'>;

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
