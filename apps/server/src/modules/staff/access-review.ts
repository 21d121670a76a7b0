/**
 * The access review (issue 36): who on the staff can work which files, as admins hand it to an auditor. Each
 * member's files are read by the same rule every list uses (`workableFilingsWhere`, for that member as the
 * actor), so the review cannot say less than the server allows. An admin works every file (an offshore admin,
 * every file whose client said Yes to §7216): one row says so. An analyst: one row per file assigned to them,
 * and one for the unassigned files in To Be Assigned they may open and take. A member whose access is not in
 * force (deactivated, or past their last day) works nothing.
 */
import { INITIAL_FILE_STATUS, isStaffRole } from '@taxfirm/contract';
import { and, asc, clients, eq, filings, gt, inArray, users, type Database } from '@taxfirm/db';
import type { CsvCell } from '../../lib/csv.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { accessEnded, accessInForce } from '../accounts/access.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';

export const ACCESS_REVIEW_CSV_HEADER = [
  'Staff member',
  'E-mail',
  'Role',
  'Location',
  'Access',
  'Last day of access',
  'Two-step sign-in',
  'Files',
  'File number',
  'Client',
  'Tax year',
  'Status',
] as const;

/** The review's file name: the firm's day it was taken. */
export const accessReviewFileName = (now = new Date()) => `access-review-${firmToday(now)}.csv`;

/** The rows, read as they are written: the staff, then each analyst's files a batch at a time. */
export async function* accessReviewRows(
  db: Database,
  { batch = 1000, now = new Date() }: { batch?: number; now?: Date } = {},
): AsyncIterable<CsvCell[]> {
  const staff = await db
    .select()
    .from(users)
    .where(inArray(users.role, ['analyst', 'admin']))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  for (const member of staff) {
    if (!isStaffRole(member.role)) continue;
    const access = accessInForce(member, now)
      ? 'active'
      : accessEnded(member, now)
        ? 'access ended'
        : 'deactivated';
    const who = [
      `${member.firstName} ${member.lastName}`.trim(),
      member.email,
      member.role,
      member.location,
      access,
      member.accessEndsOn,
      member.mfaEnabledAt ? 'on' : 'not set up',
    ];
    const offshore = member.location === 'offshore';
    if (access !== 'active') {
      yield [...who, 'none'];
    } else if (member.role === 'admin') {
      yield [...who, offshore ? 'every file whose client allows offshore access (§7216)' : 'every file'];
    } else {
      const actor = { userId: member.id, role: member.role, offshore };
      yield [
        ...who,
        offshore
          ? `unassigned files in ${INITIAL_FILE_STATUS} whose client allows offshore access (to take)`
          : `unassigned files in ${INITIAL_FILE_STATUS} (to take)`,
      ];
      // Their own files, keyset by id: the export's memory stays flat however many files they have.
      let after: string | undefined;
      for (;;) {
        const page = await db
          .select({
            id: filings.id,
            fileNumber: clients.fileNumber,
            firstName: clients.firstName,
            lastName: clients.lastName,
            taxYear: filings.taxYear,
            status: filings.status,
          })
          .from(filings)
          .innerJoin(clients, eq(clients.id, filings.clientId))
          .where(
            and(
              workableFilingsWhere(actor, { clientsJoined: true }),
              after === undefined ? undefined : gt(filings.id, after),
            ),
          )
          .orderBy(asc(filings.id))
          .limit(batch);
        for (const file of page) {
          yield [
            ...who,
            'assigned',
            file.fileNumber,
            `${file.firstName} ${file.lastName}`,
            file.taxYear,
            file.status,
          ];
        }
        after = page.at(-1)?.id;
        if (page.length < batch) break;
      }
    }
  }
}
