/**
 * The audit log as admins read it: every staff action and staff read of client data (and the system's own
 * entries, such as a payment recorded from a webhook), newest first. Reading it is itself audited.
 */
import { MESSAGES, type AuditEntry, type DataTablesParameters } from '@taxfirm/contract';
import {
  alias,
  and,
  auditLog,
  clients,
  count,
  eq,
  isNull,
  or,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import {
  boundedCount,
  dayStart,
  definePagedList,
  inSlice,
  orderBy,
  searchIn,
  type ListPage,
} from '../../lib/paged-query.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { clientOffshoreAllowedSql } from '../filings/filings.service.ts';

const actorUser = alias(users, 'actor');

/** Up to this many entries the log's total is counted exactly. */
const AUDIT_EXACT_TOTAL = 10_000;

/**
 * The search box: the entry's action or subject, its actor's e-mail, or its client's file number or name
 * contains the term. The actor and client matches are looked up first (`= any(array(…))`), so that each
 * part is an index condition on audit_log and the planner can combine them (a bitmap OR) instead of joining
 * every entry to test it.
 */
function auditSearch(term: string | undefined): SQL | undefined {
  const direct = searchIn(term, [auditLog.action, auditLog.subject]);
  const byActor = searchIn(term, [users.email]);
  const byClient = searchIn(term, [
    clients.fileNumber,
    sql`${clients.firstName} || ' ' || ${clients.lastName}`,
  ]);
  if (!direct || !byActor || !byClient) return undefined;
  return or(
    direct,
    sql`${auditLog.actorUserId} = any(array(select ${users.id} from ${users} where ${byActor}))`,
    sql`${auditLog.clientId} = any(array(select ${clients.id} from ${clients} where ${byClient}))`,
  );
}

type AuditFilters = {
  clientId?: string | undefined;
  actorId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  /** Offshore staff: only firm-wide entries and clients whose §7216 Yes is in force (ADR 019). */
  offshoreOnly?: boolean;
};

const auditList = definePagedList({
  count: (db, where) =>
    db
      // Every condition is on audit_log alone (the search and the offshore rule look others up): no joins,
      // so a filter's count can be read from its index alone.
      .select({ n: count() })
      .from(auditLog)
      .where(where),
  // The whole log: exact up to 10,000 entries, then the planner's estimate (it holds millions in a season).
  total: (db) => boundedCount(db, 'audit_log', AUDIT_EXACT_TOTAL),
  query: (f: AuditFilters) => ({
    search: and(
      f.offshoreOnly
        ? or(
            isNull(auditLog.clientId),
            sql`exists (select 1 from ${clients} where ${clients.id} = ${auditLog.clientId} and ${clientOffshoreAllowedSql})`,
          )
        : undefined,
      f.clientId ? eq(auditLog.clientId, f.clientId) : undefined,
      f.actorId ? eq(auditLog.actorUserId, f.actorId) : undefined,
      f.from ? sql`${auditLog.createdAt} >= ${dayStart(f.from)}` : undefined,
      f.to ? sql`${auditLog.createdAt} < ${dayStart(f.to, 1)}` : undefined,
      auditSearch(f.search),
    ),
    // With a search, the order is an expression no index provides, so that the planner finds the (few)
    // matching entries through the search's indexes and sorts them, instead of walking the whole log newest
    // first in the hope of meeting 50 matches early (at 2 million entries, seconds when there are only 8).
    order: f.search?.trim()
      ? orderBy(sql`(${auditLog.createdAt} + interval '0 seconds')`, 'desc', auditLog.seq, 'desc')
      : orderBy(auditLog.createdAt, 'desc', auditLog.seq, 'desc'),
  }),
  read: async (db, q, slice): Promise<AuditEntry[]> => {
    const rows = await inSlice(
      db
        .select({
          entry: auditLog,
          actorFirst: actorUser.firstName,
          actorLast: actorUser.lastName,
          actorEmail: actorUser.email,
          actorRole: actorUser.role,
          clientFirst: clients.firstName,
          clientLast: clients.lastName,
          fileNumber: clients.fileNumber,
        })
        .from(auditLog)
        .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
        .leftJoin(clients, eq(clients.id, auditLog.clientId))
        .$dynamic(),
      q,
      slice,
    );
    return rows.map(({ entry, ...row }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor:
        entry.actorUserId && row.actorEmail
          ? {
              user_id: entry.actorUserId,
              name: `${row.actorFirst ?? ''} ${row.actorLast ?? ''}`.trim(),
              email: row.actorEmail,
              role: row.actorRole ?? '',
            }
          : null,
      action: entry.action,
      client:
        entry.clientId && row.clientFirst !== null
          ? {
              client_id: entry.clientId,
              name: `${row.clientFirst} ${row.clientLast ?? ''}`.trim(),
              file_number: row.fileNumber,
            }
          : null,
      subject: entry.subject,
      ip: entry.ip,
      user_agent: entry.userAgent,
    }));
  },
});

/** The audit log, newest first, a page at a time; reading it is audited too. */
export async function listAuditLog(
  db: Database,
  actor: StaffActor,
  input: AuditFilters & { page: DataTablesParameters },
): Promise<ListPage<AuditEntry>> {
  if (input.clientId) {
    // The read is audited against the client (a foreign key): an unknown one is a 404, not a failed insert.
    const [known] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!known) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  }
  const result = await auditList.page(
    db,
    { ...input, search: input.page.search?.value, offshoreOnly: actor.offshore },
    input.page,
  );
  await audit(db, {
    actor,
    action: 'staff.audit.view',
    clientId: input.clientId ?? null,
    subject: input.actorId ?? undefined,
  });
  return result;
}
