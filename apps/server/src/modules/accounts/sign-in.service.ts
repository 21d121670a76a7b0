/**
 * Signing in at either door (the portal's, the staff console's): the password check, the second step's
 * token, the sign-in's audit row and the owner's notice.
 *
 * Wrong passwords are counted per account (`users.login_failures`, both doors); the tenth in a row locks
 * password sign-in for 15 minutes (429), a successful sign-in or a reset link starts the count again, so the
 * owner signing in often is never refused. Every sign-in, failure and lock is audited.
 */
import { isStaffRole } from '@taxfirm/contract';
import { and, eq, isNull, loginCodes, or, sql, users, type Database } from '@taxfirm/db';
import type { Actor, Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, hashedEmail } from '../../lib/audit.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { issueToken, liveToken, useUpToken } from './account-tokens.ts';
import { byEmail, type AccountsDeps } from './accounts.service.ts';
import { accessInForce } from './access.ts';

const MFA_LOGIN_TTL_MS = 5 * 60_000;

/** Wrong passwords in a row that lock an account's password sign-in, and for how long. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 15;

/** Which login a password comes through: the portal's (clients only) or the staff console's. */
export type Door = 'client' | 'staff';
/** The audit prefix of a door's events. */
const doorPrefix = (door: Door) => (door === 'staff' ? 'staff.' : '');

type UserRow = typeof users.$inferSelect;

/** Someone at a login, trying the account `userId` (null: an address nobody owns). */
export const visitor = (origin: Origin, userId: string | null): Actor => ({
  kind: 'visitor',
  userId,
  ...origin,
});

export const isLoginLocked = (user: Pick<UserRow, 'loginLockedUntil'>) =>
  user.loginLockedUntil !== null && user.loginLockedUntil.getTime() > Date.now();

/**
 * Count a wrong password (or a right one at the wrong door: that too is a failed sign-in, so the count never
 * tells which). The tenth in a row locks the account's password sign-in and starts the count again; the
 * count, the lock and their audit rows commit together.
 */
export async function recordLoginFailure(
  db: Database,
  door: Door,
  user: Pick<UserRow, 'id'>,
  origin: Origin,
  why: string,
) {
  const actor = visitor(origin, user.id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ loginFailures: sql`${users.loginFailures} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failures: users.loginFailures });
    await audit(tx, { actor, action: `${doorPrefix(door)}signin.failed`, subject: why });
    if (!row || row.failures < LOGIN_MAX_FAILURES) return;
    await tx
      .update(users)
      .set({ loginFailures: 0, loginLockedUntil: sql`now() + make_interval(mins => ${LOGIN_LOCK_MINUTES})` })
      .where(eq(users.id, user.id));
    // A lock also voids the e-mailed sign-in codes still live: a new one must be asked for afterwards.
    await tx
      .update(loginCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.usedAt)));
    await audit(tx, {
      actor,
      action: `${doorPrefix(door)}signin.locked`,
      subject: `${LOGIN_MAX_FAILURES} wrong passwords; ${LOGIN_LOCK_MINUTES} minutes`,
    });
  });
}

/**
 * Check a password at a door. Unknown e-mail, wrong password and an account of the other door all answer
 * the same (LOGIN_INVALID), after the same password-hashing work; a locked account answers 429 without
 * looking at the password. A right password starts the count again, unless a lock came down meanwhile.
 */
async function checkPassword(db: Database, door: Door, email: string, password: string, origin: Origin) {
  const prefix = doorPrefix(door);
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  if (user && isLoginLocked(user)) {
    await audit(db, { actor: visitor(origin, user.id), action: `${prefix}signin.failed`, subject: 'locked' });
    throw new AppError('TOO_MANY_REQUESTS');
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user) {
    // Nobody's address: keep only its hash.
    await audit(db, {
      actor: visitor(origin, null),
      action: `${prefix}signin.failed`,
      subject: hashedEmail(email),
    });
    throw new AppError('LOGIN_INVALID');
  }
  // A deactivated member gets the same answer as a wrong password: nothing tells who is on the staff.
  const wrongDoor = wrongDoorOf(door, user);
  if (!ok || wrongDoor) {
    await recordLoginFailure(db, door, user, origin, ok ? String(wrongDoor) : 'wrong password');
    throw new AppError('LOGIN_INVALID');
  }
  await clearLoginFailures(db, user.id);
  return user;
}

/**
 * Why an account may not sign in at this door (false: it may): a staff account at the portal, a client at
 * the console, a member deactivated or past their last day. Passwords, codes and passkeys share it.
 */
export function wrongDoorOf(
  door: Door,
  user: Pick<UserRow, 'role' | 'deactivatedAt' | 'accessEndsOn'>,
): string | false {
  if (door === 'client') return user.role !== 'client' && 'staff account at the client login';
  if (user.role === 'client') return 'client account at the staff login';
  return !accessInForce(user) && (user.deactivatedAt !== null ? 'deactivated' : 'access ended');
}

/**
 * A right first factor (a password, an e-mailed code) starts the count of wrong ones again, unless a lock
 * came down meanwhile (a concurrent wrong one), which refuses this one too.
 */
export async function clearLoginFailures(db: Database, userId: string): Promise<void> {
  const cleared = await db
    .update(users)
    .set({ loginFailures: 0, loginLockedUntil: null })
    .where(
      and(eq(users.id, userId), or(isNull(users.loginLockedUntil), sql`${users.loginLockedUntil} <= now()`)),
    )
    .returning({ id: users.id });
  if (cleared.length === 0) throw new AppError('TOO_MANY_REQUESTS');
}

/**
 * Check a client's credentials at the portal's login. Only a correct password learns that the account is
 * unverified.
 */
export async function checkCredentials(db: Database, email: string, password: string, origin: Origin) {
  const user = await checkPassword(db, 'client', email, password, origin);
  if (!user.verifiedAt) {
    await audit(db, { actor: visitor(origin, user.id), action: 'signin.failed', subject: 'not verified' });
    throw new AppError('LOGIN_NOT_VERIFIED');
  }
  return user;
}

/** Check a staff member's credentials at the staff login (clients and deactivated members are refused). */
export async function checkStaffCredentials(db: Database, email: string, password: string, origin: Origin) {
  return checkPassword(db, 'staff', email, password, origin);
}

/** Audit a finished sign-in (a session was started): `how` names the factors used. */
export async function auditSignIn(
  db: Database,
  door: Door,
  userId: string,
  origin: Origin,
  how:
    | 'password'
    | 'password+authenticator'
    | 'password+recovery code'
    | 'password+enrolment'
    | 'passkey'
    | 'e-mailed code'
    | 'reset link',
): Promise<void> {
  await audit(db, {
    actor: visitor(origin, userId),
    action: `${doorPrefix(door)}signin.succeeded`,
    subject: how,
  });
}

/**
 * A correct password with MFA on (or, for staff, still to enrol): a 5-minute, single-use token for the
 * second step, of its door's own kind, so that each door accepts only its own tokens.
 */
export async function startMfaLogin(db: Database, userId: string, door: Door): Promise<string> {
  const kind = door === 'staff' ? 'staff_mfa_login' : 'mfa_login';
  return (await issueToken(db, userId, kind, MFA_LOGIN_TTL_MS)).secret;
}

/**
 * The client a live second-step token of the portal belongs to; refused once used or expired, and a staff
 * token (or any token of a staff member) gets exactly the same answer as an unknown one.
 */
export async function mfaLoginUser(
  db: Database,
  secret: string,
): Promise<{ tokenId: string; userId: string }> {
  const token = await liveToken(db, 'mfa_login', secret);
  if (!token) throw new AppError('MFA_LOGIN_EXPIRED');
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, token.userId)).limit(1);
  if (user?.role !== 'client') throw new AppError('MFA_LOGIN_EXPIRED');
  return { tokenId: token.id, userId: token.userId };
}

/** Use up a second-step token (once). */
export async function finishMfaLogin(db: Database, tokenId: string): Promise<void> {
  if (!(await useUpToken(db, tokenId))) throw new AppError('MFA_LOGIN_EXPIRED');
}

/**
 * Tell the account's owner that it was signed in with a second factor (and whether a recovery code was
 * used), so a sign-in they did not make does not go unnoticed. Client and staff sign-ins share it.
 */
export async function noteNewSignIn(
  deps: Pick<AccountsDeps, 'db' | 'settings'>,
  userId: string,
  how: { withRecoveryCode: boolean },
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  await enqueueEmail(
    deps.db,
    user.email,
    templates.newSignIn(
      await deps.settings.firm(),
      user.firstName,
      new Date().toUTCString(),
      how.withRecoveryCode,
    ),
  );
}

/**
 * The staff member a live second-step token belongs to, at the step the token is for: `mfa` (MFA is on)
 * or `enrol` (not yet). Anything else (a client, a deactivated member, the wrong step) is an expired login.
 */
export async function staffStepUser(db: Database, secret: string, step: 'mfa' | 'enrol') {
  const token = await liveToken(db, 'staff_mfa_login', secret);
  if (!token) throw new AppError('MFA_LOGIN_EXPIRED');
  const tokenId = token.id;
  const [user] = await db.select().from(users).where(eq(users.id, token.userId)).limit(1);
  const ready = user && isStaffRole(user.role) && accessInForce(user);
  if (!ready || (step === 'mfa') !== Boolean(user.mfaEnabledAt)) {
    throw new AppError('MFA_LOGIN_EXPIRED');
  }
  return { tokenId, user };
}
