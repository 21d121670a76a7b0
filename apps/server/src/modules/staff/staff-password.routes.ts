import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { bySessionUser, limits, perIpAndEmail } from '../../lib/rate-limit.ts';
import { steadily } from '../../lib/steady-timing.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  changeStaffPassword,
  requestStaffPasswordReset,
  type StaffPasswordDeps,
} from './staff-password.service.ts';

/** A staff member's own password: change it in the console, or reset a lost one by e-mail. */
export async function staffPasswordRoutes(
  app: FastifyInstance,
  { settings, appUrl, keyring }: { settings: SettingsCache; appUrl: string; keyring: Keyring },
) {
  const deps: StaffPasswordDeps = { db: app.db, appUrl, settings, keyring };

  registerCall(
    app,
    CALLS.staffChangePassword,
    async (request, reply) => {
      const sessionId = request.sessionId;
      if (!sessionId) throw new AppError('UNAUTHORIZED');
      const actor = staffActorOf(request);
      await changeStaffPassword(deps, actor, sessionId, request.body);
      // A privilege change: this browser gets a new session token too.
      await reply.startSession(actor.userId);
      return { status_smessage: MESSAGES.PASSWORD_CHANGED };
    },
    // A held session cannot try current passwords at leisure.
    {
      preHandler: limits(app, {
        name: 'staff-password-user',
        max: 10,
        window: '15 minutes',
        key: bySessionUser,
      }),
    },
  );

  registerCall(
    app,
    CALLS.staffForgot,
    async (request) => {
      // The same time whether or not the address is a staff member's (F-18).
      await steadily(() => requestStaffPasswordReset(deps, request.body.email));
      return { status_smessage: MESSAGES.FORGOT_SENT };
    },
    { preHandler: perIpAndEmail(app, 'staff-forgot', { ip: 20, email: 5 }, '1 hour') },
  );
}
