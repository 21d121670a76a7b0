/**
 * Server-side sessions (DESIGN.md "Identity and sessions"): the cookie holds a random token, the database its
 * SHA-256. A session ends after 20 minutes without activity, 12 hours after login whatever the activity, at
 * logout, and when the account's password changes.
 */
import { INACTIVITY_LIMIT_MINUTES, SESSION_ABSOLUTE_HOURS } from '@taxfirm/contract';
import {
  and,
  clients,
  eq,
  gt,
  householdMembers,
  inArray,
  isNull,
  ne,
  sessions,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import { audit } from '../../lib/audit.ts';
import { SYSTEM } from '../../lib/actor.ts';
import type { SessionUser } from '../../types/fastify.d.ts';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { accessInForceOn } from './access.ts';

/**
 * The session cookie's name. Over https it is `__Host-sid`: browsers accept a `__Host-` cookie only with
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant one (login as the attacker) and this one
 * never leaks to subdomains. Over plain http (development, tests) browsers would refuse it, so it is `sid`.
 * Each server reads only its own name: a planted plain `sid` means nothing in production.
 */
export function sessionCookieName(secureCookies: boolean): string {
  return secureCookies ? '__Host-sid' : 'sid';
}
export const IDLE_MS = INACTIVITY_LIMIT_MINUTES * 60_000;
export const ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 3_600_000;
/** Activity is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 30_000;

export type ActiveSession = { id: string; user: SessionUser; lastSeenAt: Date };

/** Start a session for a user; returns the token for the cookie (the only place it exists in clear). */
export async function createSession(
  db: Database,
  userId: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; id: string }> {
  const token = randomToken();
  const now = Date.now();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + ABSOLUTE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return { token, id: row.id };
}

/**
 * The session lookup every API request makes, built once per database and run as one prepared statement
 * (drizzle builds its SQL once; PostgreSQL parses it once per connection): the session, its user, the
 * user's client or household membership, in one round trip. Placeholders: the token's hash, the time, the
 * idle cut-off and the firm's day (for the account's access end date).
 */
function sessionLookup(db: Database) {
  return db
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      email: users.email,
      clientId: clients.id,
      location: users.location,
      // A household member's session serves the household's file (issue 38), with the member's rights.
      memberClientId: householdMembers.clientId,
      memberKind: householdMembers.kind,
      memberCanUpload: householdMembers.canUpload,
      memberCanMessage: householdMembers.canMessage,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(householdMembers, and(eq(householdMembers.userId, users.id), eq(users.role, 'client')))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        accessInForceOn(sql`${sql.placeholder('today')}::date`),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
const lookups = new WeakMap<Database, ReturnType<typeof sessionLookup>>();

/** The live session a token belongs to, or null (unknown, revoked, idle too long or past its lifetime). */
export async function findSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({
    tokenHash: hashToken(token),
    today: firmToday(now),
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - IDLE_MS).toISOString(),
  });
  if (!row) return null;
  return {
    id: row.id,
    lastSeenAt: row.lastSeenAt,
    user: {
      id: row.userId,
      role: row.role,
      clientId: row.clientId ?? row.memberClientId,
      email: row.email,
      offshore: row.role !== 'client' && row.location === 'offshore',
      member:
        row.clientId === null && row.memberKind !== null
          ? {
              kind: row.memberKind,
              // A spouse has the holder's rights on the file; a delegate the holder's choice.
              canUpload: row.memberKind === 'spouse' || row.memberCanUpload === true,
              canMessage: row.memberKind === 'spouse' || row.memberCanMessage === true,
            }
          : null,
    },
  };
}

/**
 * When this process last wrote each session's activity: concurrent requests of one session all read the
 * same `lastSeenAt`, and without this each of them would write it (and wait on the row's lock in turn).
 */
const touchedAt = new Map<string, number>();
const TOUCHED_KEPT = 10_000;

/**
 * Record activity, at most every 30 s per session (and once per process for concurrent requests). The idle
 * limit is checked against the stored `lastSeenAt`, so a session may end up to 30 s before 20 minutes
 * after its last request, never later.
 */
export async function touchSession(db: Database, session: ActiveSession, now = new Date()): Promise<void> {
  const at = now.getTime();
  const last = Math.max(session.lastSeenAt.getTime(), touchedAt.get(session.id) ?? 0);
  if (at - last < TOUCH_EVERY_MS) return;
  if (touchedAt.size >= TOUCHED_KEPT) {
    for (const [id, t] of touchedAt) if (at - t >= TOUCH_EVERY_MS) touchedAt.delete(id);
  }
  touchedAt.set(session.id, at);
  try {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  } catch (error) {
    if (touchedAt.get(session.id) === at) touchedAt.delete(session.id);
    throw error;
  }
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** End every session of a user, or every one but `keep`. */
export async function revokeUserSessions(
  db: Pick<Database, 'update'>,
  userId: string,
  keep?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    );
}

/** Whose sessions an operator ends at once (`npm run sessions:revoke`): everyone, staff, clients or one account. */
export type RevokeScope =
  { kind: 'all' } | { kind: 'staff' } | { kind: 'clients' } | { kind: 'email'; email: string };

/**
 * End every live session in `scope` (after a suspected breach: docs/operations.md), audited as the system.
 * Answers how many sessions ended; an unknown e-mail ends none.
 */
export async function revokeSessionsInScope(db: Database, scope: RevokeScope): Promise<number> {
  const holders =
    scope.kind === 'all'
      ? undefined
      : db
          .select({ id: users.id })
          .from(users)
          .where(
            scope.kind === 'email'
              ? sql`lower(${users.email}) = ${scope.email.trim().toLowerCase()}`
              : scope.kind === 'staff'
                ? inArray(users.role, ['admin', 'analyst'])
                : eq(users.role, 'client'),
          );
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(isNull(sessions.revokedAt), holders ? inArray(sessions.userId, holders) : undefined))
      .returning({ id: sessions.id });
    await audit(tx, {
      actor: SYSTEM,
      action: 'sessions.revoked',
      subject: `${scope.kind === 'email' ? 'one account' : scope.kind}: ${ended.length}`,
    });
    return ended.length;
  });
}
