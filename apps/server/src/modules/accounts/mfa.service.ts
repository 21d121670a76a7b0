/**
 * Two-step verification (TOTP, RFC 6238) with ten one-time recovery codes. The secret is sealed by the
 * server's keyring; recovery codes are kept as argon2id hashes. While it is on, a correct password only
 * earns a 5-minute, single-use login token, exchanged for a session with a code.
 *
 * Wrong codes are counted per account (`users.mfa_failures`), whichever door, token or call they come
 * through (security review F-01). The fifth in a row locks the second factor for 15 minutes: every live
 * second-step token of the account dies, the owner gets one e-mail, and the lock is audited, all in one
 * transaction. While locked every attempt answers 429 'Too many attempts...' without looking at the code.
 */
import { randomBytes } from 'node:crypto';
import { isStaffRole, MESSAGES } from '@taxfirm/contract';
import {
  and,
  authTokens,
  eq,
  inArray,
  isNull,
  lt,
  mfaRecoveryCodes,
  or,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { revokeUserSessions } from './sessions.service.ts';

export const SECRET_CONTEXT = 'mfa-secret';
const RECOVERY_CODES = 10;
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOLERANCE_SECONDS = 30;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** The only shape worth the argon2 work of checking against the stored recovery codes. */
const RECOVERY_CODE_SHAPE = new RegExp(`^[${CODE_ALPHABET}]{5}-?[${CODE_ALPHABET}]{5}$`);

/** Wrong codes in a row that lock the second factor, and for how long. */
export const MFA_MAX_FAILURES = 5;
export const MFA_LOCK_MINUTES = 15;
/** The kinds of second-step token (client and staff doors): a lock voids them all. */
const SECOND_STEP_KINDS = ['mfa_login', 'staff_mfa_login'] as const;

/** `settings` gives the firm: the authenticator app's issuer name and the e-mails' voice. */
export type MfaDeps = { db: Database; keyring: Keyring; settings: Pick<SettingsCache, 'firm'> };

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: MESSAGES.MFA_CODE_INVALID,
    details: { code: MESSAGES.MFA_CODE_INVALID },
  });
}

/** A recovery code: 10 characters from an unambiguous alphabet, shown as xxxxx-xxxxx (about 50 bits). */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

type UserRow = typeof users.$inferSelect;

async function userRow(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function isMfaEnabled(db: Database, userId: string): Promise<boolean> {
  return Boolean((await userRow(db, userId)).mfaEnabledAt);
}

/** Start (or restart) enrolment: a new secret, kept sealed until a first code confirms it. */
export async function startMfaSetup(deps: MfaDeps, userId: string) {
  const user = await userRow(deps.db, userId);
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', { message: MESSAGES.MFA_ALREADY_ON });
  const { name: firmName } = await deps.settings.firm();
  // otplib and qrcode are loaded at the first use, not at start-up (docs/benchmarks.md, start-up and memory).
  const { generateSecret, generateURI } = await import('otplib');
  const secret = generateSecret();
  await deps.db
    .update(users)
    .set({ mfaSecret: deps.keyring.seal(Buffer.from(secret), SECRET_CONTEXT) })
    .where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: firmName, label: user.email, secret });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

function secretOf(deps: MfaDeps, sealed: string | null): string {
  if (!sealed) throw invalidCode();
  return deps.keyring.open(sealed, SECRET_CONTEXT).toString();
}

/**
 * Check an authenticator code and record its time step, so that the same code (or an older one) is never
 * accepted again for this user, even by two requests racing.
 */
async function acceptTotp(
  db: Database,
  user: { id: string; mfaLastTimeStep: number | null },
  secret: string,
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const { verify } = await import('otplib');
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(user.mfaLastTimeStep === null ? {} : { afterTimeStep: user.mfaLastTimeStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const recorded = await db
    .update(users)
    .set({ mfaLastTimeStep: result.timeStep })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.mfaLastTimeStep), lt(users.mfaLastTimeStep, result.timeStep)),
      ),
    )
    .returning({ id: users.id });
  return recorded.length === 1;
}

/** The audit prefix of an account's events: the staff console's are `staff.`. */
const prefixOf = (user: Pick<UserRow, 'role'>) => (isStaffRole(user.role) ? 'staff.' : '');

const isLocked = (user: Pick<UserRow, 'mfaLockedUntil'>) =>
  user.mfaLockedUntil !== null && user.mfaLockedUntil.getTime() > Date.now();

/** Refuse a second-factor attempt on a locked account, whatever the code (it is never looked at). */
async function refuseIfLocked(db: Database, user: UserRow, actor: Actor): Promise<void> {
  if (!isLocked(user)) return;
  await audit(db, { actor, action: `${prefixOf(user)}mfa.failed`, subject: 'locked' });
  throw new AppError('TOO_MANY_REQUESTS');
}

/**
 * Count a wrong code. The fifth in a row locks the second factor: the count starts again, every live
 * second-step token of the account is used up, the owner is told by e-mail and the lock is audited, in the
 * transaction of the count (the row lock orders concurrent failures, so one of them locks).
 */
async function recordFailure(deps: MfaDeps, user: UserRow, actor: Actor): Promise<void> {
  const prefix = prefixOf(user);
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ mfaFailures: sql`${users.mfaFailures} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failures: users.mfaFailures });
    await audit(tx, { actor, action: `${prefix}mfa.failed` });
    if (!row || row.failures < MFA_MAX_FAILURES) return;
    await tx
      .update(users)
      .set({ mfaFailures: 0, mfaLockedUntil: sql`now() + make_interval(mins => ${MFA_LOCK_MINUTES})` })
      .where(eq(users.id, user.id));
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, user.id),
          inArray(authTokens.kind, [...SECOND_STEP_KINDS]),
          isNull(authTokens.usedAt),
        ),
      );
    await enqueueEmail(tx, user.email, templates.mfaLocked(firm, user.firstName, MFA_LOCK_MINUTES));
    await audit(tx, {
      actor,
      action: `${prefix}mfa.locked`,
      subject: `${MFA_MAX_FAILURES} wrong codes; ${MFA_LOCK_MINUTES} minutes`,
    });
  });
}

/**
 * A right code: the count starts again, unless a lock came down meanwhile (a concurrent wrong code), which
 * refuses this one too.
 */
async function clearFailures(db: Database, userId: string): Promise<void> {
  const cleared = await db
    .update(users)
    .set({ mfaFailures: 0 })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLockedUntil), sql`${users.mfaLockedUntil} <= now()`)))
    .returning({ id: users.id });
  if (cleared.length === 0) throw new AppError('TOO_MANY_REQUESTS');
}

/**
 * Confirm enrolment with a first code; answers the recovery codes (the only time they exist in clear). The
 * account's other sessions end (`keepSession`: the one that asked). A staff member's enrolment is part of
 * their sign-in, so its wrong codes count towards the lock (`countFailures`).
 */
export async function enableMfa(
  deps: MfaDeps,
  userId: string,
  code: string,
  options: { actor: Actor; keepSession?: string; countFailures?: boolean },
): Promise<string[]> {
  const { actor, countFailures = false } = options;
  const user = await userRow(deps.db, userId);
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', { message: MESSAGES.MFA_ALREADY_ON });
  if (countFailures) await refuseIfLocked(deps.db, user, actor);
  if (!(await acceptTotp(deps.db, user, secretOf(deps, user.mfaSecret), code))) {
    if (countFailures) await recordFailure(deps, user, actor);
    throw invalidCode();
  }
  if (countFailures) await clearFailures(deps.db, userId);
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ mfaEnabledAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    await revokeUserSessions(tx, userId, options.keepSession);
    await enqueueEmail(tx, user.email, templates.mfaChanged(firm, user.firstName, true));
    await audit(tx, { actor, action: `${prefixOf(user)}mfa.enabled` });
  });
  return codes;
}

/**
 * Turn it off after asking for the password and a current code (an authenticator or a recovery code) again:
 * a stolen session alone cannot remove the second factor. Wrong codes count towards the lock; the
 * account's other sessions end.
 */
export async function disableMfa(
  deps: MfaDeps,
  userId: string,
  input: { password: string; code: string },
  options: { actor: Actor; keepSession?: string },
): Promise<void> {
  const { actor } = options;
  const user = await userRow(deps.db, userId);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.PASSWORD_WRONG,
      details: { password: MESSAGES.PASSWORD_WRONG },
    });
  }
  await checkSecondFactor(deps, userId, input.code, actor);
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mfaSecret: null, mfaEnabledAt: null, mfaLastTimeStep: null })
      .where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await revokeUserSessions(tx, userId, options.keepSession);
    await enqueueEmail(tx, user.email, templates.mfaChanged(firm, user.firstName, false));
    await audit(tx, { actor, action: `${prefixOf(user)}mfa.disabled` });
  });
}

/** Use up one of the account's unused recovery codes, if `code` is one (at most ten argon2 checks). */
async function acceptRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  // Anything not shaped like a recovery code costs nothing: no hash is checked.
  if (!RECOVERY_CODE_SHAPE.test(code)) return false;
  const normalised = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
  const unused = await db
    .select()
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (await verifyPassword(row.codeHash, normalised)) {
      const used = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return used.length === 1;
    }
  }
  return false;
}

/**
 * Check a second factor: an authenticator code, or an unused recovery code (then used up). Every caller
 * (both sign-in doors, turning MFA off) shares the account's failure count and lock; a right code resets
 * the count, and a recovery code's use is audited. `actor` is who is trying (audit rows).
 */
export async function checkSecondFactor(
  deps: MfaDeps,
  userId: string,
  code: string,
  actor: Actor,
): Promise<'totp' | 'recovery'> {
  const user = await userRow(deps.db, userId);
  if (!user.mfaEnabledAt) throw invalidCode();
  await refuseIfLocked(deps.db, user, actor);
  const method = (await acceptTotp(deps.db, user, secretOf(deps, user.mfaSecret), code))
    ? 'totp'
    : (await acceptRecoveryCode(deps.db, userId, code))
      ? 'recovery'
      : null;
  if (!method) {
    await recordFailure(deps, user, actor);
    throw invalidCode();
  }
  await clearFailures(deps.db, userId);
  if (method === 'recovery') await audit(deps.db, { actor, action: `${prefixOf(user)}mfa.recovery.used` });
  return method;
}
