import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countQueues, listQueue, narrowingOf } from './work-queues.service.ts';

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
