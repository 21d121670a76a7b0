/** Saved views of the work queues (issue 36). */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { listViews, removeView, saveView, type ViewCount } from './views.staff.service.ts';

export async function viewsStaffRoutes(
  app: FastifyInstance,
  { settings, countOf }: { settings: SettingsCache; countOf: ViewCount },
) {
  registerCall(app, CALLS.staffViewsList, async (request) => ({
    views: await listViews(app.db, staffActorOf(request), await settings.taxYear(), countOf),
  }));

  registerCall(app, CALLS.staffViewsSave, async (request) => ({
    status_smessage: MESSAGES.VIEW_SAVED,
    view_id: await saveView(app.db, staffActorOf(request), request.body),
  }));

  registerCall(app, CALLS.staffViewsRemove, async (request) => {
    await removeView(app.db, staffActorOf(request), request.body.view_id);
    return { status_smessage: MESSAGES.VIEW_REMOVED };
  });
}
