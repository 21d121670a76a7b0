import { CALLS, MESSAGES, SUMMARY_FIELD } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerCall } from '../../lib/register-call.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  assertCanUploadSummary,
  deleteSummary,
  findClientSummaries,
  publishSummary,
  uploadSummary,
} from './tax-summaries.staff.service.ts';

export async function taxSummariesStaffRoutes(
  app: FastifyInstance,
  { settings, appUrl }: { settings: SettingsCache; appUrl: string },
) {
  const depsOf = async (request: FastifyRequest) => ({
    db: app.db,
    actor: staffActorOf(request),
    taxYear: await settings.taxYear(),
  });

  registerCall(app, CALLS.staffSummaries, async (request) => ({
    summaries: await findClientSummaries(await depsOf(request), request.body.client_id),
  }));

  registerCall(
    app,
    CALLS.staffSummaryUpload,
    async (request) => {
      const [file, extra] = uploadsOf(request).filter((upload) => upload.field === SUMMARY_FIELD);
      const deps = await depsOf(request);
      if (!file || extra) {
        await assertCanUploadSummary(deps, request.body.client_id);
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.SUMMARY_FILE_REQUIRED,
          details: { [SUMMARY_FIELD]: MESSAGES.SUMMARY_FILE_REQUIRED },
        });
      }
      await uploadSummary(deps, { clientId: request.body.client_id, title: request.body.title, file });
      keepUploads(request);
      return { status_smessage: MESSAGES.SUMMARY_UPLOADED };
    },
    {
      beforeFiles: async (request, fields) =>
        assertCanUploadSummary(await depsOf(request), fields['client_id'] ?? ''),
    },
  );

  registerCall(app, CALLS.staffSummaryPublish, async (request) => {
    const voice = { firm: await settings.firm(), appUrl };
    await publishSummary({ ...(await depsOf(request)), voice }, request.body.summary_id);
    return { status_smessage: MESSAGES.SUMMARY_PUBLISHED };
  });

  registerCall(app, CALLS.staffSummaryDelete, async (request) => {
    await deleteSummary({ ...(await depsOf(request)), storage: app.storage }, request.body.summary_id);
    return { status_smessage: MESSAGES.SUMMARY_DELETED };
  });
}
