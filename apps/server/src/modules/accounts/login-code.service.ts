/**
 * The e-mailed one-time sign-in code (issue 38), a client's alternative to a password they do not remember:
 * six random digits, kept only as a salted argon2id hash, live LOGIN_CODE_MINUTES, used once; a new one
 * voids the earlier ones. The e-mail goes through the outbox with the code sealed (never stored in clear).
 *
 * A wrong code counts in the SAME per-account counter and lock as a wrong password (`users.login_failures`,
 * LOGIN_MAX_FAILURES in sign-in.service.ts): guessing codes is guessing the account's first factor. A code
 * is a first factor only: with two-step verification on, the second step follows as after a password.
 * The same codes also step up a signed-in client's session (step-up.service.ts).
 */
import { randomInt } from 'node:crypto';
import { LOGIN_CODE_MINUTES, MESSAGES } from '@taxfirm/contract';
import { and, desc, eq, gt, isNull, loginCodes, sql, users, type Database } from '@taxfirm/db';
import type { Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, hashedEmail } from '../../lib/audit.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { byEmail, type AccountsDeps } from './accounts.service.ts';
import {
  clearLoginFailures,
  isLoginLocked,
  recordLoginFailure,
  visitor,
  wrongDoorOf,
  type Door,
} from './sign-in.service.ts';

const CODE_TTL_MS = LOGIN_CODE_MINUTES * 60_000;

type UserRow = typeof users.$inferSelect;

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: MESSAGES.LOGIN_CODE_INVALID,
    details: { code: MESSAGES.LOGIN_CODE_INVALID },
  });
}

/** Six random digits (leading zeros kept). */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Store a new code for the account (voiding its earlier ones) and e-mail it, in one transaction. */
async function issueCode(deps: AccountsDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
  const code = newCode();
  const codeHash = await hashPassword(code);
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.usedAt)));
    await tx
      .insert(loginCodes)
      .values({ userId: user.id, codeHash, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
    await enqueueEmail(tx, user.email, templates.loginCode(firm, user.firstName, code, LOGIN_CODE_MINUTES), {
      url: code,
      keyring: deps.keyring,
    });
  });
}

/**
 * E-mail a sign-in code when the address belongs to a client whose sign-in is not locked; silent otherwise
 * (the caller answers the same whatever happened, in the same time).
 */
export async function sendLoginCode(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user || user.role !== 'client' || isLoginLocked(user)) return;
  await issueCode(deps, user);
}

/** E-mail the signed-in client's own address a code for a step-up. */
export async function sendStepUpCode(deps: AccountsDeps, userId: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.role !== 'client') throw new AppError('UNAUTHORIZED');
  if (isLoginLocked(user)) throw new AppError('TOO_MANY_REQUESTS');
  await issueCode(deps, user);
}

/** The account's live code (the latest, unused and unexpired), if any. */
async function liveCode(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(
      and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, sql`now()`)),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Check a code against the account's live one and use it up (once, even against a racing request). A
 * wrong one counts towards the account's lock; a right one starts the count again.
 */
async function useCode(
  db: Database,
  door: Door,
  user: UserRow,
  code: string,
  origin: Origin,
  refusal: string | false = false,
): Promise<void> {
  const live = await liveCode(db, user.id);
  const ok = await verifyPassword(live?.codeHash ?? (await dummyPasswordHash()), code);
  if (!live || !ok || refusal) {
    await recordLoginFailure(db, door, user, origin, refusal || 'wrong e-mailed code');
    throw invalidCode();
  }
  const used = await db
    .update(loginCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginCodes.id, live.id), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, sql`now()`)))
    .returning({ id: loginCodes.id });
  if (used.length === 0) throw invalidCode();
  await clearLoginFailures(db, user.id);
}

/**
 * Sign-in with an e-mailed code at the portal. An unknown address, a wrong, used or expired code and a staff
 * address all answer the same (LOGIN_CODE_INVALID); a locked account answers 429 without looking at the code.
 * The code proves the address, so it also verifies an account not yet verified (as a reset link does).
 */
export async function checkLoginCode(
  db: Database,
  email: string,
  code: string,
  origin: Origin,
): Promise<UserRow> {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  if (user && isLoginLocked(user)) {
    await audit(db, { actor: visitor(origin, user.id), action: 'signin.failed', subject: 'locked' });
    throw new AppError('TOO_MANY_REQUESTS');
  }
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), code);
    await audit(db, { actor: visitor(origin, null), action: 'signin.failed', subject: hashedEmail(email) });
    throw invalidCode();
  }
  await useCode(db, 'client', user, code, origin, wrongDoorOf('client', user));
  if (!user.verifiedAt) {
    await db
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** A step-up with a fresh e-mailed code: the session's own account's live code (a wrong one counts). */
export async function checkStepUpCode(
  db: Database,
  userId: string,
  code: string,
  origin: Origin,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (isLoginLocked(user)) throw new AppError('TOO_MANY_REQUESTS');
  await useCode(db, 'client', user, code, origin, wrongDoorOf('client', user));
}
