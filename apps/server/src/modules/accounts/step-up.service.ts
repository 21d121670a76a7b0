/**
 * Step-up (F-15): before a sensitive action (revealing an identity number, changing a client's sign-in
 * address, adding or removing a passkey) the session proves itself again with the password, an
 * authenticator code, one of its own passkeys or (clients) a fresh e-mailed code (issue 38). The proof is kept on
 * that session only (`sessions.stepped_up_at`) and opens those actions for STEP_UP_MINUTES; without it they
 * answer 403 STEP_UP_REQUIRED and change nothing.
 */
import { MESSAGES, STEP_UP_MINUTES } from '@taxfirm/contract';
import { and, eq, isNull, sessions, users, type Database } from '@taxfirm/db';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { verifyPassword } from '../../lib/crypto/passwords.ts';
import { limits, bySessionUser } from '../../lib/rate-limit.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { checkStepUpCode } from './login-code.service.ts';
import { checkSecondFactor, type MfaDeps } from './mfa.service.ts';
import { checkPasskeyStepUp } from './passkeys.service.ts';

export const STEP_UP_MS = STEP_UP_MINUTES * 60_000;

function wrongPassword(): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: MESSAGES.PASSWORD_WRONG,
    details: { password: MESSAGES.PASSWORD_WRONG },
  });
}

/**
 * Check the password or the code (an authenticator or recovery code; a wrong one is refused like a login's)
 * and mark this session, and no other, as stepped up now. The step-up is audited.
 */
export async function stepUp(
  deps: MfaDeps & { appUrl: string },
  actor: ClientActor | StaffActor,
  sessionId: string,
  answer: {
    password?: string | undefined;
    code?: string | undefined;
    passkey?: AuthenticationResponseJSON | undefined;
    email_code?: string | undefined;
  },
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  let how: string;
  if (answer.passkey) {
    // One of the session's own passkeys, for its own step-up challenge (issue 38).
    await checkPasskeyStepUp({ db: deps.db, appUrl: deps.appUrl, actor, credential: answer.passkey });
    how = 'passkey';
  } else if (answer.email_code) {
    // A fresh e-mailed code (clients only: staff prove themselves with their authenticator or a passkey).
    if (actor.kind !== 'client') throw new AppError('FORBIDDEN');
    await checkStepUpCode(deps.db, user.id, answer.email_code, actor);
    how = 'e-mailed code';
  } else if (answer.code) {
    await checkSecondFactor(deps, user.id, answer.code, actor);
    how = 'code';
  } else if (!(await verifyPassword(user.passwordHash, answer.password ?? ''))) {
    throw wrongPassword();
  } else {
    how = 'password';
  }
  await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(sessions)
      .set({ steppedUpAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (marked.length === 0) throw new AppError('UNAUTHORIZED');
    await audit(tx, { actor, action: 'account.stepup', subject: how });
  });
}

/** Has this session stepped up within the last STEP_UP_MINUTES? */
export async function hasFreshStepUp(db: Database, sessionId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ at: sessions.steppedUpAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return Boolean(row?.at && now.getTime() - row.at.getTime() < STEP_UP_MS);
}

/**
 * registerCall options for a sensitive call: refused with 403 STEP_UP_REQUIRED, before its body is read,
 * unless the session stepped up within the last STEP_UP_MINUTES. `perUserPerHour` also limits how often one
 * user may make the call (a refused one does not count).
 */
export function requireStepUp(
  app: FastifyInstance,
  { name, perUserPerHour }: { name?: string; perUserPerHour?: number } = {},
): { onRequest: preHandlerAsyncHookHandler[]; preHandler?: preHandlerAsyncHookHandler[] } {
  const check = async (request: FastifyRequest) => {
    if (!request.sessionId) throw new AppError('UNAUTHORIZED');
    if (!(await hasFreshStepUp(app.db, request.sessionId))) throw new AppError('STEP_UP_REQUIRED');
  };
  return {
    onRequest: [check],
    ...(name && perUserPerHour
      ? { preHandler: limits(app, { name, max: perUserPerHour, window: '1 hour', key: bySessionUser }) }
      : {}),
  };
}
