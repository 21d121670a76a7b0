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
  desc,
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
  type ListQuery,
  type Slice,
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

/** The log's order, newest first (`audit_log_created_idx`). */
const NEWEST_FIRST = orderBy(auditLog.createdAt, 'desc', auditLog.seq, 'desc');
/**
 * The same order as an expression no index provides: the planner finds the (few) matching entries through
 * the search's indexes and sorts them, instead of walking the whole log newest first in the hope of meeting
 * 50 matches early (at 2 million entries, seconds when there are only 8).
 */
const MATCHES_SORTED = orderBy(
  sql`(${auditLog.createdAt} + interval '0 seconds')`,
  'desc',
  auditLog.seq,
  'desc',
);

/** Up to this many matches of a filter or search are counted exactly (and sorted); above, read newest first. */
const AUDIT_EXACT_MATCHES = 1_000;

// Every condition is on audit_log alone (the search and the offshore rule look others up): no joins, so a
// filter's count can be read from its index alone.
const countAudit = (db: Database, where: SQL | undefined) =>
  db.select({ n: count() }).from(auditLog).where(where);

/** The whole log: exact up to 10,000 entries, then the planner's estimate (it holds millions in a season). */
const totalOfLog = (db: Database) => boundedCount(db, 'audit_log', AUDIT_EXACT_TOTAL);

/**
 * The filters and the search together. All of it is the list's "search" (no scope): the total is always the
 * whole log's, as the page shows it.
 */
function auditWhere(f: AuditFilters): SQL | undefined {
  return and(
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
  );
}

/**
 * A page of entries: the page is picked from audit_log alone (filters, order, slice), then joined to its
 * actors and clients, so that the joins are 50 index probes whatever the planner expects the search to match
 * (joined first, an estimate of 2,400 matches for a file number hashed all 100,000 clients and logins).
 */
async function readAudit(db: Database, q: ListQuery, slice: Slice): Promise<AuditEntry[]> {
  const picked = inSlice(
    db
      .select({
        id: auditLog.id,
        actorUserId: auditLog.actorUserId,
        action: auditLog.action,
        clientId: auditLog.clientId,
        subject: auditLog.subject,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        createdAt: auditLog.createdAt,
        seq: auditLog.seq,
      })
      .from(auditLog)
      .$dynamic(),
    q,
    slice,
  ).as('picked');
  const rows = await db
    .select({
      entry: {
        id: picked.id,
        actorUserId: picked.actorUserId,
        action: picked.action,
        clientId: picked.clientId,
        subject: picked.subject,
        ip: picked.ip,
        userAgent: picked.userAgent,
        createdAt: picked.createdAt,
      },
      actorFirst: actorUser.firstName,
      actorLast: actorUser.lastName,
      actorEmail: actorUser.email,
      actorRole: actorUser.role,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      fileNumber: clients.fileNumber,
    })
    .from(picked)
    .leftJoin(actorUser, eq(actorUser.id, picked.actorUserId))
    .leftJoin(clients, eq(clients.id, picked.clientId))
    // Both of the list's orders are this one (newest first, then the latest written).
    .orderBy(desc(picked.createdAt), desc(picked.seq));
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
}

const auditList = definePagedList({
  count: countAudit,
  total: totalOfLog,
  query: (f: AuditFilters) => ({ search: auditWhere(f), order: NEWEST_FIRST }),
  read: readAudit,
});

/** How many entries the planner expects `where` to select (EXPLAIN's estimate; nothing is read). */
async function estimatedCount(db: Database, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(
    sql`explain (format json) select 1 from ${auditLog} where ${where}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan?: { 'Plan Rows'?: number } }];
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * A filtered or searched page. Its matches are counted up to 1,000 first (a count that stops there). Up to
 * 1,000: exact, and the page is sorted from the matches the filters' and search's indexes find. Above: the
 * planner's estimate of the count (as for the log's total), and the page is read newest first, from a
 * filter's own index (one client's, one staff member's entries) or by walking the log, which meets a page of
 * matches early when they are that many (a common word: 750,000 of 2,000,000 entries, where counting and
 * sorting every match took seconds; one staff member's 66,772 entries were counted on every page).
 */
async function matchedPage(
  db: Database,
  f: AuditFilters,
  page: Pick<DataTablesParameters, 'start' | 'length'>,
  exactMatches = AUDIT_EXACT_MATCHES,
): Promise<AuditPage> {
  const matching = auditWhere(f);
  const capped = db.select({ n: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(auditLog)
      .where(matching)
      .limit(exactMatches + 1)
      .as('capped'),
  );
  const [[total], [found]] = await Promise.all([totalOfLog(db).then((n) => [{ n }]), capped]);
  const many = (found?.n ?? 0) > exactMatches;
  const slice = { limit: page.length, offset: page.start };
  const [filtered, data] = await Promise.all([
    many ? estimatedCount(db, matching).then((n) => Math.max(n, exactMatches + 1)) : (found?.n ?? 0),
    readAudit(db, { scope: undefined, matching, order: many ? NEWEST_FIRST : MATCHES_SORTED }, slice),
  ]);
  return { recordsTotal: total?.n ?? 0, recordsFiltered: filtered, approximate: many, data };
}

/** A page of the log; `approximate` when its count is the planner's estimate. */
type AuditPage = ListPage<AuditEntry> & { approximate: boolean };

/** The audit log, newest first, a page at a time; reading it is audited too. */
export async function listAuditLog(
  db: Database,
  actor: StaffActor,
  input: AuditFilters & {
    page: DataTablesParameters;
    /** Tests: the count a filter's or search's matches are counted exactly up to (1,000). */
    exactMatches?: number;
  },
): Promise<AuditPage> {
  if (input.clientId) {
    // The read is audited against the client (a foreign key): an unknown one is a 404, not a failed insert.
    const [known] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!known) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  }
  const filters = { ...input, search: input.page.search?.value, offshoreOnly: actor.offshore };
  const result =
    auditWhere(filters) !== undefined
      ? await matchedPage(db, filters, input.page, input.exactMatches)
      : await auditList.page(db, filters, input.page).then((page) => ({
          ...page,
          // Unfiltered, the count is the whole log's, an estimate above AUDIT_EXACT_TOTAL (boundedCount).
          approximate: page.recordsFiltered > AUDIT_EXACT_TOTAL,
        }));
  await audit(db, {
    actor,
    action: 'staff.audit.view',
    clientId: input.clientId ?? null,
    subject: input.actorId ?? undefined,
  });
  return result;
}
