/**
 * Passwords: reset by e-mailed link (client) or by a staff-sent link, and change. A new password ends the
 * account's other sessions and is told to its owner by e-mail, in the transaction of the change.
 */
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  authTokens,
  clients,
  eq,
  householdMembers,
  isNull,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { Actor, Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertPasswordAllowed } from '../../lib/crypto/password-policy.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { issueToken, liveToken, useUpToken } from './account-tokens.ts';
import { byEmail, type AccountsDeps } from './accounts.service.ts';
import { revokeUserSessions } from './sessions.service.ts';
import { accessInForce } from './access.ts';
import { startMfaLogin, visitor } from './sign-in.service.ts';

const RESET_TTL_MS = 3_600_000;

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
): Promise<string> {
  const token = await liveToken(deps.db, kind, secret);
  if (!token || (userId !== undefined && token.userId !== userId)) {
    throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
  }
  await assertPasswordAllowed(newPassword, 'newpassword');
  await setPassword(deps, token.userId, newPassword, {
    usedToken: token.id,
    audit: {
      actor: visitor(origin, token.userId),
      action: 'password.reset',
      subject: kind === 'reset' ? 'e-mailed link' : 'staff-sent or set-up link',
    },
  });
  return token.userId;
}

/** A client login has a file: its own (`clients`), or a household's it is a member of (issue 38). */
async function hasFile(db: Database, userId: string): Promise<boolean> {
  const [own] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId)).limit(1);
  if (own) return true;
  const [member] = await db
    .select({ id: householdMembers.id })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId))
    .limit(1);
  return member !== undefined;
}

/**
 * Where the holder of a reset or set-up link goes once the password is set (issue 38): a client without a
 * second factor is signed in ('sign-in'); a client with one, and every staff member in force (their
 * second factor is mandatory: its code, or its enrolment), gets the second step's token; anyone else
 * (a deactivated member, a household member since removed: a login with no file) only the message.
 */
export async function nextStepAfterReset(
  db: Database,
  userId: string,
): Promise<
  | { kind: 'sign-in' }
  | { kind: 'client-mfa'; token: string }
  | { kind: 'staff'; token: string; step: 'mfa' | 'enrol' }
  | { kind: 'none' }
> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { kind: 'none' };
  if (user.role === 'client') {
    if (!(await hasFile(db, user.id))) return { kind: 'none' };
    if (!user.mfaEnabledAt) return { kind: 'sign-in' };
    return { kind: 'client-mfa', token: await startMfaLogin(db, user.id, 'client') };
  }
  if (!accessInForce(user)) return { kind: 'none' };
  return {
    kind: 'staff',
    token: await startMfaLogin(db, user.id, 'staff'),
    step: user.mfaEnabledAt ? 'mfa' : 'enrol',
  };
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
  await assertPasswordAllowed(newPassword, 'password');
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
      if (!(await useUpToken(tx, options.usedToken))) {
        throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
      }
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
