/** Bulk actions over a queue's selection (issue 36): start one, and follow its progress. */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { bulkStatus, startBulk, type QueueSelection } from './bulk.staff.service.ts';

export async function bulkStaffRoutes(
  app: FastifyInstance,
  { settings, queueSelection }: { settings: SettingsCache; queueSelection: QueueSelection },
) {
  registerCall(app, CALLS.staffBulkStart, async (request) => {
    const taxYear = await settings.taxYear(request.body.taxy);
    const started = await startBulk(
      app.db,
      staffActorOf(request),
      { ...request.body, taxYear },
      queueSelection,
    );
    return { status_smessage: MESSAGES.BULK_STARTED, ...started };
  });

  registerCall(app, CALLS.staffBulkStatus, async (request) => ({
    jobs: await bulkStatus(app.db, staffActorOf(request), request.body.job_id),
  }));
}
