/** My work: the console's home (issue 35). */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countWork, listWork, snoozeWork } from './work.staff.service.ts';

export async function workStaffRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.staffWorkList, async (request) => {
    const body = request.body;
    return listWork({
      db: app.db,
      actor: staffActorOf(request),
      taxYear: await settings.taxYear(body.taxy),
      who: body.who,
      kind: body.kind,
      snoozed: body.snoozed,
    });
  });

  registerCall(app, CALLS.staffWorkCounts, async (request) =>
    countWork({
      db: app.db,
      actor: staffActorOf(request),
      taxYear: await settings.taxYear(request.body.taxy),
      who: request.body.who,
    }),
  );

  registerCall(app, CALLS.staffWorkSnooze, async (request) => {
    const body = request.body;
    await snoozeWork({
      db: app.db,
      actor: staffActorOf(request),
      taxYear: await settings.taxYear(body.taxy),
      key: body.key,
      until: body.until,
      note: body.note ?? null,
    });
    return { status_smessage: body.until ? MESSAGES.WORK_SNOOZED : MESSAGES.WORK_WOKEN };
  });
}
