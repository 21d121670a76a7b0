/**
 * Closed years are read-only (issue 38): a tax year other than the firm's current one is shown and downloaded,
 * never changed. The client's write calls that can reach a past year's row (a document to sign, an upload, a
 * checklist item) ask here first and refuse with 422 and a message saying why. Paying a past year's invoice
 * stays open: money owed stays payable. Messages are the conversation with the firm, not a year's record, so
 * a client may still write about last year.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, documents, eq, filings, requestItems, signatureDocuments, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';

type Reader = Pick<Database, 'select'>;

/** A year other than the firm's current tax year is closed. */
export const isClosedYear = (taxYear: number, currentTaxYear: number) => taxYear !== currentTaxYear;

/** The refusal of a write on a closed year's row. */
export const closedYear = () => new AppError('UNPROCESSABLE', { message: MESSAGES.YEAR_CLOSED });

/** Refuse when the row found (the client's own, or nothing) is of a closed year; nothing found passes on. */
function refuseIfClosed(found: { taxYear: number } | undefined, currentTaxYear: number): void {
  if (found && isClosedYear(found.taxYear, currentTaxYear)) throw closedYear();
}

/** One of the client's documents to sign, with its tax year and status; undefined when not theirs. */
async function documentToSignOf(db: Reader, input: { clientId: string; documentId: string }) {
  const [found] = await db
    .select({ taxYear: filings.taxYear, status: signatureDocuments.status })
    .from(signatureDocuments)
    .innerJoin(filings, eq(filings.id, signatureDocuments.filingId))
    .where(and(eq(signatureDocuments.id, input.documentId), eq(signatureDocuments.clientId, input.clientId)));
  return found;
}

/** One of the client's documents to sign, of a closed year: refused (signing, a code, paper). */
export async function assertSignatureYearOpen(
  db: Reader,
  input: { clientId: string; documentId: string; currentTaxYear: number },
): Promise<void> {
  refuseIfClosed(await documentToSignOf(db, input), input.currentTaxYear);
}

/**
 * Whether opening this document's return is downloading a filed return (issue 38): the document no longer
 * waits for signatures, so its return is the one filed, and a fresh step-up comes first.
 */
export async function isFiledReturn(
  db: Reader,
  input: { clientId: string; documentId: string },
): Promise<boolean> {
  const found = await documentToSignOf(db, input);
  return found !== undefined && found.status !== 'pending';
}

/** One of the client's uploaded documents, of a closed year: refused (deleting it, unlocking it). */
export async function assertDocumentYearOpen(
  db: Reader,
  input: { clientId: string; documentId: string; currentTaxYear: number },
): Promise<void> {
  const [found] = await db
    .select({ taxYear: filings.taxYear })
    .from(documents)
    .innerJoin(filings, eq(filings.id, documents.filingId))
    .where(and(eq(documents.id, input.documentId), eq(documents.clientId, input.clientId)));
  refuseIfClosed(found, input.currentTaxYear);
}

/** One of the client's checklist items, of a closed year: refused (uploads, not applicable, later). */
export async function assertRequestItemYearOpen(
  db: Reader,
  input: { clientId: string; itemId: string; currentTaxYear: number },
): Promise<void> {
  const [found] = await db
    .select({ taxYear: filings.taxYear })
    .from(requestItems)
    .innerJoin(filings, eq(filings.id, requestItems.filingId))
    .where(and(eq(requestItems.id, input.itemId), eq(requestItems.clientId, input.clientId)));
  refuseIfClosed(found, input.currentTaxYear);
}
