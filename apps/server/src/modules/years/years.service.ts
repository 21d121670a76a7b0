/**
 * Every year in the vault (issue 38): the tax years the session client has with the firm (a filing each),
 * one year's record as the client sees it, and the year's files: the filed return and the whole year as one
 * ZIP, both opened only after a fresh step-up (their route checks it). Every query is filtered by the
 * session's client; a year or file the client does not have is 404.
 */
import type { Readable } from 'node:stream';
import {
  DELIVERABLE_STATUS_LABELS,
  deliverableName,
  MESSAGES,
  SIGNATURE_DOCUMENT_KIND_LABELS,
  type AccountYear,
} from '@taxfirm/contract';
import {
  and,
  asc,
  deliverables,
  desc,
  documents,
  eq,
  filings,
  inArray,
  signatureDocuments,
  taxSummaries,
  type Database,
} from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { isHeldUntilPaid, listSummaries, SUMMARY_STATUS_LABELS } from '../documents/documents.service.ts';
import {
  safeEntryName,
  streamZip,
  zipEntryNames,
  zipFileName,
} from '../documents/documents.staff.service.ts';
import { ensureFiling, findFiling, type Filing } from '../filings/filings.service.ts';
import type { BillingLinks } from '../invoices/invoice-record.ts';
import { listClientInvoices } from '../invoices/invoices.service.ts';
import { loadChecklist, type FileLinks } from '../requests/requests.service.ts';
import { openPart, type ServedFile } from '../signatures/signature-files.ts';
import { isClosedYear } from './closed-years.ts';

const yearNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.YEAR_NOT_FOUND });
const returnNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.YEAR_RETURN_NOT_FOUND });

/**
 * A filed return (and so a year's ZIP, which holds it) shows identity numbers in full: a household delegate
 * never gets one (issue 38); the taxpayer and the spouse do.
 */
export function assertMayOpenReturns(actor: ClientActor): void {
  if (actor.member?.kind === 'delegate') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.YEAR_RETURN_NOT_FOR_DELEGATES });
  }
}

/** The client's filing of a tax year, or 404: another client's year, or one the client never had. */
async function clientYear(db: Database, actor: ClientActor, taxYear: number): Promise<Filing> {
  const filing = await findFiling(db, { clientId: actor.clientId, taxYear });
  if (!filing || filing.clientId !== actor.clientId) throw yearNotFound();
  return filing;
}

/** Every tax year the client has with the firm, newest first; the current year is always among them. */
export async function findYears(deps: { db: Database; actor: ClientActor; currentTaxYear: number }) {
  const { db, actor, currentTaxYear } = deps;
  await ensureFiling(db, actor.clientId, currentTaxYear);
  const rows = await db
    .select({ taxYear: filings.taxYear, status: filings.status })
    .from(filings)
    .where(eq(filings.clientId, actor.clientId))
    .orderBy(desc(filings.taxYear));
  return {
    current_tax_year: currentTaxYear,
    years: rows.map((row) => ({
      tax_year: row.taxYear,
      status: row.status,
      closed: isClosedYear(row.taxYear, currentTaxYear),
    })),
  };
}

/** The year's signed documents (the Form 8879 among them), oldest first. */
function signedDocumentsOf(db: Database, clientId: string, filingId: string) {
  return db
    .select({
      id: signatureDocuments.id,
      kind: signatureDocuments.kind,
      title: signatureDocuments.title,
      signedAt: signatureDocuments.signedAt,
      originalName: signatureDocuments.originalName,
      signedStorageKey: signatureDocuments.signedStorageKey,
      signedSize: signatureDocuments.signedSize,
      returnName: signatureDocuments.returnName,
      returnStorageKey: signatureDocuments.returnStorageKey,
      returnSize: signatureDocuments.returnSize,
    })
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.clientId, clientId),
        eq(signatureDocuments.filingId, filingId),
        eq(signatureDocuments.status, 'signed'),
      ),
    )
    .orderBy(asc(signatureDocuments.signedAt), asc(signatureDocuments.id));
}

/**
 * One of the client's tax years: its status, the summaries published for it, the documents signed for it
 * with the filed return, what else was filed, its invoices and receipts, its uploads and its checklist.
 * Read-only when the year is closed (and the client's calls refuse writes to it: closed-years.ts).
 */
export async function getYear(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
  currentTaxYear: number;
  links: {
    summary: (summaryId: string) => string;
    /** Null where the session may not open the signed copy (a household delegate). */
    signed: (documentId: string) => string | null;
    files: FileLinks;
    billing: BillingLinks;
  };
}): Promise<Omit<AccountYear, 'http_code' | 'status_smessage'>> {
  const { db, actor, links } = deps;
  const filing = await clientYear(db, actor, deps.taxYear);
  const closed = isClosedYear(filing.taxYear, deps.currentTaxYear);
  const [summaries, signed, filed, billing, checklist] = await Promise.all([
    listSummaries(db, actor.clientId, filing.id),
    signedDocumentsOf(db, actor.clientId, filing.id),
    db
      .select({ kind: deliverables.kind, label: deliverables.label, status: deliverables.status })
      .from(deliverables)
      .where(eq(deliverables.filingId, filing.id))
      .orderBy(asc(deliverables.createdAt), asc(deliverables.id)),
    listClientInvoices({ db, actor, links: links.billing }),
    loadChecklist(db, {
      clientId: actor.clientId,
      filingId: filing.id,
      viewer: 'client',
      fileLinks: links.files,
    }),
  ]);
  const held = summaries.length > 0 && (await isHeldUntilPaid(db, actor.clientId, filing.id));
  return {
    tax_year: filing.taxYear,
    status: filing.status,
    closed,
    read_only: closed,
    summaries: summaries.map((row) => ({
      summary_id: row.id,
      title: row.title,
      status_label: SUMMARY_STATUS_LABELS[row.status as keyof typeof SUMMARY_STATUS_LABELS],
      url: held ? '' : links.summary(row.id),
      held_until_paid: held,
    })),
    signed: signed.map((row) => ({
      document_id: row.id,
      kind: row.kind,
      kind_label: SIGNATURE_DOCUMENT_KIND_LABELS[row.kind],
      title: row.title,
      signed_at: row.signedAt?.toISOString() ?? null,
      signed_url: links.signed(row.id),
      has_return: row.returnStorageKey !== null,
    })),
    deliverables: filed.map((row) => ({
      kind_label: deliverableName(row),
      status: row.status,
      status_label: DELIVERABLE_STATUS_LABELS[row.status],
    })),
    invoices: billing.invoices.filter((invoice) => invoice.tax_year === filing.taxYear),
    progress: checklist.progress,
    checklist: checklist.items,
    uploads: checklist.received,
  };
}

/** The client's own signed document with a filed return, for its link and its download. */
async function returnOf(db: Database, actor: ClientActor, documentId: string) {
  assertMayOpenReturns(actor);
  const [row] = await db
    .select()
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.id, documentId),
        eq(signatureDocuments.clientId, actor.clientId),
        eq(signatureDocuments.status, 'signed'),
      ),
    );
  if (!row?.returnStorageKey) throw returnNotFound();
  return row;
}

/** Check the filed return is the client's before a link to it is made (the call has passed the step-up). */
export async function assertReturnOfClient(db: Database, actor: ClientActor, documentId: string) {
  await returnOf(db, actor, documentId);
}

/** The filed return's bytes for the client (their own, signed), audited as a download. */
export async function openYearReturn(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: ClientActor;
  documentId: string;
}): Promise<ServedFile> {
  const row = await returnOf(deps.db, deps.actor, deps.documentId);
  const file = await openPart(deps.storage, row, 'return');
  await audit(deps.db, {
    actor: deps.actor,
    action: 'client.year.return',
    clientId: deps.actor.clientId,
    subject: row.id,
  }).catch((error: unknown) => {
    file.body.destroy();
    throw error;
  });
  return file;
}

/** The client's filing of a tax year, for the ZIP's link (404 for a year the client does not have). */
export async function getYearFiling(deps: { db: Database; actor: ClientActor; taxYear: number }) {
  return clientYear(deps.db, deps.actor, deps.taxYear);
}

/** The ZIP's entries: every file of the year the client may read, in folders. */
async function yearEntries(db: Database, clientId: string, filingId: string) {
  const [uploads, summaries, signed] = await Promise.all([
    db
      .select({
        category: documents.category,
        name: documents.originalName,
        storageKey: documents.storageKey,
        size: documents.size,
        contentType: documents.contentType,
        mtime: documents.uploadedAt,
      })
      .from(documents)
      .where(and(eq(documents.clientId, clientId), eq(documents.filingId, filingId)))
      .orderBy(asc(documents.seq)),
    db
      .select({
        name: taxSummaries.originalName,
        storageKey: taxSummaries.storageKey,
        size: taxSummaries.size,
        contentType: taxSummaries.contentType,
        mtime: taxSummaries.updatedAt,
      })
      .from(taxSummaries)
      .where(
        and(
          eq(taxSummaries.clientId, clientId),
          eq(taxSummaries.filingId, filingId),
          inArray(taxSummaries.status, ['published', 'superseded']),
        ),
      )
      .orderBy(asc(taxSummaries.publishedAt), asc(taxSummaries.id)),
    signedDocumentsOf(db, clientId, filingId),
  ]);
  const pdf = 'application/pdf';
  const files = [
    ...uploads.map((row) => ({ ...row, category: `Uploads/${row.category}` })),
    ...summaries.map((row) => ({ ...row, category: 'Tax summaries' })),
    ...signed.flatMap((row) => [
      ...(row.signedStorageKey && row.signedSize !== null
        ? [
            {
              category: 'Signed',
              name: `${row.originalName.replace(/\.pdf$/i, '')}-signed.pdf`,
              storageKey: row.signedStorageKey,
              size: row.signedSize,
              contentType: pdf,
              mtime: row.signedAt ?? new Date(),
            },
          ]
        : []),
      ...(row.returnStorageKey && row.returnSize !== null
        ? [
            {
              category: 'Filed return',
              name: safeEntryName(row.returnName ?? 'return.pdf'),
              storageKey: row.returnStorageKey,
              size: row.returnSize,
              contentType: pdf,
              mtime: row.signedAt ?? new Date(),
            },
          ]
        : []),
    ]),
  ];
  const paths = zipEntryNames(files);
  return files.map((file, index) => ({ ...file, path: paths[index] ?? file.name }));
}

/**
 * The whole tax year as one streamed ZIP (uploads by category, summaries, signed documents, the filed
 * return), for the client whose year it is; audited. 404 when the year has no file yet.
 */
export async function openYearZip(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: ClientActor;
  filingId: string;
  log: { error: (object: object, message: string) => void };
}): Promise<{ name: string; body: Readable }> {
  const { db, actor } = deps;
  assertMayOpenReturns(actor);
  const filing = await findFiling(db, { filingId: deps.filingId });
  if (!filing || filing.clientId !== actor.clientId) throw yearNotFound();
  const entries = await yearEntries(db, actor.clientId, filing.id);
  if (entries.length === 0) {
    throw new AppError('NOT_FOUND', { message: MESSAGES.YEAR_NOTHING_TO_DOWNLOAD });
  }
  await audit(db, {
    actor,
    action: 'client.year.zip',
    clientId: actor.clientId,
    subject: String(filing.taxYear),
  });
  const body = streamZip({ storage: deps.storage, log: deps.log, context: { filingId: filing.id }, entries });
  return { name: zipFileName({ fileNumber: null, lastName: 'tax-year' }, filing.taxYear), body };
}
