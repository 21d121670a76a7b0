/**
 * The audit log as admins read it: every staff action and staff read of client data (and the system's own
 * entries, such as a payment recorded from a webhook), newest first. Reading it is itself audited.
 */
import { FIRM_TIME_ZONE, type AuditEntry, type DataTablesParameters } from '@taxfirm/contract';
import {
  alias,
  and,
  auditLog,
  clients,
  count,
  desc,
  eq,
  ilike,
  or,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import { audit } from '../../lib/audit.ts';
import type { StaffActor } from '../../lib/actor.ts';

const actorUser = alias(users, 'actor');

/** The first instant of a calendar day in the firm's time zone. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${FIRM_TIME_ZONE}`;

export async function listAuditLog(
  db: Database,
  actor: StaffActor,
  input: {
    clientId?: string;
    actorId?: string;
    from?: string;
    to?: string;
    page: DataTablesParameters;
  },
): Promise<{ recordsTotal: number; recordsFiltered: number; data: AuditEntry[] }> {
  const term = input.page.search?.value?.trim() ?? '';
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: (SQL | undefined)[] = [
    input.clientId ? eq(auditLog.clientId, input.clientId) : undefined,
    input.actorId ? eq(auditLog.actorUserId, input.actorId) : undefined,
    input.from ? sql`${auditLog.createdAt} >= ${dayStart(input.from)}` : undefined,
    input.to ? sql`${auditLog.createdAt} < ${dayStart(input.to)} + interval '1 day'` : undefined,
    term
      ? or(
          ilike(auditLog.action, like),
          ilike(auditLog.subject, like),
          ilike(actorUser.email, like),
          ilike(clients.fileNumber, like),
          ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, like),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const counted = () =>
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
      .leftJoin(clients, eq(clients.id, auditLog.clientId));
  const [[total], [filtered], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog),
    counted().where(where),
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
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.page.length)
      .offset(input.page.start),
  ]);
  await audit(db, {
    actor,
    action: 'staff.audit.view',
    clientId: input.clientId ?? null,
    subject: input.actorId ?? undefined,
  });
  return {
    recordsTotal: total?.n ?? 0,
    recordsFiltered: filtered?.n ?? 0,
    data: rows.map(({ entry, ...row }) => ({
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
    })),
  };
}
