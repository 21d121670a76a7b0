/**
 * The staff inbox's calls (lists and the contact status), and its two GET downloads: a list as CSV with
 * the list's filters (every matching row), and a career application's résumé. Downloads are GETs, so the
 * browser can save them from a link; they change nothing but the audit log (CSRF: DESIGN.md).
 */
import {
  CALLS,
  INBOX_EXPORT_PATH,
  INBOX_RESUME_PATH,
  MESSAGES,
  inboxCareerExportQuerySchema,
  inboxContactExportQuerySchema,
  inboxPaymentExportQuerySchema,
  inboxReferralExportQuerySchema,
  type Access,
  type InboxList,
} from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/downloads.ts';
import { csvStream, type CsvCell } from '../../lib/csv.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import { audit } from '../../lib/audit.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { careerInbox, contactInbox, openResume, updateContactStatus } from './inbox.service.ts';
import { paymentInbox } from './inbox-payments.service.ts';
import { referralInbox } from './inbox-referrals.service.ts';

/** What an export needs of an inbox list (inbox-list.ts): its CSV header, and its rows for some filters. */
type CsvList<F> = {
  csvHeader: readonly string[];
  csvRows: (db: FastifyInstance['db'], filters: F) => AsyncIterable<CsvCell[]>;
};

/** The download's file name: the list and today's date (UTC), e.g. contact-messages-2026-11-23.csv. */
export function exportFileName(list: InboxList, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function inboxRoutes(app: FastifyInstance) {
  const searchOf = (page: { search?: { value?: string | undefined } | undefined }) => page.search?.value;

  registerCall(app, CALLS.staffContactList, async (request) => {
    const { dataTablesParameters: page, sort, status } = request.body;
    const filters = { status, sort, search: searchOf(page) };
    return {
      draw: page.draw,
      ...(await contactInbox.find(app.db, staffActorOf(request), filters, page)),
    };
  });

  registerCall(app, CALLS.staffContactStatus, async (request) => {
    const { message_id: messageId, status } = request.body;
    await updateContactStatus(app.db, staffActorOf(request), messageId, status);
    return { status_smessage: MESSAGES.CONTACT_STATUS_CHANGED };
  });

  registerCall(app, CALLS.staffCareerList, async (request) => {
    const { dataTablesParameters: page, sort } = request.body;
    return {
      draw: page.draw,
      ...(await careerInbox.find(app.db, staffActorOf(request), { sort, search: searchOf(page) }, page)),
    };
  });

  registerCall(app, CALLS.staffReferralList, async (request) => {
    const { dataTablesParameters: page, sort, taxy } = request.body;
    const actor = staffActorOf(request);
    const filters = { sort, taxYear: taxy, search: searchOf(page), offshoreOnly: actor.offshore };
    return { draw: page.draw, ...(await referralInbox.find(app.db, actor, filters, page)) };
  });

  registerCall(app, CALLS.staffPaymentList, async (request) => {
    const { dataTablesParameters: page, sort, status, taxy, from, to } = request.body;
    const actor = staffActorOf(request);
    const filters = {
      sort,
      status,
      taxYear: taxy,
      from,
      to,
      search: searchOf(page),
      offshoreOnly: actor.offshore,
    };
    return { draw: page.draw, ...(await paymentInbox.find(app.db, actor, filters, page)) };
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Send a list as a CSV download, after writing the export to the audit log. */
  const sendCsv = async (
    request: FastifyRequest,
    reply: FastifyReply,
    list: InboxList,
    header: readonly string[],
    rows: AsyncIterable<CsvCell[]>,
  ) => {
    await audit(app.db, {
      actor: staffActorOf(request),
      action: `staff.export.${list}`,
      subject: new URL(request.url, 'http://x').search,
    });
    return sendFile(reply, {
      name: exportFileName(list),
      type: 'text/csv; charset=utf-8',
      body: csvStream(header, rows),
    });
  };

  /** One list's CSV export: its own access and query, the list's own header and rows for the query's filters. */
  const exportRoute = <S extends z.ZodType, F>(
    list: InboxList,
    access: Access,
    querystring: S,
    inbox: CsvList<F>,
    filtersOf: (query: z.output<S>, offshoreOnly: boolean) => F,
  ) =>
    routes.get(
      `${INBOX_EXPORT_PATH}/${list}`,
      { onRequest: requireAccess(access), schema: { querystring, hide: true } },
      async (request, reply) => {
        const filters = filtersOf(request.query as z.output<S>, staffActorOf(request).offshore);
        return sendCsv(request, reply, list, inbox.csvHeader, inbox.csvRows(app.db, filters));
      },
    );

  const sortOf = <C extends string>(q: { sort: C; dir: 'asc' | 'desc' }) => ({ column: q.sort, dir: q.dir });

  exportRoute('contact-messages', 'staff', inboxContactExportQuerySchema, contactInbox, (q) => ({
    status: q.status,
    search: q.search,
    sort: sortOf(q),
  }));
  exportRoute('career-applications', 'staff', inboxCareerExportQuerySchema, careerInbox, (q) => ({
    search: q.search,
    sort: sortOf(q),
  }));
  exportRoute(
    'referrals',
    CALLS.staffReferralList.access,
    inboxReferralExportQuerySchema,
    referralInbox,
    (q, offshoreOnly) => ({ taxYear: q.taxy, search: q.search, sort: sortOf(q), offshoreOnly }),
  );
  exportRoute(
    'payments',
    CALLS.staffPaymentList.access,
    inboxPaymentExportQuerySchema,
    paymentInbox,
    (q, offshoreOnly) => ({
      offshoreOnly,
      status: q.status,
      taxYear: q.taxy,
      from: q.from,
      to: q.to,
      search: q.search,
      sort: sortOf(q),
    }),
  );

  /** A career application's résumé, as stored: its detected type, never rendered inline. */
  routes.get(
    INBOX_RESUME_PATH,
    {
      onRequest: requireAccess('staff'),
      schema: {
        querystring: z.object({ id: z.uuid({ error: MESSAGES.APPLICATION_NOT_FOUND }) }),
        hide: true,
      },
    },
    async (request, reply) => {
      const file = await openResume(app, staffActorOf(request), request.query.id);
      return sendFile(reply, { name: file.name, type: file.contentType, size: file.size, body: file.body });
    },
  );
}
