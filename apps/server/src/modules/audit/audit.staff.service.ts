/**
 * The audit log as admins read it: every staff action and staff read of client data (and the system's own
 * entries, such as a payment recorded from a webhook), newest first. Reading it is itself audited.
 */
import { type AuditEntry, type DataTablesParameters } from '@taxfirm/contract';
import { alias, and, auditLog, clients, count, eq, isNull, or, sql, users, type Database } from '@taxfirm/db';
import { audit } from '../../lib/audit.ts';
import {
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
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
      .leftJoin(clients, eq(clients.id, auditLog.clientId))
      .where(where),
  query: (f: AuditFilters) => ({
    search: and(
      f.offshoreOnly ? or(isNull(auditLog.clientId), clientOffshoreAllowedSql) : undefined,
      f.clientId ? eq(auditLog.clientId, f.clientId) : undefined,
      f.actorId ? eq(auditLog.actorUserId, f.actorId) : undefined,
      f.from ? sql`${auditLog.createdAt} >= ${dayStart(f.from)}` : undefined,
      f.to ? sql`${auditLog.createdAt} < ${dayStart(f.to, 1)}` : undefined,
      searchIn(f.search, [
        auditLog.action,
        auditLog.subject,
        actorUser.email,
        clients.fileNumber,
        sql`${clients.firstName} || ' ' || ${clients.lastName}`,
      ]),
    ),
    order: orderBy(auditLog.createdAt, 'desc', auditLog.seq, 'desc'),
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
