/**
 * A staff member's passkeys (issue 38), through the accounts module's service: listed, added and removed from
 * the console's account page (adding and removing after a step-up), and sign-in at the staff door with a
 * passkey alone. A passkey verifies its holder (fingerprint, face or PIN), so it is both of the mandatory
 * factors at once. A client's passkey never opens this door, nor a deactivated member's.
 */
import { CALLS } from '@taxfirm/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { originOf, staffActorOf } from '../../lib/actor.ts';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { registerPasskeyAccountCalls } from '../accounts/passkey-account-calls.ts';
import { checkPasskeyLogin, startPasskeyLogin } from '../accounts/passkeys.service.ts';
import { startSignedInSession } from '../accounts/session-start.ts';
import { noteNewSignIn } from '../accounts/sign-in.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getStaffInfo } from './team.service.ts';

export async function staffPasskeysRoutes(
  app: FastifyInstance,
  { settings, appUrl }: { settings: SettingsCache; appUrl: string },
) {
  registerPasskeyAccountCalls(app, { door: 'staff', actorOf: staffActorOf, settings, appUrl });

  const perIp = limits(app, { name: 'staff-login-passkey-ip', max: 30, window: '15 minutes', key: byIp });

  registerCall(
    app,
    CALLS.staffLoginPasskeyOptions,
    async () => ({ options: await startPasskeyLogin({ db: app.db, appUrl, door: 'staff' }) }),
    { preHandler: perIp },
  );

  registerCall(
    app,
    CALLS.staffLoginPasskeyVerify,
    async (request, reply) => {
      const user = await checkPasskeyLogin({
        db: app.db,
        appUrl,
        door: 'staff',
        credential: request.body.credential as AuthenticationResponseJSON,
        origin: originOf(request),
      });
      // The answer is built first, so a refusal never carries a session cookie.
      const staff = await getStaffInfo(app.db, user.id);
      await startSignedInSession(app.db, { request, reply }, 'staff', user.id, 'passkey');
      await noteNewSignIn({ db: app.db, settings }, user.id, { withRecoveryCode: false });
      return { staff };
    },
    { preHandler: perIp },
  );
}
