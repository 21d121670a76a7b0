/**
 * Documents a client uploads, and the tax summaries the firm publishes to them. Both belong to the filing
 * of the current tax year, and every query is scoped by the session's client. A document row is written
 * only after its file is completely stored, so the listing never shows half a file.
 */
import {
  canEditProfile,
  DOCUMENT_CATEGORIES,
  HIDDEN_MAX_BYTES,
  MESSAGES,
  UPLOAD_SLOTS,
  type DocumentCategory,
} from '@taxfirm/contract';
import {
  and,
  asc,
  count,
  desc,
  documents,
  eq,
  filings,
  gt,
  householdMembers,
  inArray,
  invoices,
  isNull,
  siteSettings,
  sql,
  taxSummaries,
  users,
  type Database,
} from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Upload } from '../../lib/uploads.ts';
import { findFiling, getFiling } from '../filings/filings.service.ts';
import { emit } from '../activity/events.ts';

/** A document row as its owner writes it. */
export type NewDocument = typeof documents.$inferInsert;

/**
 * File documents in the caller's transaction: the one way rows enter `documents` (a client's upload for a
 * checklist item, a message's attachment filed by staff, the documents tabs).
 */
export async function insertDocuments(tx: Pick<Database, 'insert'>, rows: NewDocument[]) {
  return tx
    .insert(documents)
    .values(rows)
    .returning({ id: documents.id, name: documents.originalName, locked: documents.locked });
}

/** A locked PDF's unlocked copy is stored at `key`: the row points at it and is no longer locked. */
export async function recordUnlockedCopy(
  tx: Pick<Database, 'update'>,
  documentId: string,
  key: string,
): Promise<void> {
  await tx
    .update(documents)
    .set({ locked: false, unlockedStorageKey: key })
    .where(eq(documents.id, documentId));
}

/**
 * The client's documents of one category in one filing sent through the spec's upload page: files sent for a
 * checklist item are the checklist's, and neither fill nor show in the page's six slots.
 */
const inCategory = (clientId: string, filingId: string, category: DocumentCategory) =>
  and(
    eq(documents.clientId, clientId),
    eq(documents.filingId, filingId),
    eq(documents.category, category),
    isNull(documents.requestItemId),
  );

/** One category's documents, oldest first; files of 1 KB or less stay hidden (the spec's rule). */
/** Who uploaded a document, by name (issue 38); null when their login is gone. */
export const uploaderName = sql<
  string | null
>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${documents.uploadedBy})`;

/** Whether other logins share the client's file (issue 38): then the lists say who did what. */
export async function hasHousehold(db: Pick<Database, 'select'>, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: householdMembers.id })
    .from(householdMembers)
    .where(eq(householdMembers.clientId, clientId))
    .limit(1);
  return row !== undefined;
}

export function listDocuments(db: Database, clientId: string, filingId: string, category: DocumentCategory) {
  return db
    .select({
      id: documents.id,
      originalName: documents.originalName,
      size: documents.size,
      uploadedBy: uploaderName,
    })
    .from(documents)
    .where(and(inCategory(clientId, filingId, category), gt(documents.size, HIDDEN_MAX_BYTES)))
    .orderBy(asc(documents.seq));
}

/** How many documents the client holds in one category of a filing (the listing's six slots). */
export async function countDocuments(
  db: Pick<Database, 'select'>,
  clientId: string,
  filingId: string,
  category: DocumentCategory,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(inCategory(clientId, filingId, category));
  return row?.n ?? 0;
}

/**
 * Record files already stored, in one transaction, unless they would take the category past its six slots
 * (answers false then). The filing row is locked so two submits at once cannot both take the last slot.
 * The upload shows in the analyst's activity feed ("Uploaded 2 files (W2)").
 */
export async function recordDocuments(
  db: Database,
  owner: { clientId: string; filingId: string; userId: string; category: DocumentCategory },
  uploads: readonly Upload[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const filing = await getFiling(tx, { filingId: owner.filingId }, 'update');
    const held = await countDocuments(tx, owner.clientId, owner.filingId, owner.category);
    if (held + uploads.length > UPLOAD_SLOTS) return false;
    await insertDocuments(
      tx,
      uploads.map((upload) => ({
        clientId: owner.clientId,
        filingId: owner.filingId,
        category: owner.category,
        uploadedBy: owner.userId,
        originalName: upload.originalName,
        size: upload.size,
        contentType: upload.type,
        storageKey: upload.key,
        sha256: upload.sha256,
      })),
    );
    const tab = DOCUMENT_CATEGORIES.find((c) => c.category === owner.category)?.tab ?? owner.category;
    await emit(tx, {
      type: 'documents.uploaded',
      clientId: owner.clientId,
      taxYear: filing.taxYear,
      files: uploads.length,
      tab,
    });
    return true;
  });
}

/**
 * Remove the client's document row, audited; answers its storage key, or null when the client has no such
 * document. Refused (PROFILE_LOCKED-like 422) once the filing has moved past collecting documents (from
 * Preparation Pending on): the firm keeps the record of what was supplied. The filing is share-locked, so a
 * status change at the same moment waits for the delete instead of slipping between the check and it.
 */
export async function deleteDocument(
  db: Database,
  actor: ClientActor,
  filingId: string,
  documentId: string,
  category: DocumentCategory,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const filing = await findFiling(tx, { filingId }, 'share');
    if (!filing || filing.clientId !== actor.clientId) return null;
    // Only the current filing's documents: an earlier year's stay as the firm filed them.
    const where = and(
      eq(documents.id, documentId),
      eq(documents.clientId, actor.clientId),
      eq(documents.filingId, filing.id),
      eq(documents.category, category),
      isNull(documents.requestItemId),
    );
    const [row] = await tx.select({ id: documents.id }).from(documents).where(where);
    if (!row) return null;
    if (!canEditProfile(filing.status)) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.UPLOAD_DELETE_LOCKED });
    }
    const [deleted] = await tx.delete(documents).where(where).returning({ storageKey: documents.storageKey });
    await audit(tx, { actor, action: 'documents.delete', subject: `${category}/${documentId}` });
    return deleted?.storageKey ?? null;
  });
}

/** The columns a download reads, from either table of stored files. */
const fileOf = (table: typeof documents | typeof taxSummaries) => ({
  storageKey: table.storageKey,
  name: table.originalName,
  contentType: table.contentType,
  size: table.size,
});

/**
 * What a download needs of a client's own document or published summary (with the summary's filing, for
 * the hold until paid); null when it is not theirs.
 */
export async function findDownload(
  db: Database,
  kind: 'document' | 'summary',
  id: string,
  clientId: string,
): Promise<{
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  filingId?: string;
} | null> {
  if (kind === 'document') {
    const [row] = await db
      .select(fileOf(documents))
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.clientId, clientId)));
    return row ?? null;
  }
  const [row] = await db
    .select({ ...fileOf(taxSummaries), filingId: taxSummaries.filingId })
    .from(taxSummaries)
    .where(and(eq(taxSummaries.id, id), summariesVisibleTo(clientId)));
  return row ?? null;
}

/**
 * Whether the client's summaries of a filing are held until paid (issue 20): the firm holds summaries
 * (settings) and the filing's tax year has a sent or partly paid invoice of this client with a balance left.
 * Staff downloads are never held.
 */
export async function isHeldUntilPaid(db: Database, clientId: string, filingId: string): Promise<boolean> {
  const [settings] = await db.select({ hold: siteSettings.invoiceHoldSummary }).from(siteSettings).limit(1);
  if (!settings?.hold) return false;
  const [owing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(filings, and(eq(filings.id, filingId), eq(filings.taxYear, invoices.taxYear)))
    .where(
      and(
        eq(invoices.clientId, clientId),
        inArray(invoices.status, ['sent', 'partly_paid']),
        sql`${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents}) > 0`,
      ),
    )
    .limit(1);
  return owing !== undefined;
}

/** Drafts stay with the firm; the client sees what was published, including replaced versions. */
const VISIBLE_SUMMARY_STATUSES = ['published', 'superseded'] as const;

/** The client's own summaries that the client may see (published or replaced, never a draft). */
function summariesVisibleTo(clientId: string) {
  return and(eq(taxSummaries.clientId, clientId), inArray(taxSummaries.status, VISIBLE_SUMMARY_STATUSES));
}

/** How the client's table words a summary's status. */
export const SUMMARY_STATUS_LABELS = {
  published: 'Ready for your review',
  superseded: 'Replaced by a newer version',
} as const;

/** The summaries published for the client's filing, newest first. */
export function listSummaries(db: Database, clientId: string, filingId: string) {
  return db
    .select({ id: taxSummaries.id, title: taxSummaries.title, status: taxSummaries.status })
    .from(taxSummaries)
    .where(and(eq(taxSummaries.filingId, filingId), summariesVisibleTo(clientId)))
    .orderBy(desc(taxSummaries.publishedAt), asc(taxSummaries.id));
}
