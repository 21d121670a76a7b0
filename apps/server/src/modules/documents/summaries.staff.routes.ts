/**
 * Tax summaries from the staff side: a PDF uploaded as a draft for a client's current filing, published to
 * the client (who is e-mailed), or deleted with its file. Staff may do this only for files they may work.
 */
import { CALLS, MESSAGES, SUMMARY_FIELD } from '@taxfirm/contract';
import { and, desc, eq, taxSummaries, clients, users } from '@taxfirm/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerCall } from '../../lib/register-call.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { assertCanWork, audit, filingOf } from '../staff/client-actions.service.ts';
import { staffActorOf } from '../staff/clients.service.ts';
import { notifyClient } from '../notifications/notifications.service.ts';

export async function staffSummariesRoutes(
  app: FastifyInstance,
  { settings, appUrl, mail }: { settings: SettingsCache; appUrl: string; mail: MailWorker },
) {
  const taxYear = async () => (await settings.get()).current_tax_year;

  /** The client's current filing, if this staff member may work it. */
  const workableFiling = async (request: FastifyRequest, clientId: string) => {
    const filing = await filingOf(app.db, clientId, await taxYear());
    assertCanWork(staffActorOf(request), filing);
    return filing;
  };

  /** A summary, if this staff member may work its client's file. */
  const workableSummary = async (request: FastifyRequest, summaryId: string) => {
    const [summary] = await app.db.select().from(taxSummaries).where(eq(taxSummaries.id, summaryId));
    if (!summary) throw new AppError('NOT_FOUND', { message: MESSAGES.SUMMARY_NOT_FOUND });
    await workableFiling(request, summary.clientId);
    return summary;
  };

  registerCall(app, CALLS.staffSummaries, async (request) => {
    const filing = await workableFiling(request, request.body.client_id);
    const rows = await app.db
      .select()
      .from(taxSummaries)
      .where(and(eq(taxSummaries.clientId, request.body.client_id), eq(taxSummaries.filingId, filing.id)))
      .orderBy(desc(taxSummaries.createdAt));
    return {
      summaries: rows.map((row) => ({
        summary_id: row.id,
        title: row.title,
        file_name: row.originalName,
        size: row.size,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        published_at: row.publishedAt?.toISOString() ?? null,
      })),
    };
  });

  registerCall(
    app,
    CALLS.staffSummaryUpload,
    async (request) => {
      const filing = await workableFiling(request, request.body.client_id);
      const [file, extra] = uploadsOf(request).filter((upload) => upload.field === SUMMARY_FIELD);
      if (!file || extra) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.SUMMARY_FILE_REQUIRED,
          details: { [SUMMARY_FIELD]: MESSAGES.SUMMARY_FILE_REQUIRED },
        });
      }
      const actor = staffActorOf(request);
      await app.db.transaction(async (tx) => {
        await tx.insert(taxSummaries).values({
          filingId: filing.id,
          clientId: request.body.client_id,
          title: request.body.title,
          status: 'draft',
          originalName: file.originalName,
          size: file.size,
          contentType: file.type,
          storageKey: file.key,
          sha256: file.sha256,
        });
        await audit(tx, actor, 'staff.summary.upload', request.body.client_id, request.body.title);
      });
      keepUploads(request);
      return { status_smessage: MESSAGES.SUMMARY_UPLOADED };
    },
    {
      // Before the file is stored: only for a file this staff member may work.
      beforeFiles: async (request, fields) => {
        const clientId = fields['client_id'] ?? '';
        if (!/^[0-9a-f-]{36}$/i.test(clientId))
          throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
        await workableFiling(request, clientId);
      },
    },
  );

  registerCall(app, CALLS.staffSummaryPublish, async (request) => {
    const summary = await workableSummary(request, request.body.summary_id);
    const actor = staffActorOf(request);
    const { firm_name: firmName } = await settings.get();
    await app.db.transaction(async (tx) => {
      const [published] = await tx
        .update(taxSummaries)
        .set({ status: 'published', publishedBy: actor.userId, publishedAt: new Date() })
        .where(and(eq(taxSummaries.id, summary.id), eq(taxSummaries.status, 'draft')))
        .returning({ id: taxSummaries.id });
      if (!published) throw new AppError('CONFLICT', { message: MESSAGES.SUMMARY_ALREADY_PUBLISHED });
      const [owner] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.userId))
        .where(eq(clients.id, summary.clientId));
      if (owner) {
        await enqueueEmail(
          tx,
          owner.email,
          templates.summaryPublished(firmName, owner.firstName, summary.title, `${appUrl}/user/tax-summary`),
        );
      }
      await notifyClient(
        tx,
        summary.clientId,
        'summary',
        'Your tax summary is ready for review',
        `"${summary.title}" is in Tax Summary. Please review it and tell us if anything needs to change.`,
      );
      await audit(tx, actor, 'staff.summary.publish', summary.clientId, summary.title);
    });
    void mail.wake();
    return { status_smessage: MESSAGES.SUMMARY_PUBLISHED };
  });

  registerCall(app, CALLS.staffSummaryDelete, async (request) => {
    const summary = await workableSummary(request, request.body.summary_id);
    await app.db.transaction(async (tx) => {
      await tx.delete(taxSummaries).where(eq(taxSummaries.id, summary.id));
      await audit(tx, staffActorOf(request), 'staff.summary.delete', summary.clientId, summary.title);
    });
    // The row is gone: the file follows (the orphan sweeper removes it if this fails).
    await app.storage.delete(summary.storageKey).catch(() => undefined);
    return { status_smessage: MESSAGES.SUMMARY_DELETED };
  });
}
