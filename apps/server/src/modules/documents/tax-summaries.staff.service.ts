/**
 * Tax summaries from the staff side: a PDF uploaded as a draft for a client's current filing, published to
 * the client (who is e-mailed), or, while still a draft, deleted with its file. Staff may do this only for
 * the filings they may work, checked on the summary's own filing inside the transaction that writes.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, desc, eq, sql, taxSummaries, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { summaryPublished, type FirmVoice } from '../notifications/client-events.ts';

type Deps = { db: Database; actor: StaffActor; taxYear: number };

/**
 * A summary, locked, if this staff member may work the filing it belongs to (its own `filingId`, not the
 * client's current one: review F-12). Runs in the caller's transaction with the filing share-locked, so a
 * reassignment waits for the write instead of slipping between the check and it (F-11).
 */
async function workableSummary(tx: Pick<Database, 'select'>, actor: StaffActor, summaryId: string) {
  const [summary] = await tx.select().from(taxSummaries).where(eq(taxSummaries.id, summaryId)).for('update');
  if (!summary) throw new AppError('NOT_FOUND', { message: MESSAGES.SUMMARY_NOT_FOUND });
  await getWorkableFiling(tx, actor, { filingId: summary.filingId }, 'share');
  return summary;
}

export async function findClientSummaries(deps: Deps, clientId: string) {
  const filing = await getWorkableFiling(deps.db, deps.actor, { clientId, taxYear: deps.taxYear });
  const rows = await deps.db
    .select()
    .from(taxSummaries)
    .where(and(eq(taxSummaries.clientId, clientId), eq(taxSummaries.filingId, filing.id)))
    .orderBy(desc(taxSummaries.createdAt));
  return rows.map((row) => ({
    summary_id: row.id,
    title: row.title,
    file_name: row.originalName,
    size: row.size,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  }));
}

/** Before the file is stored: only for a file this staff member may work. */
export async function assertCanUploadSummary(deps: Deps, clientId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(clientId))
    throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  await getWorkableFiling(deps.db, deps.actor, { clientId, taxYear: deps.taxYear });
}

export async function uploadSummary(
  deps: Deps,
  input: { clientId: string; title: string; file: Upload },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const filing = await getWorkableFiling(
      tx,
      deps.actor,
      { clientId: input.clientId, taxYear: deps.taxYear },
      'share',
    );
    await tx.insert(taxSummaries).values({
      filingId: filing.id,
      clientId: input.clientId,
      title: input.title,
      status: 'draft',
      originalName: input.file.originalName,
      size: input.file.size,
      contentType: input.file.type,
      storageKey: input.file.key,
      sha256: input.file.sha256,
    });
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.summary.upload',
      clientId: input.clientId,
      subject: input.title,
    });
  });
}

/**
 * Publish a draft: the client is e-mailed and sees it in Tax Summary. A summary of the same title already
 * published on the filing becomes 'superseded' (the client still sees it, as replaced): that is how a
 * published summary is corrected, since it is never deleted.
 */
export async function publishSummary(deps: Deps & { voice: FirmVoice }, summaryId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const summary = await workableSummary(tx, deps.actor, summaryId);
    if (summary.status !== 'draft') {
      throw new AppError('CONFLICT', { message: MESSAGES.SUMMARY_ALREADY_PUBLISHED });
    }
    const superseded = await tx
      .update(taxSummaries)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(taxSummaries.filingId, summary.filingId),
          eq(taxSummaries.status, 'published'),
          sql`lower(${taxSummaries.title}) = lower(${summary.title})`,
        ),
      )
      .returning({ id: taxSummaries.id });
    await tx
      .update(taxSummaries)
      .set({ status: 'published', publishedBy: deps.actor.userId, publishedAt: new Date() })
      .where(eq(taxSummaries.id, summary.id));
    await summaryPublished(tx, deps.voice, { clientId: summary.clientId, title: summary.title });
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.summary.publish',
      clientId: summary.clientId,
      subject: superseded.length
        ? `${summary.title} (supersedes ${superseded.map((row) => row.id).join(', ')})`
        : summary.title,
    });
  });
}

/**
 * Delete a draft and then its stored file (the orphan sweeper removes the file if that fails). A published
 * (or superseded) summary is kept: the client has seen it (F-12).
 */
export async function deleteSummary(
  deps: Deps & { storage: ObjectStorage },
  summaryId: string,
): Promise<void> {
  const summary = await deps.db.transaction(async (tx) => {
    const row = await workableSummary(tx, deps.actor, summaryId);
    if (row.status !== 'draft') {
      throw new AppError('CONFLICT', { message: MESSAGES.SUMMARY_PUBLISHED_KEPT });
    }
    await tx.delete(taxSummaries).where(eq(taxSummaries.id, row.id));
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.summary.delete',
      clientId: row.clientId,
      subject: row.title,
    });
    return row;
  });
  await deps.storage.delete(summary.storageKey).catch(() => undefined);
}
