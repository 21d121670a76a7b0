/** Reports for admins (issue 36): the season report, on screen and as CSV. */
import { CALLS, SEASON_REPORT_EXPORT_PATH, taxYearField } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActorOf } from '../../lib/actor.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { toCsv } from '../../lib/csv.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  SEASON_REPORT_CSV_HEADER,
  seasonReport,
  seasonReportCsvRows,
} from './season-report.staff.service.ts';

export async function reportsStaffRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.staffSeasonReport, async (request) =>
    seasonReport(app.db, staffActorOf(request), await settings.taxYear(request.body.taxy)),
  );

  /** The same report as CSV: a few dozen rows, made at once. */
  app.withTypeProvider<ZodTypeProvider>().get(
    SEASON_REPORT_EXPORT_PATH,
    {
      onRequest: requireAccess('admin'),
      schema: { querystring: z.object({ taxy: taxYearField }), hide: true },
    },
    async (request, reply) => {
      const taxYear = await settings.taxYear((request.query as { taxy?: number }).taxy);
      const report = await seasonReport(app.db, staffActorOf(request), taxYear);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`season-report-${taxYear}.csv`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(toCsv(SEASON_REPORT_CSV_HEADER, seasonReportCsvRows(report)));
    },
  );
}
