import { CALLS, MESSAGES, type stepUpBodySchema } from '@taxfirm/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientActorOf, staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byIp, bySessionUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { MfaDeps } from './mfa.service.ts';
import { sendStepUpCode } from './login-code.service.ts';
import { startPasskeyStepUp } from './passkeys.service.ts';
import { stepUp } from './step-up.service.ts';

/** account/stepup (clients) and staff/stepup (staff): prove the session again before a sensitive action. */
export async function stepUpRoutes(
  app: FastifyInstance,
  { settings, keyring, appUrl }: { settings: SettingsCache; keyring: Keyring; appUrl: string },
) {
  const mfa = { db: app.db, keyring, settings, appUrl } satisfies MfaDeps & { appUrl: string };
  // A held session cannot guess the password or code at leisure: a few tries per account and per IP.
  const guarded = (name: string) =>
    limits(
      app,
      { name: `${name}-user`, max: 10, window: '15 minutes', key: bySessionUser },
      { name: `${name}-ip`, max: 30, window: '15 minutes', key: byIp },
    );
  const sessionOf = (request: FastifyRequest) => {
    if (!request.sessionId) throw new AppError('UNAUTHORIZED');
    return request.sessionId;
  };

  registerCall(
    app,
    CALLS.accountStepUp,
    async (request) => {
      await stepUp(mfa, clientActorOf(request), sessionOf(request), stepUpAnswer(request.body));
      return { status_smessage: MESSAGES.STEP_UP_DONE };
    },
    { preHandler: guarded('stepup') },
  );

  registerCall(
    app,
    CALLS.staffStepUp,
    async (request) => {
      await stepUp(mfa, staffActorOf(request), sessionOf(request), stepUpAnswer(request.body));
      return { status_smessage: MESSAGES.STEP_UP_DONE };
    },
    { preHandler: guarded('staff-stepup') },
  );

  // Issue 38: a step-up with one of the session's own passkeys (its challenge first), or (clients) a fresh
  // code e-mailed to the session's own address.
  registerCall(
    app,
    CALLS.accountStepUpPasskeyOptions,
    async (request) => ({ options: await startPasskeyStepUp({ ...mfa, actor: clientActorOf(request) }) }),
    { preHandler: guarded('stepup-options') },
  );

  registerCall(
    app,
    CALLS.staffStepUpPasskeyOptions,
    async (request) => ({ options: await startPasskeyStepUp({ ...mfa, actor: staffActorOf(request) }) }),
    { preHandler: guarded('staff-stepup-options') },
  );

  registerCall(
    app,
    CALLS.accountStepUpCodeSend,
    async (request) => {
      await sendStepUpCode({ ...mfa }, clientActorOf(request).userId);
      return { status_smessage: MESSAGES.STEP_UP_CODE_SENT };
    },
    {
      preHandler: limits(
        app,
        { name: 'stepup-code-user', max: 5, window: '1 hour', key: bySessionUser },
        { name: 'stepup-code-ip', max: 20, window: '1 hour', key: byIp },
      ),
    },
  );
}

/** The body as the service reads it: the passkey's answer is the browser's JSON, checked by the library. */
function stepUpAnswer(body: z.output<typeof stepUpBodySchema>): Parameters<typeof stepUp>[3] {
  const { passkey, ...rest } = body;
  return { ...rest, passkey: passkey as AuthenticationResponseJSON | undefined };
}
