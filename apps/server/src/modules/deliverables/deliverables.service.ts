/**
 * A filing's deliverables as both sides read them (issue 35, ADR 025): the federal return (the filing itself)
 * first, then the others by the date in force, staff's or else the rule's (`dueDateOf`).
 */
import {
  CLIENT_WAITING_STATUSES,
  FILED_STATUSES,
  dueDateOf,
  type AccountDeliverable,
  type Deliverable,
  type DeliverableKind,
} from '@taxfirm/contract';
import { asc, deliverables, eq, filings, users, type Database } from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';
import { findFiling } from '../filings/filings.service.ts';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The date in force (staff's, or else the rule's), the rule's, and staff's reason when they moved it. */
const dueOf = (
  kind: DeliverableKind,
  taxYear: number,
  row: { extended: boolean; dueOn: string | null; dueReason: string | null },
) => {
  const rule = dueDateOf(kind, taxYear, { extended: row.extended });
  return { due_on: row.dueOn ?? rule, rule_due_on: rule, due_reason: row.dueOn ? row.dueReason : null };
};

/** The filing's deliverables: the federal return first, then by due date (undated last, else as added). */
export async function deliverablesOfFiling(
  db: Pick<Database, 'select'>,
  filing: { id: string; taxYear: number },
): Promise<Deliverable[]> {
  const [federal] = await db
    .select({
      status: filings.status,
      extended: filings.extended,
      dueOn: filings.dueOn,
      dueReason: filings.dueReason,
      ownerId: users.id,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
    })
    .from(filings)
    .leftJoin(users, eq(users.id, filings.assignedTo))
    .where(eq(filings.id, filing.id));
  if (!federal) return [];
  const rows = await db
    .select({
      id: deliverables.id,
      kind: deliverables.kind,
      label: deliverables.label,
      status: deliverables.status,
      extended: deliverables.extended,
      dueOn: deliverables.dueOn,
      dueReason: deliverables.dueReason,
      ownerId: users.id,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
    })
    .from(deliverables)
    .leftJoin(users, eq(users.id, deliverables.ownerId))
    .where(eq(deliverables.filingId, filing.id))
    .orderBy(asc(deliverables.createdAt), asc(deliverables.id));
  const owner = (row: { ownerId: string | null; ownerFirst: string | null; ownerLast: string | null }) =>
    row.ownerId ? { user_id: row.ownerId, name: nameOf(row.ownerFirst, row.ownerLast) } : null;
  const others: Deliverable[] = rows.map((row) => ({
    deliverable_id: row.id,
    kind: row.kind,
    label: row.label,
    owner: owner(row),
    status: row.status,
    file_status: null,
    extended: row.extended,
    ...dueOf(row.kind, filing.taxYear, row),
  }));
  // A stable sort: rows of one date keep the order they were added in.
  others.sort((a, b) => (a.due_on ?? '9999').localeCompare(b.due_on ?? '9999'));
  return [
    {
      deliverable_id: null,
      kind: 'federal',
      label: null,
      owner: owner(federal),
      status: null,
      file_status: federal.status,
      extended: federal.extended,
      ...dueOf('federal', filing.taxYear, federal),
    },
    ...others,
  ];
}

/**
 * The session client's deadlines for the tax year: what is filed, when it is due, and whether the firm waits
 * on them (the file's status for the federal return; "waiting on client" for the others). No owner and no
 * internal status reach the client. A client without a filing that year has none.
 */
export async function listClientDeliverables({
  db,
  actor,
  taxYear,
}: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
}): Promise<{ tax_year: number; deliverables: AccountDeliverable[] }> {
  const filing = await findFiling(db, { clientId: actor.clientId, taxYear });
  if (!filing || filing.status === 'Cancel Filing') return { tax_year: taxYear, deliverables: [] };
  const list = await deliverablesOfFiling(db, filing);
  return {
    tax_year: taxYear,
    deliverables: list.map((d) => ({
      kind: d.kind,
      label: d.label,
      due_on: d.due_on,
      extended: d.extended,
      waiting_on_you: d.file_status
        ? CLIENT_WAITING_STATUSES.includes(d.file_status)
        : d.status === 'waiting_on_client',
      done: d.file_status
        ? FILED_STATUSES.includes(d.file_status)
        : d.status === 'filed' || d.status === 'accepted',
    })),
  };
}
