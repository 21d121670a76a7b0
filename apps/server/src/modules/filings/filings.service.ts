/**
 * The filing: one client's return for one tax year, the record everything else hangs on (its status and
 * history, its analyst, its documents, summaries and payments). Its rules live here and nowhere else:
 * who may work it, how its status moves, when the client may still edit the profile.
 */
import { canEditProfile, INITIAL_FILE_STATUS, MESSAGES, type FileStatus } from '@taxfirm/contract';
import {
  and,
  clients,
  eq,
  filings,
  filingStatusHistory,
  inArray,
  isNull,
  ne,
  or,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { moveOwnedDeliverables } from '../deliverables/deliverable-owners.ts';
import { fileStatusChanged, type FirmVoice } from '../notifications/client-events.ts';
import { accessInForceSql } from '../accounts/access.ts';

type Reader = Pick<Database, 'select'>;

export type Filing = {
  id: string;
  clientId: string;
  taxYear: number;
  status: FileStatus;
  assignedTo: string | null;
  /** The client's §7216 answer in force is a Yes: offshore staff may open the file. */
  offshoreAllowed: boolean;
};

/**
 * The client's §7216 answer in force is a Yes (not expired), read from the clients row's cache: offshore
 * staff may open the file. For a query that has `clients` in it.
 */
export const clientOffshoreAllowedSql = sql<boolean>`coalesce(${clients.offshoreConsent} = true and (${clients.offshoreConsentExpiresAt} is null or ${clients.offshoreConsentExpiresAt} > now()), false)`;

/**
 * The same for a query on `filings` alone: a subquery, so a filing's row lock never takes the client's row
 * with it.
 */
export const offshoreAllowedSql = sql<boolean>`coalesce((select ${clientOffshoreAllowedSql} from ${clients} where ${clients.id} = ${filings.clientId}), false)`;

/**
 * A new client's first filing, in To Be Assigned (or with the analyst who registered them), its history
 * starting there: the one way a registration opens a file.
 */
export async function openFiling(
  tx: Pick<Database, 'insert'>,
  input: {
    clientId: string;
    taxYear: number;
    assignedTo: string | null;
    comment: string | null;
    changedBy: string | null;
  },
): Promise<string> {
  const [filing] = await tx
    .insert(filings)
    .values({
      clientId: input.clientId,
      taxYear: input.taxYear,
      status: INITIAL_FILE_STATUS,
      assignedTo: input.assignedTo,
    })
    .returning({ id: filings.id });
  if (!filing) throw new Error('filing not created');
  await tx.insert(filingStatusHistory).values({
    filingId: filing.id,
    toStatus: INITIAL_FILE_STATUS,
    comment: input.comment,
    changedBy: input.changedBy,
  });
  return filing.id;
}

/** A filing by client and tax year, or by its id. */
export type FilingKey = { clientId: string; taxYear: number } | { filingId: string };

/**
 * The filing, or null. `lock` takes the row for the rest of the caller's transaction: 'update' to change
 * it, 'share' to rely on its status (a status change waits until the caller commits).
 */
export async function findFiling(
  db: Reader,
  key: FilingKey,
  lock?: 'update' | 'share',
): Promise<Filing | null> {
  const query = db
    .select({
      id: filings.id,
      clientId: filings.clientId,
      taxYear: filings.taxYear,
      status: filings.status,
      assignedTo: filings.assignedTo,
      offshoreAllowed: offshoreAllowedSql,
    })
    .from(filings)
    .where(
      'filingId' in key
        ? eq(filings.id, key.filingId)
        : and(eq(filings.clientId, key.clientId), eq(filings.taxYear, key.taxYear)),
    )
    .limit(1);
  const [filing] =
    lock === 'update' ? await query.for('update') : lock === 'share' ? await query.for('share') : await query;
  return filing ?? null;
}

/** The filing, or 404 "client not found" (staff ask for a client's file by its id). */
export async function getFiling(db: Reader, key: FilingKey, lock?: 'update' | 'share'): Promise<Filing> {
  const filing = await findFiling(db, key, lock);
  if (!filing) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  return filing;
}

/** The client's filing for the tax year, made (To Be Assigned, no history) when a new tax year has none. */
export async function ensureFiling(db: Database, clientId: string, taxYear: number): Promise<Filing> {
  const existing = await findFiling(db, { clientId, taxYear });
  if (existing) return existing;
  await db
    .insert(filings)
    .values({ clientId, taxYear, status: INITIAL_FILE_STATUS })
    .onConflictDoNothing({ target: [filings.clientId, filings.taxYear] });
  return getFiling(db, { clientId, taxYear });
}

type WorkedFiling = Pick<Filing, 'status' | 'assignedTo' | 'offshoreAllowed'>;

/**
 * Offshore staff (the India team) open a file only while its client's §7216 Yes is in force (issue 19): an
 * offshore admin too, and not even its triage view.
 */
export function assertOffshoreAllowed(actor: StaffActor, filing: Pick<Filing, 'offshoreAllowed'>): void {
  if (actor.offshore && !filing.offshoreAllowed) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.CLIENT_US_ONLY });
  }
}

/**
 * Admins work every file; an analyst only the files assigned to them (least privilege, review F-04). A file
 * waiting in To Be Assigned gives an analyst its triage view only (`isTriage`) until they take it: no
 * identity numbers, documents, profile, summaries, notes or status changes. Offshore staff are refused
 * first on a US-only file (`assertOffshoreAllowed`).
 */
export function assertCanWork(actor: StaffActor, filing: WorkedFiling): void {
  assertOffshoreAllowed(actor, filing);
  if (actor.role === 'admin' || filing.assignedTo === actor.userId) return;
  throw new AppError('FORBIDDEN', {
    message: isTriage(actor, filing) ? MESSAGES.CLIENT_NOT_TAKEN : MESSAGES.CLIENT_OTHER_ANALYST,
  });
}

/** An analyst before an unassigned To Be Assigned file: they see its triage view and may take it. */
export function isTriage(actor: StaffActor, filing: WorkedFiling): boolean {
  return (
    actor.role !== 'admin' &&
    filing.assignedTo === null &&
    filing.status === INITIAL_FILE_STATUS &&
    !(actor.offshore && !filing.offshoreAllowed)
  );
}

/**
 * The one SQL rule for "the filings this staff member may work", the set twin of `assertCanWork`, for every
 * list (queues, inbox, activity, digest): admins every filing, an analyst those assigned to them, and with
 * `triage` also the unassigned To Be Assigned files they may take; offshore staff only files whose client's
 * §7216 Yes is in force. `clientsJoined`: the query has the client's `clients` row in it (rows that carry a
 * client, such as messages and activity, left-join their filing), so the §7216 test reads that row. `kept`:
 * the query is on rows that keep their filing's id and analyst (My work's candidates, ADR 027), so the rule
 * reads those columns and reaches the filing only for the §7216 test.
 */
export function workableFilingsWhere(
  actor: Pick<StaffActor, 'userId' | 'role' | 'offshore'>,
  options: { triage?: boolean; clientsJoined?: boolean; kept?: { filingId: SQL; analystId: SQL } } = {},
): SQL | undefined {
  const { kept } = options;
  if (kept && options.triage) throw new Error('triage reads the filing itself: not with kept columns');
  const own = kept ? sql`${kept.analystId} = ${actor.userId}::uuid` : eq(filings.assignedTo, actor.userId);
  const assigned =
    actor.role === 'admin'
      ? undefined
      : options.triage
        ? or(own, and(isNull(filings.assignedTo), eq(filings.status, INITIAL_FILE_STATUS)))
        : own;
  const offshore = kept
    ? sql`exists (select 1 from ${filings} where ${filings.id} = ${kept.filingId} and ${offshoreAllowedSql})`
    : options.clientsJoined
      ? clientOffshoreAllowedSql
      : offshoreAllowedSql;
  return and(assigned, actor.offshore ? offshore : undefined);
}

/** The filing, if this staff member may work it (404 when there is none, 403 when it is another's). */
export async function getWorkableFiling(
  db: Reader,
  actor: StaffActor,
  key: FilingKey,
  lock?: 'update' | 'share',
): Promise<Filing> {
  const filing = await getFiling(db, key, lock);
  assertCanWork(actor, filing);
  return filing;
}

/** Editing is open without a filing yet, and while its status is still collecting information. */
export const isEditable = (status: FileStatus | null) => status === null || canEditProfile(status);

/**
 * Refuse a profile save once the filing's status closes editing (DESIGN.md). Call it inside the save's
 * transaction: the share lock holds the status until the save commits, so a status change made at the same
 * moment waits for it instead of slipping between this check and the save.
 */
export async function assertProfileEditable(tx: Reader, clientId: string, taxYear: number): Promise<void> {
  const filing = await findFiling(tx, { clientId, taxYear }, 'share');
  if (!isEditable(filing?.status ?? null)) {
    throw new AppError('PROFILE_LOCKED');
  }
}

/** Move a filing (already locked by the caller) and keep the move in its history. */
export async function recordStatusChange(
  tx: Pick<Database, 'update' | 'insert'>,
  filing: Pick<Filing, 'id' | 'status'>,
  to: FileStatus,
  why: { comment: string; changedBy: string | null },
): Promise<void> {
  await tx
    .update(filings)
    .set({ status: to, statusSince: sql`now()` })
    .where(eq(filings.id, filing.id));
  await tx.insert(filingStatusHistory).values({
    filingId: filing.id,
    fromStatus: filing.status,
    toStatus: to,
    comment: why.comment,
    changedBy: why.changedBy,
  });
}

/** Staff move the filing to any status, with the comment in its history and an e-mail to the client. */
export async function changeStatus(
  deps: { db: Database; voice: FirmVoice },
  actor: StaffActor,
  input: { clientId: string; taxYear: number; status: FileStatus; comment: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const filing = await getWorkableFiling(tx, actor, input, 'update');
    if (filing.status === input.status) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.STATUS_UNCHANGED });
    }
    await recordStatusChange(tx, filing, input.status, { comment: input.comment, changedBy: actor.userId });
    await fileStatusChanged(tx, deps.voice, {
      clientId: input.clientId,
      taxYear: input.taxYear,
      status: input.status,
    });
    await audit(tx, {
      actor,
      action: 'staff.client.status',
      clientId: input.clientId,
      subject: `${filing.status} -> ${input.status}`,
    });
  });
}

/**
 * Assign or change the client's file number; another client's number is refused. The right to work the file
 * is checked on the locked filing, in the transaction that writes (review F-11).
 */
export async function setFileNumber(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; fileNumber: string },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await getWorkableFiling(tx, actor, input, 'share');
      const [taken] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.fileNumber, input.fileNumber), ne(clients.id, input.clientId)));
      if (taken) throw new AppError('CONFLICT', { message: MESSAGES.FILE_NUMBER_TAKEN });
      await tx.update(clients).set({ fileNumber: input.fileNumber }).where(eq(clients.id, input.clientId));
      await audit(tx, {
        actor,
        action: 'staff.client.filenumber',
        clientId: input.clientId,
        subject: input.fileNumber,
      });
    });
  } catch (error) {
    // Two staff giving the same number at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: MESSAGES.FILE_NUMBER_TAKEN });
    throw error;
  }
}

/**
 * The staff member can be given work on this filing (its analyst, a deliverable's owner): an active analyst or
 * admin, and not an offshore member for a file they could not open. Else a 422 on `field`.
 */
export async function assertCanBeGiven(
  db: Reader,
  filing: Pick<Filing, 'offshoreAllowed'>,
  staffId: string,
  field: string,
): Promise<void> {
  const [member] = await db
    .select({ id: users.id, location: users.location })
    .from(users)
    .where(and(eq(users.id, staffId), inArray(users.role, ['analyst', 'admin']), accessInForceSql()));
  if (!member) throw AppError.onField('VALIDATION_FAILED', field, MESSAGES.ANALYST_INVALID);
  if (member.location === 'offshore' && !filing.offshoreAllowed) {
    throw AppError.onField('VALIDATION_FAILED', field, MESSAGES.CLIENT_US_ONLY);
  }
}

/**
 * The federal return's extension and due date (the filing is the federal return, issue 35): `dueOn` null goes
 * back to the rule's date. Undefined fields stay as they are.
 */
export async function setFederalDueDate(
  tx: Pick<Database, 'update'>,
  filingId: string,
  input: { extended?: boolean; dueOn?: string | null; dueReason?: string },
): Promise<void> {
  const change: Partial<typeof filings.$inferInsert> = {};
  if (input.extended !== undefined) change.extended = input.extended;
  if (input.dueOn !== undefined) {
    change.dueOn = input.dueOn;
    change.dueReason = input.dueOn === null ? null : (input.dueReason ?? null);
  }
  if (Object.keys(change).length > 0) await tx.update(filings).set(change).where(eq(filings.id, filingId));
}

/**
 * Admins give a filing to any staff member (or to none). An analyst takes an unassigned file waiting in To
 * Be Assigned ("Take this file"), checked on the locked row so two analysts taking it at once cannot both
 * have it: the second is told another analyst has it.
 */
export async function assignAnalyst(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; analystId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const filing = await getFiling(tx, input, 'update');
    assertOffshoreAllowed(actor, filing);
    if (actor.role !== 'admin') {
      if (input.analystId !== actor.userId) throw new AppError('FORBIDDEN', { message: MESSAGES.FORBIDDEN });
      if (filing.assignedTo === actor.userId) return;
      if (filing.assignedTo !== null) {
        throw new AppError('CONFLICT', { message: MESSAGES.CLIENT_ALREADY_TAKEN });
      }
      if (!isTriage(actor, filing)) {
        throw new AppError('FORBIDDEN', { message: MESSAGES.CLIENT_TAKE_NOT_OPEN });
      }
    }
    if (input.analystId) await assertCanBeGiven(tx, filing, input.analystId, 'analyst_id');
    await tx.update(filings).set({ assignedTo: input.analystId }).where(eq(filings.id, filing.id));
    // The deliverables the previous analyst owned go with the file (those anyone else owns, an admin, stay).
    const moved =
      filing.assignedTo && filing.assignedTo !== input.analystId
        ? await moveOwnedDeliverables(tx, filing.id, filing.assignedTo, input.analystId)
        : [];
    await audit(tx, {
      actor,
      action: 'staff.client.assign',
      clientId: input.clientId,
      subject: `${input.analystId ?? 'none'}${moved.length > 0 ? ` (deliverables: ${moved.join(', ')})` : ''}`,
    });
  });
}
