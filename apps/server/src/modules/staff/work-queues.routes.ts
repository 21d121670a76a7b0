import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countQueues, listQueue } from './work-queues.service.ts';

export async function workQueuesRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.staffQueues, async (request) =>
    countQueues(app.db, staffActorOf(request), await settings.taxYear(request.body.taxy)),
  );

  registerCall(app, CALLS.staffClientList, async (request) => {
    const { dataTablesParameters: page, sort, status, taxy, ...narrowing } = request.body;
    return {
      draw: page.draw,
      ...(await listQueue(app.db, staffActorOf(request), {
        taxYear: await settings.taxYear(taxy),
        status,
        page,
        sort,
        owner: narrowing.owner,
        deliverableKind: narrowing.deliverable_kind,
        due: narrowing.due,
        waiting: narrowing.waiting,
        unattendedDays: narrowing.unattended_days,
      })),
    };
  });
}
