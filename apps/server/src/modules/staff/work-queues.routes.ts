import { CALLS, type QueueNarrowingBody } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countQueues, listQueue, type QueueNarrowing } from './work-queues.service.ts';

/** The queue's filters beside the status, from the call's names. */
const narrowingOf = (body: QueueNarrowingBody): QueueNarrowing => ({
  owner: body.owner,
  deliverableKind: body.deliverable_kind,
  due: body.due,
  waiting: body.waiting,
  unattendedDays: body.unattended_days,
});

export async function workQueuesRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.staffQueues, async (request) =>
    countQueues({
      db: app.db,
      actor: staffActorOf(request),
      taxYear: await settings.taxYear(request.body.taxy),
      filters: narrowingOf(request.body),
    }),
  );

  registerCall(app, CALLS.staffClientList, async (request) => {
    const { dataTablesParameters: page, sort, status, taxy } = request.body;
    return {
      draw: page.draw,
      ...(await listQueue(app.db, staffActorOf(request), {
        taxYear: await settings.taxYear(taxy),
        status,
        page,
        sort,
        ...narrowingOf(request.body),
      })),
    };
  });
}
