/**
 * The staff console's calls the season bench measures (bench/season.ts), with search terms that point at rows
 * of the generated data (bench/season-data.ts). The query-plan test (src/modules/staff/query-plans.test.ts)
 * makes the same calls and checks that every query they run is served by an index.
 */
import { emailOf, fileNumberOf, phoneOf } from './season-data.ts';

/** A call, made by the admin unless `as: 'analyst'` (the analyst `analystId` itself, with an analyst's access). */
export type Call = { name: string; url: string; body: Record<string, unknown>; as?: 'analyst' };

/** The calls measured, for a data set of n clients (search terms point at real rows). */
export function callsFor(n: number, year: number, analystId: string, clientId: string): Call[] {
  const someone = Math.max(1, Math.floor(n * 0.37));
  const page = (search = '') => ({ draw: 1, start: 0, length: 25, search: { value: search } });
  const list = (name: string, body: Record<string, unknown>) => ({
    name,
    url: '/api/staff/clients/list',
    body: { taxy: year, dataTablesParameters: page(), ...body },
  });
  const search = (name: string, term: string) => list(name, { dataTablesParameters: page(term) });
  return [
    { name: 'queues: counts by status', url: '/api/staff/clients/queues', body: { taxy: year } },
    list('client list, all, by last update', {}),
    list('client list, one status', { status: 'Preparation Pending' }),
    list('client list, last year, by name', { taxy: year - 1, sort: { column: 'name', dir: 'asc' } }),
    list('client list, page 40', { dataTablesParameters: { draw: 1, start: 1000, length: 25 } }),
    // The workbench (issue 35): the queue's filters and columns, and My work.
    list('client list, one owner, by next due', {
      owner: analystId,
      sort: { column: 'next_due', dir: 'asc' },
    }),
    list('client list, overdue', { due: 'overdue' }),
    list('client list, due within 7 days', { due: 'week' }),
    list('client list, waiting on the client', { waiting: 'client' }),
    list('client list, with an ITR', { deliverable_kind: 'itr' }),
    list('client list, unattended 14 days', { unattended_days: 14 }),
    list('client list, by days in status', { sort: { column: 'status_since', dir: 'asc' } }),
    {
      name: 'my work: counts (an analyst)',
      url: '/api/staff/work/counts',
      body: { taxy: year, who: analystId },
    },
    { name: 'my work: list (an analyst)', url: '/api/staff/work/list', body: { taxy: year, who: analystId } },
    {
      name: 'my work: counts (the analyst, signed in)',
      url: '/api/staff/work/counts',
      body: { taxy: year },
      as: 'analyst',
    },
    {
      name: 'my work: list (the analyst, signed in)',
      url: '/api/staff/work/list',
      body: { taxy: year },
      as: 'analyst',
    },
    {
      name: 'my work: uploads to review (an analyst)',
      url: '/api/staff/work/list',
      body: { taxy: year, who: analystId, kind: 'upload_review' },
    },
    { name: 'my work: unassigned', url: '/api/staff/work/list', body: { taxy: year, who: 'unassigned' } },
    search('search by name', 'Sharma'),
    search('search by e-mail', emailOf(someone).split('@')[0] ?? ''),
    search('search by phone', phoneOf(someone).slice(-7)),
    search('search by file number', fileNumberOf(someone)),
    { name: 'audit log, newest', url: '/api/staff/audit/list', body: {} },
    { name: 'audit log, one client', url: '/api/staff/audit/list', body: { client_id: clientId } },
    { name: 'audit log, one staff member', url: '/api/staff/audit/list', body: { actor_id: analystId } },
    {
      name: 'audit log, a week',
      url: '/api/staff/audit/list',
      body: { from: `02-01-${year + 1}`, to: `02-07-${year + 1}` },
    },
    {
      name: 'audit log, search a file number',
      url: '/api/staff/audit/list',
      body: { dataTablesParameters: { ...page(fileNumberOf(someone)), length: 50 } },
    },
    {
      name: 'audit log, search a word',
      url: '/api/staff/audit/list',
      body: { dataTablesParameters: { ...page('status'), length: 50 } },
    },
    { name: 'inbox: contact messages', url: '/api/staff/inbox/contact/list', body: {} },
    { name: 'inbox: contact, new', url: '/api/staff/inbox/contact/list', body: { status: 'new' } },
    { name: 'inbox: career applications', url: '/api/staff/inbox/careers/list', body: {} },
    { name: 'inbox: referrals', url: '/api/staff/inbox/referrals/list', body: { taxy: year } },
    { name: 'inbox: payments', url: '/api/staff/inbox/payments/list', body: {} },
    { name: 'inbox: payments, paid', url: '/api/staff/inbox/payments/list', body: { status: 'paid' } },
    { name: 'invoices', url: '/api/staff/invoices/list', body: {} },
    { name: 'messages inbox', url: '/api/staff/messages/inbox', body: {} },
    { name: 'messages inbox, unread', url: '/api/staff/messages/inbox', body: { unread_only: true } },
  ];
}

export const EXPORTS = [
  { name: 'payments CSV', url: '/api/staff/inbox/export/payments' },
  { name: 'contact messages CSV', url: '/api/staff/inbox/export/contact-messages' },
  { name: 'referrals CSV', url: '/api/staff/inbox/export/referrals' },
  { name: 'invoices CSV', url: '/api/staff/invoices/export' },
];
