import { CALLS, QUEUE_EXPORT_PATH, staffQueueExportBodySchema } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffActorOf } from '../../lib/actor.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { csvStream } from '../../lib/csv.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { QUEUE_CSV_HEADER, queueExport } from './queue-export.ts';
import { countQueueFiles, countQueues, listQueue, narrowingOf, queueQueryOf } from './work-queues.service.ts';

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

  registerCall(app, CALLS.staffClientCount, async (request) => {
    const { taxy, ...filter } = request.body;
    const taxYear = await settings.taxYear(taxy);
    return { count: await countQueueFiles(app.db, staffActorOf(request), taxYear, queueQueryOf(filter)) };
  });

  /** The selection as CSV (issue 36): files chosen one by one, or every file the filter matches. */
  app.withTypeProvider<ZodTypeProvider>().post(
    QUEUE_EXPORT_PATH,
    {
      // Contact details in bulk: at most 30 exports an hour a person (a page of the queue shows the same rows).
      onRequest: [
        requireAccess('staff'),
        ...limits(app, { name: 'queue-export', max: 30, window: '1 hour', key: byUser }),
      ],
      schema: { body: staffQueueExportBodySchema, hide: true },
    },
    async (request, reply) => {
      const { taxy, selection } = request.body;
      const taxYear = await settings.taxYear(taxy);
      const rows = await queueExport(app.db, staffActorOf(request), {
        taxYear,
        clientIds: selection.client_ids,
        filter: selection.filter ? queueQueryOf(selection.filter) : undefined,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`files-${taxYear}.csv`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(csvStream(QUEUE_CSV_HEADER, rows));
    },
  );
}
