/**
 * Accounts: registration with e-mail verification, login, password reset by e-mailed link (client) or by a
 * staff-sent link, and password change. Every e-mail is written to the outbox in the transaction of the change
 * that causes it. Tokens are random and stored hashed; links are single use and expire.
 *
 * Wrong passwords are counted per account (`users.login_failures`, both doors); the tenth in a row locks
 * password sign-in for 15 minutes (429), a successful sign-in or a reset link starts the count again, so the
 * owner signing in often is never refused. Every sign-in, failure and lock is audited.
 */
import {
  INITIAL_FILE_STATUS,
  isStaffRole,
  MESSAGES,
  type registerBodySchema,
  type UserInfo,
} from '@taxfirm/contract';
import {
  and,
  authTokens,
  clients,
  eq,
  filings,
  gt,
  isNull,
  or,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { z } from 'zod';
import type { Actor, Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, hashedEmail } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { assertPasswordAllowed } from '../../lib/crypto/password-policy.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { revokeUserSessions } from './sessions.service.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { recordTermsAccepted } from '../consents/consents.service.ts';
import { openFiling } from '../filings/filings.service.ts';

const VERIFY_TTL_MS = 7 * 24 * 3_600_000;
const RESET_TTL_MS = 3_600_000;

export type AccountsDeps = {
  db: Database;
  appUrl: string;
  /** The firm's settings and e-mail voice (the settings cache). */
  settings: Pick<SettingsCache, 'get' | 'firm'>;
  /** Seals the one-time links of queued e-mails (F-03). */
  keyring: Keyring;
};

type RegisterInput = z.output<typeof registerBodySchema>;
type TokenKind = 'verify' | 'reset' | 'staff_reset' | 'mfa_login' | 'staff_mfa_login';
const MFA_LOGIN_TTL_MS = 5 * 60_000;

/** Wrong passwords in a row that lock an account's password sign-in, and for how long. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 15;

/** Which login a password comes through: the portal's (clients only) or the staff console's. */
export type Door = 'client' | 'staff';
/** The audit prefix of a door's events. */
const doorPrefix = (door: Door) => (door === 'staff' ? 'staff.' : '');

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

async function issueToken(
  db: Pick<Database, 'insert'>,
  userId: string,
  kind: TokenKind,
  ttlMs: number,
): Promise<{ id: string; secret: string }> {
  const secret = randomToken();
  const [row] = await db
    .insert(authTokens)
    .values({ userId, kind, tokenHash: hashToken(secret), expiresAt: new Date(Date.now() + ttlMs) })
    .returning({ id: authTokens.id });
  if (!row) throw new Error('token not stored');
  return { id: row.id, secret };
}

function verifyUrl(appUrl: string, token: { id: string; secret: string }): string {
  const query = new URLSearchParams({ tokenId: token.id, verifytoken: token.secret });
  return `${appUrl}/accountverifyuser?${query.toString()}`;
}

/**
 * A client's account: the user (an address no other account holds, in any case), the client and the tax
 * year's filing with its first status entry. Registration and a staff invitation both make one; the caller's
 * transaction holds it, and a race for the address ends in the unique index (`isUniqueViolation`).
 */
export async function createClientAccount(
  tx: Pick<Database, 'select' | 'insert'>,
  input: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    phone: string;
    phoneExt: string;
    taxYear: number;
    /** The analyst who takes the file at once (an analyst's own invitation), else null: To Be Assigned. */
    assignedTo: string | null;
    /** The first status entry's comment (where the account came from) and who made it, if staff did. */
    comment: string;
    changedBy: string | null;
  },
): Promise<{ userId: string; clientId: string }> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing) throw new AppError('EMAIL_IN_USE');
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      role: 'client',
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [client] = await tx
    .insert(clients)
    .values({
      userId: user.id,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      phoneExt: input.phoneExt,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client not created');
  await openFiling(tx, {
    clientId: client.id,
    taxYear: input.taxYear,
    assignedTo: input.assignedTo,
    comment: input.comment,
    changedBy: input.changedBy,
  });
  return { userId: user.id, clientId: client.id };
}

/**
 * Create the user, the client and this tax year's filing, record the terms ticked on the form (version, IP,
 * browser), and e-mail the verification link.
 */
export async function register(deps: AccountsDeps, input: RegisterInput, origin: Origin): Promise<void> {
  assertPasswordAllowed(input.password, 'password');
  const settings = await deps.settings.get();
  const firm = await deps.settings.firm();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      const { userId, clientId } = await createClientAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        phoneExt: input.mobileCountry,
        taxYear: settings.current_tax_year,
        assignedTo: null,
        comment: 'Registered in the client portal',
        changedBy: null,
      });
      await recordTermsAccepted(tx, { clientId, userId, origin });
      const token = await issueToken(tx, userId, 'verify', VERIFY_TTL_MS);
      const url = verifyUrl(deps.appUrl, token);
      await enqueueEmail(tx, input.email, templates.verifyAccount(firm, input.first_name, url), {
        url,
        keyring: deps.keyring,
      });
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
}

/** A live token of this kind for this secret (unused, unexpired), or null. */
async function liveToken(db: Database, kind: TokenKind, secret: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(secret)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Verify an account from its link; refuses unknown, used and expired links alike. */
export async function verifyAccount(db: Database, tokenId: string, secret: string): Promise<void> {
  const token = await liveToken(db, 'verify', secret);
  if (!token || token.id !== tokenId) {
    throw new AppError('VALIDATION_FAILED', { message: MESSAGES.VERIFY_LINK_INVALID });
  }
  await db.transaction(async (tx) => {
    const used = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.id, token.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (used.length === 0) throw new AppError('VALIDATION_FAILED', { message: MESSAGES.VERIFY_LINK_INVALID });
    await tx
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, token.userId));
  });
}

/** E-mail a fresh verification link to an unverified client account; silent otherwise. */
export async function resendVerification(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user || user.verifiedAt || user.role !== 'client') return;
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'verify', VERIFY_TTL_MS);
    const url = verifyUrl(deps.appUrl, token);
    await enqueueEmail(tx, user.email, templates.verifyAccount(firm, user.firstName, url), {
      url,
      keyring: deps.keyring,
    });
  });
}

type UserRow = typeof users.$inferSelect;

/** Someone at a login, trying the account `userId` (null: an address nobody owns). */
const visitor = (origin: Origin, userId: string | null): Actor => ({ kind: 'visitor', userId, ...origin });

const isLoginLocked = (user: UserRow) =>
  user.loginLockedUntil !== null && user.loginLockedUntil.getTime() > Date.now();

/**
 * Count a wrong password (or a right one at the wrong door: that too is a failed sign-in, so the count never
 * tells which). The tenth in a row locks the account's password sign-in and starts the count again; the
 * count, the lock and their audit rows commit together.
 */
async function recordLoginFailure(db: Database, door: Door, user: UserRow, origin: Origin, why: string) {
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
  const wrongDoor =
    door === 'client'
      ? user.role !== 'client' && 'staff account at the client login'
      : user.role === 'client'
        ? 'client account at the staff login'
        : user.deactivatedAt !== null && 'deactivated';
  if (!ok || wrongDoor) {
    await recordLoginFailure(db, door, user, origin, ok ? String(wrongDoor) : 'wrong password');
    throw new AppError('LOGIN_INVALID');
  }
  const cleared = await db
    .update(users)
    .set({ loginFailures: 0, loginLockedUntil: null })
    .where(
      and(eq(users.id, user.id), or(isNull(users.loginLockedUntil), sql`${users.loginLockedUntil} <= now()`)),
    )
    .returning({ id: users.id });
  if (cleared.length === 0) throw new AppError('TOO_MANY_REQUESTS');
  return user;
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
  how: 'password' | 'password+authenticator' | 'password+recovery code' | 'password+enrolment',
): Promise<void> {
  await audit(db, {
    actor: visitor(origin, userId),
    action: `${doorPrefix(door)}signin.succeeded`,
    subject: how,
  });
}

/** How long a staff-sent or set-up link (resetpasswordlink/{id}) stays live. */
export const RESET_LINK_TTL_MS = 24 * 3_600_000;

/**
 * A one-time link to set the account's password (resetpasswordlink/{id}): staff send it to clients, and a new
 * staff member gets one from `npm run staff:create`.
 */
export async function createResetLink(
  db: Pick<Database, 'insert'>,
  appUrl: string,
  userId: string,
  ttlMs: number = RESET_LINK_TTL_MS,
): Promise<string> {
  const token = await issueToken(db, userId, 'staff_reset', ttlMs);
  return `${appUrl}/resetpasswordlink/${token.secret}`;
}

/** The spec's uinfo for a client user: the filing of the current tax year gives the file status. */
export async function userInfo(db: Database, userId: string, taxYear: number): Promise<UserInfo> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      clientId: clients.id,
      fileNumber: clients.fileNumber,
      status: filings.status,
    })
    .from(users)
    .innerJoin(clients, eq(clients.userId, users.id))
    .leftJoin(filings, and(eq(filings.clientId, clients.id), eq(filings.taxYear, taxYear)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  return {
    user_id: row.userId,
    client_id: row.clientId,
    user_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    filestatus: row.status ?? INITIAL_FILE_STATUS,
    userstate: 'active',
    filenumber: row.fileNumber,
  };
}

/** E-mail a password-reset link when the address belongs to a client; silent otherwise. */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user || user.role !== 'client') return;
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    // A new link replaces any earlier one.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset'), isNull(authTokens.usedAt)));
    const token = await issueToken(tx, user.id, 'reset', RESET_TTL_MS);
    const query = new URLSearchParams({ tokenId: token.secret, userid: user.id });
    const url = `${deps.appUrl}/newpasswordlink?${query.toString()}`;
    await enqueueEmail(tx, user.email, templates.resetPassword(firm, user.firstName, url), {
      url,
      keyring: deps.keyring,
    });
  });
}

/** Is a staff-sent reset link (resetpasswordlink/{id}) still live? */
export async function isStaffResetLinkLive(db: Database, secret: string): Promise<boolean> {
  return (await liveToken(db, 'staff_reset', secret)) !== null;
}

/**
 * Set a new password from a reset link (one use), end every session of the account and tell the owner by
 * e-mail. `userId`, when the link carries one, must be the token's own.
 */
export async function resetPasswordWithToken(
  deps: AccountsDeps,
  kind: 'reset' | 'staff_reset',
  secret: string,
  newPassword: string,
  origin: Origin,
  userId?: string,
): Promise<void> {
  const token = await liveToken(deps.db, kind, secret);
  if (!token || (userId !== undefined && token.userId !== userId)) {
    throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
  }
  assertPasswordAllowed(newPassword, 'newpassword');
  await setPassword(deps, token.userId, newPassword, {
    usedToken: token.id,
    audit: {
      actor: visitor(origin, token.userId),
      action: 'password.reset',
      subject: kind === 'reset' ? 'e-mailed link' : 'staff-sent or set-up link',
    },
  });
}

/**
 * Change the session's own password after checking the old one; other sessions end. `andThen` adds writes
 * to the change's transaction (a staff change's audit row).
 */
export async function changePassword(
  deps: AccountsDeps,
  userId: string,
  oldPassword: string,
  newPassword: string,
  currentSessionId: string,
  actor: Actor,
): Promise<void> {
  assertPasswordAllowed(newPassword, 'password');
  const prefix = actor.kind === 'staff' ? 'staff.' : '';
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    await audit(deps.db, { actor, action: `${prefix}password.change.failed`, subject: 'wrong old password' });
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.OLD_PASSWORD_WRONG,
      details: { oldpassword: MESSAGES.OLD_PASSWORD_WRONG },
    });
  }
  await setPassword(deps, userId, newPassword, {
    keepSession: currentSessionId,
    audit: { actor, action: `${prefix}password.changed` },
  });
}

async function setPassword(
  deps: AccountsDeps,
  userId: string,
  newPassword: string,
  options: {
    usedToken?: string;
    keepSession?: string;
    audit: { actor: Actor; action: string; subject?: string };
  },
): Promise<void> {
  const firm = await deps.settings.firm();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    if (options.usedToken) {
      const used = await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, options.usedToken), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (used.length === 0)
        throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
    }
    const [user] = await tx
      .update(users)
      // A reset link proves the address, so it also verifies an account that was not yet verified, and
      // lifts a lock on password sign-in (the owner need not wait out an attacker's guesses).
      .set({
        passwordHash,
        passwordChangedAt: new Date(),
        ...(options.usedToken
          ? {
              verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
              loginFailures: 0,
              loginLockedUntil: null,
            }
          : {}),
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email, firstName: users.firstName });
    if (!user) throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
    await revokeUserSessions(tx, userId, options.keepSession);
    await enqueueEmail(tx, user.email, templates.passwordChanged(firm, user.firstName));
    await audit(tx, options.audit);
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
  const used = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (used.length === 0) throw new AppError('MFA_LOGIN_EXPIRED');
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
  const ready = user && isStaffRole(user.role) && user.deactivatedAt === null;
  if (!ready || (step === 'mfa') !== Boolean(user.mfaEnabledAt)) {
    throw new AppError('MFA_LOGIN_EXPIRED');
  }
  return { tokenId, user };
}
