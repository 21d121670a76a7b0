/**
 * Signing in without a password to remember, at the portal (issue 38): a client's passkeys (listed, added and
 * removed from the account page; adding and removing after a step-up), sign-in with a passkey alone, and
 * sign-in with an e-mailed one-time code.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { clientActorOf, originOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byIp, limits, perIpAndEmail } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { steadily } from '../../lib/steady-timing.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { checkLoginCode, sendLoginCode } from './login-code.service.ts';
import { registerPasskeyAccountCalls } from './passkey-account-calls.ts';
import { checkPasskeyLogin, startPasskeyLogin } from './passkeys.service.ts';
import { signInClient } from './session-start.ts';
import { noteNewSignIn, startMfaLogin } from './sign-in.service.ts';

export async function passkeysRoutes(
  app: FastifyInstance,
  { settings, appUrl, keyring }: { settings: SettingsCache; appUrl: string; keyring: Keyring },
) {
  const deps: AccountsDeps = { db: app.db, appUrl, settings, keyring };
  registerPasskeyAccountCalls(app, { door: 'client', actorOf: clientActorOf, settings, appUrl });

  // A sign-in's challenge is a row: every attempt counts per IP, as the password's do.
  const loginPerIp = limits(app, { name: 'login-passkey-ip', max: 50, window: '15 minutes', key: byIp });

  registerCall(
    app,
    CALLS.loginPasskeyOptions,
    async () => ({ options: await startPasskeyLogin({ db: app.db, appUrl, door: 'client' }) }),
    { preHandler: loginPerIp },
  );

  registerCall(
    app,
    CALLS.loginPasskeyVerify,
    async (request, reply) => {
      const user = await checkPasskeyLogin({
        db: app.db,
        appUrl,
        door: 'client',
        credential: request.body.credential as AuthenticationResponseJSON,
        origin: originOf(request),
      });
      // The passkey verified its holder (fingerprint, face or PIN): both factors, no second step.
      const answer = await signInClient({ db: app.db, settings }, { request, reply }, user.id, 'passkey');
      await noteNewSignIn(deps, user.id, { withRecoveryCode: false });
      return answer;
    },
    { preHandler: loginPerIp },
  );

  registerCall(
    app,
    CALLS.loginCodeSend,
    async (request) => {
      // The same answer, in the same time, whether or not the address has an account (F-18).
      await steadily(() => sendLoginCode(deps, request.body.email));
      return { status_smessage: MESSAGES.LOGIN_CODE_SENT };
    },
    { preHandler: perIpAndEmail(app, 'login-code', { ip: 20, email: 5 }, '1 hour') },
  );

  registerCall(
    app,
    CALLS.loginCodeVerify,
    async (request, reply) => {
      const { email, code } = request.body;
      const user = await checkLoginCode(app.db, email, code, originOf(request));
      if (user.mfaEnabledAt) {
        // The code is a first factor only: the second step follows, as after a password.
        return {
          status_smessage: MESSAGES.MFA_REQUIRED,
          mfa_required: true as const,
          mfa_token: await startMfaLogin(app.db, user.id, 'client'),
        };
      }
      return signInClient({ db: app.db, settings }, { request, reply }, user.id, 'e-mailed code');
    },
    {
      // Wrong codes are counted per account with wrong passwords (sign-in.service.ts); these slow an IP down.
      preHandler: limits(app, { name: 'login-code-verify-ip', max: 50, window: '15 minutes', key: byIp }),
    },
  );
}
