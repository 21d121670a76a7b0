import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import {
  checkSecondFactor,
  disableMfa,
  enableMfa,
  isMfaEnabled,
  startMfaSetup,
  type MfaDeps,
} from './mfa.service.ts';
import { clientActorOf, originOf, requestActorOf, visitorActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { byIp, byMfaToken, bySessionUser, limits, perIpAndEmail } from '../../lib/rate-limit.ts';
import { steadily } from '../../lib/steady-timing.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { register, resendVerification, verifyAccount, type AccountsDeps } from './accounts.service.ts';
import {
  changePassword,
  isStaffResetLinkLive,
  requestPasswordReset,
  nextStepAfterReset,
  resetPasswordWithToken,
} from './passwords.service.ts';
import {
  checkCredentials,
  finishMfaLogin,
  mfaLoginUser,
  noteNewSignIn,
  startMfaLogin,
} from './sign-in.service.ts';
import { signInClient, type SignInHow } from './session-start.ts';
import { revokeSession } from './sessions.service.ts';

export type AccountsOptions = { settings: SettingsCache; appUrl: string; keyring: Keyring };

export async function accountsRoutes(app: FastifyInstance, { settings, appUrl, keyring }: AccountsOptions) {
  const deps: AccountsDeps = { db: app.db, appUrl, settings, keyring };
  const mfa: MfaDeps = { db: app.db, keyring, settings };

  /**
   * Start a session for a client who has proved who they are; answers uinfo. The answer is built first
   * (it refuses anyone but a client), so a refusal never carries a session cookie; the session starts last.
   */
  const signIn = (request: FastifyRequest, reply: FastifyReply, userId: string, how: SignInHow) =>
    signInClient({ db: app.db, settings }, { request, reply }, userId, how);

  /** A limit per signed-in account (whichever IP): for calls that check the password again. */
  const perUser = (name: string) => limits(app, { name, max: 5, window: '15 minutes', key: bySessionUser });

  registerCall(
    app,
    CALLS.register,
    async (request) => {
      await register(deps, request.body, originOf(request));
      return { status_smessage: MESSAGES.REGISTER_SENT };
    },
    { preHandler: limits(app, { name: 'register-ip', max: 30, window: '1 hour', key: byIp }) },
  );

  registerCall(app, CALLS.registerVerify, async (request) => {
    await verifyAccount(app.db, request.body.tokenId, request.body.verifytoken);
    return { status_smessage: MESSAGES.ACCOUNT_VERIFIED };
  });

  registerCall(
    app,
    CALLS.resendVerification,
    async (request) => {
      // The same time whether or not the account exists (F-18).
      await steadily(() => resendVerification(deps, request.body.email));
      return { status_smessage: MESSAGES.VERIFICATION_RESENT };
    },
    {
      preHandler: perIpAndEmail(app, 'resend', { ip: 20, email: 3 }, '1 hour'),
    },
  );

  registerCall(
    app,
    CALLS.login,
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await checkCredentials(app.db, email, password, originOf(request));
      if (user.mfaEnabledAt) {
        return {
          status_smessage: MESSAGES.MFA_REQUIRED,
          mfa_required: true as const,
          mfa_token: await startMfaLogin(app.db, user.id, 'client'),
        };
      }
      return signIn(request, reply, user.id, 'password');
    },
    {
      // Wrong passwords are counted per account (sign-in.service.ts): the owner's own sign-ins never
      // count against them. Every attempt counts per IP.
      preHandler: limits(app, { name: 'login-ip', max: 50, window: '15 minutes', key: byIp }),
    },
  );

  registerCall(
    app,
    CALLS.mfaLogin,
    async (request, reply) => {
      const { tokenId, userId } = await mfaLoginUser(app.db, request.body.mfa_token);
      const method = await checkSecondFactor(mfa, userId, request.body.code, visitorActorOf(request, userId));
      await finishMfaLogin(app.db, tokenId);
      const answer = await signIn(
        request,
        reply,
        userId,
        method === 'recovery' ? 'password+recovery code' : 'password+authenticator',
      );
      await noteNewSignIn(deps, userId, { withRecoveryCode: method === 'recovery' });
      return answer;
    },
    {
      // Wrong codes are counted per account (mfa.service.ts); these only slow one token and one IP down.
      preHandler: limits(
        app,
        { name: 'mfa-ip', max: 30, window: '15 minutes', key: byIp },
        {
          name: 'mfa-token',
          max: 5,
          window: '15 minutes',
          key: byMfaToken,
        },
      ),
    },
  );

  registerCall(app, CALLS.mfaStatus, async (request) => ({
    enabled: await isMfaEnabled(app.db, signedIn(request).id),
  }));

  registerCall(app, CALLS.mfaSetup, async (request) => startMfaSetup(mfa, signedIn(request).id));

  registerCall(app, CALLS.mfaEnable, async (request) => {
    const actor = clientActorOf(request);
    const codes = await enableMfa(mfa, actor.userId, request.body.code, {
      actor,
      keepSession: request.sessionId ?? undefined,
    });
    return { status_smessage: MESSAGES.MFA_ENABLED, recovery_codes: codes };
  });

  registerCall(
    app,
    CALLS.mfaDisable,
    async (request) => {
      const actor = clientActorOf(request);
      const { password, code } = request.body;
      await disableMfa(
        mfa,
        actor.userId,
        { password, code },
        { actor, keepSession: request.sessionId ?? undefined },
      );
      return { status_smessage: MESSAGES.MFA_DISABLED };
    },
    { preHandler: perUser('mfa-disable-user') },
  );

  registerCall(app, CALLS.logoutStatus, async (request) => ({
    loginstatus: request.user ? (1 as const) : (0 as const),
  }));

  registerCall(app, CALLS.logout, async (request, reply) => {
    if (request.sessionId) {
      const actor = requestActorOf(request);
      await revokeSession(app.db, request.sessionId);
      await audit(app.db, { actor, action: actor.kind === 'staff' ? 'staff.logout' : 'logout' });
    }
    reply.clearSessionCookie();
    return { status_smessage: MESSAGES.LOGGED_OUT };
  });

  registerCall(
    app,
    CALLS.forgot,
    async (request) => {
      await steadily(() => requestPasswordReset(deps, request.body.email));
      return { status_smessage: MESSAGES.FORGOT_SENT };
    },
    {
      preHandler: perIpAndEmail(app, 'forgot', { ip: 20, email: 5 }, '1 hour'),
    },
  );

  /**
   * After a password set from a reset or invitation link (issue 38): a client without a second factor lands
   * signed in; with one on, and always for staff (their second factor is mandatory), the sign-in goes on to
   * the second step, as after a password. The link proved the address, not the second factor.
   */
  const landAfterReset = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    const status_smessage = MESSAGES.RESET_LINK_SUCCESS;
    const next = await nextStepAfterReset(app.db, userId);
    if (next.kind === 'none') return { status_smessage };
    if (next.kind === 'client-mfa') {
      return { status_smessage, mfa_required: true as const, mfa_token: next.token, door: 'client' as const };
    }
    if (next.kind === 'staff') {
      return {
        status_smessage,
        mfa_required: true as const,
        mfa_token: next.token,
        door: 'staff' as const,
        step: next.step,
      };
    }
    return {
      status_smessage,
      door: 'client' as const,
      ...(await signIn(request, reply, userId, 'reset link')),
    };
  };

  registerCall(app, CALLS.forgotChecker, async (request, reply) => {
    const { tokenId, userid, newpassword } = request.body;
    const userId = await resetPasswordWithToken(
      deps,
      'reset',
      tokenId,
      newpassword,
      originOf(request),
      userid,
    );
    return landAfterReset(request, reply, userId);
  });

  registerCall(app, CALLS.checkResetLink, async (request) => {
    if (!(await isStaffResetLinkLive(app.db, request.body.tokenid))) {
      throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
    }
    return { status_smessage: MESSAGES.RESET_LINK_ACTIVE };
  });

  registerCall(app, CALLS.updatePasswordLink, async (request, reply) => {
    const { token_id: tokenId, newpassword } = request.body;
    const userId = await resetPasswordWithToken(deps, 'staff_reset', tokenId, newpassword, originOf(request));
    return landAfterReset(request, reply, userId);
  });

  registerCall(
    app,
    CALLS.changePassword,
    async (request, reply) => {
      const actor = clientActorOf(request);
      const sessionId = request.sessionId;
      if (!sessionId) throw new AppError('UNAUTHORIZED');
      const { oldpassword, password } = request.body;
      await changePassword(deps, actor.userId, oldpassword, password, sessionId, actor);
      // A privilege change: this browser gets a new session token too.
      await reply.startSession(actor.userId);
      return { status_smessage: MESSAGES.PASSWORD_CHANGED };
    },
    // A held session must not try old passwords at argon2 speed (security review F-15).
    { preHandler: perUser('changepassword-user') },
  );
}

/** The session's user (client calls are only reached with one). */
function signedIn(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
