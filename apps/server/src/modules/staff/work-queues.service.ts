/**
 * The staff console's work queues: a tax year's filings by status, and one queue's clients. Admins see every
 * filing; an analyst sees the filings assigned to them and those still waiting in To Be Assigned.
 */
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import {
  FILE_STATUSES,
  formatPhone,
  isPhoneExtension,
  type DataTablesParameters,
  type FileStatus,
  type StaffClientRow,
} from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  clients,
  count,
  desc,
  eq,
  filings,
  ilike,
  or,
  sql,
  taxpayerProfiles,
  users,
  type Database,
} from '@taxfirm/db';

/** Which filings of a tax year this staff member may see. */
function visible(actor: StaffActor, taxYear: number) {
  const ofYear = eq(filings.taxYear, taxYear);
  if (actor.role === 'admin') return ofYear;
  return and(ofYear, or(eq(filings.assignedTo, actor.userId), eq(filings.status, 'To Be Assigned')));
}

export async function countQueues(db: Database, actor: StaffActor, taxYear: number) {
  const rows = await db
    .select({ status: filings.status, n: count() })
    .from(filings)
    .where(visible(actor, taxYear))
    .groupBy(filings.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const counts = FILE_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  return { tax_year: taxYear, counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}

const assignee = alias(users, 'assignee');
const owner = alias(users, 'owner');
const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

const SORTS = {
  file_number: clients.fileNumber,
  name: fullName,
  email: owner.email,
  status: filings.status,
  updated: filings.updatedAt,
} as const;

export async function listQueue(
  db: Database,
  actor: StaffActor,
  input: {
    taxYear: number;
    status: FileStatus | undefined;
    page: DataTablesParameters;
    sort: { column: keyof typeof SORTS; dir: 'asc' | 'desc' };
  },
): Promise<{ recordsTotal: number; recordsFiltered: number; data: StaffClientRow[] }> {
  const queue = input.status
    ? and(visible(actor, input.taxYear), eq(filings.status, input.status))
    : visible(actor, input.taxYear);
  const term = input.page.search?.value?.trim() ?? '';
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, '');
  const matching = term
    ? and(
        queue,
        or(
          ilike(fullName, pattern),
          ilike(owner.email, pattern),
          ilike(clients.fileNumber, pattern),
          ...(digits.length >= 3 ? [ilike(clients.phone, `%${digits}%`)] : []),
        ),
      )
    : queue;
  const base = () =>
    db
      .select({ n: count() })
      .from(filings)
      .innerJoin(clients, eq(clients.id, filings.clientId))
      .innerJoin(owner, eq(owner.id, clients.userId));
  const sortColumn = SORTS[input.sort.column];
  const order = input.sort.dir === 'asc' ? asc(sortColumn) : desc(sortColumn);
  const [[total], [filtered], rows] = await Promise.all([
    base().where(queue),
    base().where(matching),
    db
      .select({
        clientId: clients.id,
        fileNumber: clients.fileNumber,
        firstName: clients.firstName,
        lastName: clients.lastName,
        phone: clients.phone,
        phoneExt: clients.phoneExt,
        email: owner.email,
        status: filings.status,
        assigneeFirst: assignee.firstName,
        assigneeLast: assignee.lastName,
        referredBy: taxpayerProfiles.referralName,
      })
      .from(filings)
      .innerJoin(clients, eq(clients.id, filings.clientId))
      .innerJoin(owner, eq(owner.id, clients.userId))
      .leftJoin(assignee, eq(assignee.id, filings.assignedTo))
      .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
      .where(matching)
      .orderBy(order, asc(filings.id))
      .limit(input.page.length)
      .offset(input.page.start),
  ]);
  // A staff read of client data is audited: who listed which queue, from where.
  await audit(db, {
    actor,
    action: 'staff.clients.list',
    subject: `${input.taxYear}/${input.status ?? 'All'}${term ? ' search' : ''}`,
  });
  return {
    recordsTotal: total?.n ?? 0,
    recordsFiltered: filtered?.n ?? 0,
    data: rows.map((row) => ({
      client_id: row.clientId,
      file_number: row.fileNumber,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: isPhoneExtension(row.phoneExt)
        ? `${row.phoneExt === 'US' ? '+1' : '+91'} ${formatPhone(row.phone, row.phoneExt)}`
        : row.phone,
      status: row.status,
      assigned_to: row.assigneeFirst ? `${row.assigneeFirst} ${row.assigneeLast ?? ''}`.trim() : null,
      referred_by: row.referredBy ?? null,
    })),
  };
}
