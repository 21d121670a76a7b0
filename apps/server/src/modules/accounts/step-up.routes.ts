import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientActorOf, staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byIp, bySessionUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { MfaDeps } from './mfa.service.ts';
import { stepUp } from './step-up.service.ts';

/** account/stepup (clients) and staff/stepup (staff): prove the session again before a sensitive action. */
export async function stepUpRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const mfa: MfaDeps = { db: app.db, keyring, settings };
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
      await stepUp(mfa, clientActorOf(request), sessionOf(request), request.body);
      return { status_smessage: MESSAGES.STEP_UP_DONE };
    },
    { preHandler: guarded('stepup') },
  );

  registerCall(
    app,
    CALLS.staffStepUp,
    async (request) => {
      await stepUp(mfa, staffActorOf(request), sessionOf(request), request.body);
      return { status_smessage: MESSAGES.STEP_UP_DONE };
    },
    { preHandler: guarded('staff-stepup') },
  );
}
