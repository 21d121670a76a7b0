import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { byEmail, byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  changePassword,
  checkCredentials,
  isStaffResetLinkLive,
  register,
  requestPasswordReset,
  resendVerification,
  resetPasswordWithToken,
  userInfo,
  verifyAccount,
  type AccountsDeps,
} from './accounts.service.ts';
import { createSession, revokeSession } from './sessions.service.ts';

export type AccountsOptions = { settings: SettingsCache; appUrl: string; mail: MailWorker };

export async function accountsRoutes(app: FastifyInstance, { settings, appUrl, mail }: AccountsOptions) {
  const deps: AccountsDeps = { db: app.db, appUrl, settings: settings.get };
  // Deliver at once rather than at the next poll; the outbox row is already committed.
  const deliverSoon = () => void mail.wake();

  registerCall(
    app,
    CALLS.register,
    async (request) => {
      await register(deps, request.body);
      deliverSoon();
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
      deliverSoon();
      return { status_smessage: MESSAGES.VERIFICATION_RESENT };
    },
    {
      preHandler: limits(
        app,
        { name: 'resend-ip', max: 20, window: '1 hour', key: byIp },
        { name: 'resend-email', max: 3, window: '1 hour', key: byEmail },
      ),
    },
  );

  registerCall(
    app,
    CALLS.login,
    async (request, reply) => {
      const user = await checkCredentials(app.db, request.body.email, request.body.password);
      // A new token at every login; an earlier session in this browser ends.
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      const session = await createSession(app.db, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setSessionCookie(session.token);
      const { current_tax_year: taxYear } = await settings.get();
      return { uinfo: await userInfo(app.db, user.id, taxYear) };
    },
    {
      // Ten tries per address in 15 minutes whoever makes them, and a wider limit per IP.
      preHandler: limits(
        app,
        { name: 'login-ip', max: 50, window: '15 minutes', key: byIp },
        { name: 'login-email', max: 10, window: '15 minutes', key: byEmail },
      ),
    },
  );

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
      deliverSoon();
      return { status_smessage: MESSAGES.FORGOT_SENT };
    },
    {
      preHandler: limits(
        app,
        { name: 'forgot-ip', max: 20, window: '1 hour', key: byIp },
        { name: 'forgot-email', max: 5, window: '1 hour', key: byEmail },
      ),
    },
  );

  registerCall(app, CALLS.forgotChecker, async (request) => {
    const { tokenId, userid, newpassword } = request.body;
    await resetPasswordWithToken(deps, 'reset', tokenId, newpassword, userid);
    deliverSoon();
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
    deliverSoon();
    return { status_smessage: MESSAGES.RESET_LINK_SUCCESS };
  });

  registerCall(app, CALLS.changePassword, async (request, reply) => {
    const user = request.user;
    const sessionId = request.sessionId;
    if (!user || !sessionId) throw new AppError('UNAUTHORIZED');
    await changePassword(deps, user.id, request.body.oldpassword, request.body.password, sessionId);
    // A privilege change: this browser gets a new session token too.
    await revokeSession(app.db, sessionId);
    const session = await createSession(app.db, user.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setSessionCookie(session.token);
    deliverSoon();
    return { status_smessage: MESSAGES.PASSWORD_CHANGED };
  });
}
