/**
 * Tax summaries from the staff side: a PDF uploaded as a draft for a client's current filing, published to
 * the client (who is e-mailed), or deleted with its file. Staff may do this only for files they may work.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, desc, eq, taxSummaries, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { summaryPublished, type FirmVoice } from '../notifications/client-events.ts';

type Deps = { db: Database; actor: StaffActor; taxYear: number };

/** A summary, if this staff member may work its client's file for the tax year. */
async function workableSummary(deps: Deps, summaryId: string) {
  const [summary] = await deps.db.select().from(taxSummaries).where(eq(taxSummaries.id, summaryId));
  if (!summary) throw new AppError('NOT_FOUND', { message: MESSAGES.SUMMARY_NOT_FOUND });
  await getWorkableFiling(deps.db, deps.actor, { clientId: summary.clientId, taxYear: deps.taxYear });
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
  const filing = await getWorkableFiling(deps.db, deps.actor, {
    clientId: input.clientId,
    taxYear: deps.taxYear,
  });
  await deps.db.transaction(async (tx) => {
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

/** Publish a draft: the client is e-mailed and sees it in Tax Summary. */
export async function publishSummary(deps: Deps & { voice: FirmVoice }, summaryId: string): Promise<void> {
  const summary = await workableSummary(deps, summaryId);
  await deps.db.transaction(async (tx) => {
    const [published] = await tx
      .update(taxSummaries)
      .set({ status: 'published', publishedBy: deps.actor.userId, publishedAt: new Date() })
      .where(and(eq(taxSummaries.id, summary.id), eq(taxSummaries.status, 'draft')))
      .returning({ id: taxSummaries.id });
    if (!published) throw new AppError('CONFLICT', { message: MESSAGES.SUMMARY_ALREADY_PUBLISHED });
    await summaryPublished(tx, deps.voice, { clientId: summary.clientId, title: summary.title });
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.summary.publish',
      clientId: summary.clientId,
      subject: summary.title,
    });
  });
}

/** Delete a summary and then its stored file (the orphan sweeper removes the file if that fails). */
export async function deleteSummary(
  deps: Deps & { storage: ObjectStorage },
  summaryId: string,
): Promise<void> {
  const summary = await workableSummary(deps, summaryId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(taxSummaries).where(eq(taxSummaries.id, summary.id));
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.summary.delete',
      clientId: summary.clientId,
      subject: summary.title,
    });
  });
  await deps.storage.delete(summary.storageKey).catch(() => undefined);
}
