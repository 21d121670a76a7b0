/**
 * The daily digest for staff who chose it (issue 18, parts 4 and 5): once a day, at the firm's digest hour
 * (site settings, in the firm's time zone), one e-mail per staff member listing, by client, what happened on
 * the files they may work since their last digest (the last 24 hours for a first one): how many client
 * messages are still unread, and what the client did ("uploaded 2 files (W2)", "paid $350.00"). Never the
 * text of a message nor anything from a document. Nothing to say, no e-mail; the digest still counts as sent.
 * Staff who chose 'each' hear of every message as it comes and are not in the digest.
 *
 * Several instances may run passes at once: each staff member is claimed with FOR NO KEY UPDATE SKIP LOCKED
 * (a claim another instance holds is skipped; it does not block their sign-ins, which take KEY SHARE) and is
 * checked again under the claim, in the transaction that queues the e-mail and moves `digest_sent_at`, so a
 * staff member gets one digest a day however many instances run.
 */
import {
  and,
  asc,
  clients,
  count,
  eq,
  filings,
  gt,
  inArray,
  isNull,
  lte,
  messages,
  ne,
  or,
  siteSettings,
  sql,
  staffActivity,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import { mailingScheduler, type Scheduler } from '../../lib/scheduler.ts';
import { firmInstantSql, firmTodaySql } from '../../lib/firm-time.ts';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';
import { filingOfActivity } from './activity.service.ts';
import { accessInForceSql } from '../accounts/access.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where the digest's one link points: the staff console's home (its activity feed and inbox badge). */
export const DIGEST_PATH = '/staff';
/** The firm's digest hour when the settings row is missing (the column's default). */
const DEFAULT_DIGEST_HOUR = 7;
/** What one client's line lists at most; the rest is counted ("and 3 more"). */
const MAX_EVENTS_PER_CLIENT = 5;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** A pass every ten minutes: a digest leaves at most that long after the hour. */
export const DEFAULT_DIGEST_INTERVAL_MS = 10 * 60_000;
/** The first pass waits this long after start, off the start-up path. */
export const DEFAULT_DIGEST_FIRST_RUN_MS = 3 * 60_000;

/** Today's digest time at `now`: the firm's calendar day at `hour`, in the firm's time zone, as an instant. */
const digestTimeAt = (now: Date, hour: number) => firmInstantSql(firmTodaySql(now), { hours: hour });

/** An active staff member who chose the digest, whose digest of today is due at `now` and not sent yet. */
function isDue(now: Date, hour: number): SQL {
  const today = digestTimeAt(now, hour);
  return and(
    inArray(users.role, ['analyst', 'admin']),
    accessInForceSql(now),
    eq(users.staffAlerts, 'digest'),
    sql`${now.toISOString()}::timestamptz >= ${today}`,
    or(isNull(users.digestSentAt), sql`${users.digestSentAt} < ${today}`),
  ) as SQL;
}

async function getDigestHour(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db.select({ hour: siteSettings.digestHour }).from(siteSettings).limit(1);
  return row?.hour ?? DEFAULT_DIGEST_HOUR;
}

type Staff = { userId: string; role: 'analyst' | 'admin'; offshore: boolean };
type Window = { since: Date; until: Date };

/** How a digest line names a client: the name and the file number. */
const clientNaming = {
  firstName: clients.firstName,
  lastName: clients.lastName,
  fileNumber: clients.fileNumber,
};

/** What each client did in the window on the files `staff` may work (messages counted elsewhere), oldest first. */
function activityFor(tx: Tx, staff: Staff, window: Window) {
  return tx
    .select({
      clientId: staffActivity.clientId,
      ...clientNaming,
      summary: staffActivity.summary,
    })
    .from(staffActivity)
    .innerJoin(clients, eq(clients.id, staffActivity.clientId))
    .leftJoin(filings, filingOfActivity)
    .where(
      and(
        workableFilingsWhere(staff, { clientsJoined: true }),
        // A message is told as the count of unread ones below, never as its own line.
        ne(staffActivity.kind, 'message'),
        gt(staffActivity.createdAt, window.since),
        lte(staffActivity.createdAt, window.until),
      ),
    )
    .orderBy(asc(staffActivity.createdAt), asc(staffActivity.id));
}

/** How many of each client's messages in the window nobody at the firm has read, on the files `staff` may work. */
function unreadMessagesFor(tx: Tx, staff: Staff, window: Window) {
  return tx
    .select({
      clientId: messages.clientId,
      ...clientNaming,
      unread: count(),
    })
    .from(messages)
    .innerJoin(clients, eq(clients.id, messages.clientId))
    .leftJoin(filings, and(eq(filings.clientId, messages.clientId), eq(filings.taxYear, messages.taxYear)))
    .where(
      and(
        workableFilingsWhere(staff, { clientsJoined: true }),
        eq(messages.authorKind, 'client'),
        eq(messages.internal, false),
        isNull(messages.readAt),
        gt(messages.createdAt, window.since),
        lte(messages.createdAt, window.until),
      ),
    )
    .groupBy(messages.clientId, clients.firstName, clients.lastName, clients.fileNumber);
}

/** "Sent …" reads "sent …" after a client's name and a comma. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The digest's lines, one per client, by name: "Asha Rao (TF25-0001): 2 messages, uploaded 3 files (W2),
 * paid $350.00". Counts and what happened, never a message's text.
 */
async function digestLines(tx: Tx, staff: Staff, window: Window): Promise<string[]> {
  const byClient = new Map<string, { label: string; messages: number; events: string[] }>();
  const entry = (row: {
    clientId: string;
    firstName: string;
    lastName: string;
    fileNumber: string | null;
  }) => {
    let found = byClient.get(row.clientId);
    if (!found) {
      const name = `${row.firstName} ${row.lastName}`;
      found = { label: row.fileNumber ? `${name} (${row.fileNumber})` : name, messages: 0, events: [] };
      byClient.set(row.clientId, found);
    }
    return found;
  };
  for (const row of await unreadMessagesFor(tx, staff, window)) entry(row).messages = row.unread;
  for (const row of await activityFor(tx, staff, window)) entry(row).events.push(lowerFirst(row.summary));
  return [...byClient.values()]
    .sort((a, b) => a.label.localeCompare(b.label))
    .map(({ label, messages: unread, events }) => {
      const parts = [
        ...(unread > 0 ? [`${unread} unread message${unread === 1 ? '' : 's'}`] : []),
        ...events.slice(0, MAX_EVENTS_PER_CLIENT),
        ...(events.length > MAX_EVENTS_PER_CLIENT
          ? [`and ${events.length - MAX_EVENTS_PER_CLIENT} more`]
          : []),
      ];
      return `${label}: ${parts.join(', ')}`;
    });
}

export type DigestPassResult = {
  /** The staff members whose digest was e-mailed in this pass. */
  sent: string[];
  /** The staff members whose digest was due but had nothing to say (their timestamp moved all the same). */
  empty: string[];
};

/**
 * One pass at `now`: every staff member whose digest is due gets it (or, with nothing to say, only their
 * timestamp moves). A staff member another pass holds is skipped; one that fails is logged, the others go on.
 */
export async function runDigestPass(
  db: Database,
  {
    now,
    settings,
    appUrl,
    log,
  }: { now: Date; settings: Pick<SettingsCache, 'firm'>; appUrl: string; log?: FastifyBaseLogger },
): Promise<DigestPassResult> {
  const result: DigestPassResult = { sent: [], empty: [] };
  const hour = await getDigestHour(db);
  const due = await db.select({ id: users.id }).from(users).where(isDue(now, hour));
  if (due.length === 0) return result;
  const firm = await settings.firm();

  for (const { id } of due) {
    try {
      const outcome = await db.transaction(async (tx) => {
        // The claim, with the due check again: a pass that just finished has moved the timestamp.
        const [staff] = await tx
          .select({
            userId: users.id,
            role: users.role,
            location: users.location,
            email: users.email,
            firstName: users.firstName,
            digestSentAt: users.digestSentAt,
          })
          .from(users)
          .where(and(eq(users.id, id), isDue(now, hour)))
          .for('no key update', { skipLocked: true });
        if (!staff || staff.role === 'client') return null;
        const window = { since: staff.digestSentAt ?? new Date(now.getTime() - DAY_MS), until: now };
        const lines = await digestLines(
          tx,
          { userId: staff.userId, role: staff.role, offshore: staff.location === 'offshore' },
          window,
        );
        if (lines.length > 0) {
          await enqueueEmail(
            tx,
            staff.email,
            templates.staffDigest(firm, staff.firstName, lines, `${appUrl}${DIGEST_PATH}`),
          );
        }
        await tx.update(users).set({ digestSentAt: now }).where(eq(users.id, staff.userId));
        return lines.length > 0 ? 'sent' : 'empty';
      });
      if (outcome) result[outcome].push(id);
    } catch (error) {
      log?.error({ err: error, userId: id }, 'staff digest failed');
    }
  }
  if (result.sent.length > 0) log?.info({ count: result.sent.length }, 'staff digests sent');
  return result;
}

export type DigestScheduler = Scheduler<DigestPassResult>;

/** A pass shortly after start, then every interval, until stopped (lib/scheduler.ts). Never throws. */
export const startDigestScheduler = mailingScheduler(
  'staff digest',
  { intervalMs: DEFAULT_DIGEST_INTERVAL_MS, firstRunMs: DEFAULT_DIGEST_FIRST_RUN_MS },
  runDigestPass,
);
