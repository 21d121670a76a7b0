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
import { AppError } from '../../lib/app-error.ts';
import { byIp, byMfaToken, limits, perIpAndEmail } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  changePassword,
  checkCredentials,
  finishMfaLogin,
  isStaffResetLinkLive,
  mfaLoginUser,
  noteNewSignIn,
  startMfaLogin,
  register,
  requestPasswordReset,
  resendVerification,
  resetPasswordWithToken,
  userInfo,
  verifyAccount,
  type AccountsDeps,
} from './accounts.service.ts';
import { revokeSession } from './sessions.service.ts';

export type AccountsOptions = { settings: SettingsCache; appUrl: string; keyring: Keyring };

export async function accountsRoutes(app: FastifyInstance, { settings, appUrl, keyring }: AccountsOptions) {
  const deps: AccountsDeps = { db: app.db, appUrl, settings: settings.get, keyring };
  const mfa: MfaDeps = { db: app.db, keyring, settings: settings.get };

  /** Start a session for a user who has proved who they are; answers uinfo. */
  const signIn = async (reply: FastifyReply, userId: string) => {
    await reply.startSession(userId);
    return { uinfo: await userInfo(app.db, userId, await settings.taxYear()) };
  };

  registerCall(
    app,
    CALLS.register,
    async (request) => {
      await register(deps, request.body);
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
      await resendVerification(deps, request.body.email);
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
      const user = await checkCredentials(app.db, request.body.email, request.body.password);
      if (user.mfaEnabledAt) {
        return {
          status_smessage: MESSAGES.MFA_REQUIRED,
          mfa_required: true as const,
          mfa_token: await startMfaLogin(app.db, user.id),
        };
      }
      return signIn(reply, user.id);
    },
    {
      // Ten tries per address in 15 minutes whoever makes them, and a wider limit per IP.
      preHandler: perIpAndEmail(app, 'login', { ip: 50, email: 10 }, '15 minutes'),
    },
  );

  registerCall(
    app,
    CALLS.mfaLogin,
    async (request, reply) => {
      const { tokenId, userId } = await mfaLoginUser(app.db, request.body.mfa_token);
      const method = await checkSecondFactor(mfa, userId, request.body.code);
      await finishMfaLogin(app.db, tokenId);
      const answer = await signIn(reply, userId);
      await noteNewSignIn(deps, userId, { withRecoveryCode: method === 'recovery' });
      return answer;
    },
    {
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
    const codes = await enableMfa(mfa, signedIn(request).id, request.body.code);
    return { status_smessage: MESSAGES.MFA_ENABLED, recovery_codes: codes };
  });

  registerCall(app, CALLS.mfaDisable, async (request) => {
    await disableMfa(mfa, signedIn(request).id, request.body.password);
    return { status_smessage: MESSAGES.MFA_DISABLED };
  });

  registerCall(app, CALLS.logoutStatus, async (request) => ({
    loginstatus: request.user ? (1 as const) : (0 as const),
  }));

  registerCall(app, CALLS.logout, async (request, reply) => {
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    reply.clearSessionCookie();
    return { status_smessage: MESSAGES.LOGGED_OUT };
  });

  registerCall(
    app,
    CALLS.forgot,
    async (request) => {
      await requestPasswordReset(deps, request.body.email);
      return { status_smessage: MESSAGES.FORGOT_SENT };
    },
    {
      preHandler: perIpAndEmail(app, 'forgot', { ip: 20, email: 5 }, '1 hour'),
    },
  );

  registerCall(app, CALLS.forgotChecker, async (request) => {
    const { tokenId, userid, newpassword } = request.body;
    await resetPasswordWithToken(deps, 'reset', tokenId, newpassword, userid);
    return { status_smessage: MESSAGES.RESET_LINK_SUCCESS };
  });

  registerCall(app, CALLS.checkResetLink, async (request) => {
    if (!(await isStaffResetLinkLive(app.db, request.body.tokenid))) {
      throw new AppError('VALIDATION_FAILED', { message: MESSAGES.RESET_LINK_EXPIRED });
    }
    return { status_smessage: MESSAGES.RESET_LINK_ACTIVE };
  });

  registerCall(app, CALLS.updatePasswordLink, async (request) => {
    await resetPasswordWithToken(deps, 'staff_reset', request.body.token_id, request.body.newpassword);
    return { status_smessage: MESSAGES.RESET_LINK_SUCCESS };
  });

  registerCall(app, CALLS.changePassword, async (request, reply) => {
    const user = request.user;
    const sessionId = request.sessionId;
    if (!user || !sessionId) throw new AppError('UNAUTHORIZED');
    await changePassword(deps, user.id, request.body.oldpassword, request.body.password, sessionId);
    // A privilege change: this browser gets a new session token too.
    await reply.startSession(user.id);
    return { status_smessage: MESSAGES.PASSWORD_CHANGED };
  });
}

/** The session's user (client calls are only reached with one). */
function signedIn(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
