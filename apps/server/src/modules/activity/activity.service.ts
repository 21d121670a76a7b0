/**
 * What a client did that their analyst should hear about: a message, an upload, a payment, a signature, an
 * answer to a checklist item. Written in the caller's transaction, so the feed never shows what was rolled back.
 * It says what happened ("Uploaded 2 files for W-2"), never the content of a message or a file.
 */
import type { ActivityKind, StaffActivity } from '@taxfirm/contract';
import { and, clients, desc, eq, filings, staffActivity, type Database, type SQL } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';

type Writer = Pick<Database, 'insert'>;

/** The feed's page size. */
export const ACTIVITY_PAGE_SIZE = 20;

export async function recordActivity(
  tx: Writer,
  event: { clientId: string; taxYear: number; kind: ActivityKind; summary: string },
): Promise<void> {
  await tx.insert(staffActivity).values(event);
}

/** The filing of an activity row (the one whose analyst hears of it). */
export const filingOfActivity = and(
  eq(filings.clientId, staffActivity.clientId),
  eq(filings.taxYear, staffActivity.taxYear),
) as SQL;

/**
 * The console home's feed: what this staff member's clients did, newest first, a page of 20 at a time
 * (`more` when there is another page). Analysts see the rows of their own files, admins every row.
 */
export async function findActivity({
  db,
  actor,
  page,
}: {
  db: Database;
  actor: StaffActor;
  page: number;
}): Promise<Omit<StaffActivity, 'http_code' | 'status_smessage'>> {
  const rows = await db
    .select({
      clientId: staffActivity.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      taxYear: staffActivity.taxYear,
      kind: staffActivity.kind,
      summary: staffActivity.summary,
      createdAt: staffActivity.createdAt,
    })
    .from(staffActivity)
    .innerJoin(clients, eq(clients.id, staffActivity.clientId))
    .leftJoin(filings, filingOfActivity)
    .where(workableFilingsWhere(actor, { clientsJoined: true }))
    .orderBy(desc(staffActivity.createdAt), desc(staffActivity.id))
    // One more than a page: whether there is another page, without counting every row.
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  return {
    items: rows.slice(0, ACTIVITY_PAGE_SIZE).map((row) => ({
      client_id: row.clientId,
      name: `${row.firstName} ${row.lastName}`,
      file_number: row.fileNumber,
      tax_year: row.taxYear,
      kind: row.kind,
      summary: row.summary,
      at: row.createdAt.toISOString(),
    })),
    page,
    page_size: ACTIVITY_PAGE_SIZE,
    more: rows.length > ACTIVITY_PAGE_SIZE,
  };
}
