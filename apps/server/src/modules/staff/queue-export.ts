/** The queue selection's CSV export (issue 36): the queue's columns, without identity numbers. */
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { ORGANIZER_STATE_LABELS } from '@taxfirm/contract';
import { and, desc, filings, inArray, type Database } from '@taxfirm/db';
import { visible } from './queue-filters.ts';
import { queueRowOf, queueRowsQuery } from './queue-rows.ts';
import { queueWhere, type QueueQuery } from './work-queues.service.ts';

export const QUEUE_CSV_HEADER = [
  'File number',
  'Name',
  'E-mail',
  'Phone',
  'Status',
  'Assigned to',
  'Documents accepted',
  'Documents required',
  'Organizer',
  'In status since',
  'Next due',
  'Last client activity',
  'Consent to work outside the US',
] as const;
/** Rows read per query while the export streams. */
const EXPORT_SLICE = 500;

/**
 * The CSV rows of the files chosen one by one (`clientIds`) or of every file a queue's filters match, among
 * the files this staff member may see, in the list's default order (last update first). Audited with the
 * count before the first row; the rows are read 500 at a time (only the matching ids are held whole).
 */
export async function queueExport(
  db: Database,
  actor: StaffActor,
  input: { taxYear: number; clientIds?: string[] | undefined; filter?: QueueQuery | undefined },
): Promise<AsyncIterable<CsvCell[]>> {
  const where = input.clientIds
    ? and(visible(actor, input.taxYear), inArray(filings.clientId, input.clientIds))
    : queueWhere(actor, input.taxYear, input.filter ?? { status: undefined, search: undefined });
  const order = [desc(filings.updatedAt), desc(filings.id)];
  const ids = (
    await db
      .select({ id: filings.id })
      .from(filings)
      .where(where)
      .orderBy(...order)
  ).map((row) => row.id);
  await audit(db, {
    actor,
    action: 'staff.clients.export',
    subject: `${input.taxYear} ${ids.length} files${input.clientIds ? ' chosen' : ' matching'}`,
  });
  return (async function* () {
    for (let start = 0; start < ids.length; start += EXPORT_SLICE) {
      const rows = await queueRowsQuery(db, ids.slice(start, start + EXPORT_SLICE), order);
      for (const row of rows.map(queueRowOf)) {
        yield [
          row.file_number,
          row.name,
          row.email,
          row.phone,
          row.status,
          row.assigned_to,
          row.documents.accepted,
          row.documents.required,
          ORGANIZER_STATE_LABELS[row.organizer],
          row.status_since,
          row.next_due,
          row.last_client_activity,
          row.offshore_state,
        ];
      }
    }
  })();
}
