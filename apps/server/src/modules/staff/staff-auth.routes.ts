/**
 * Staff sign-in (/staff/login): a password, then an authenticator code. MFA is mandatory for staff (FTC
 * Safeguards Rule, 16 CFR 314.4(c)(5)): at first login the password earns only the enrolment of an
 * authenticator app, and the session starts once its first code is confirmed. Clients cannot sign in here,
 * and staff cannot sign in through the client login.
 */
import { CALLS, isStaffRole, type StaffInfo } from '@taxfirm/contract';
import { and, asc, eq, inArray, isNull, users } from '@taxfirm/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byEmail, byIp, limits, type Limit } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import {
  checkStaffCredentials,
  finishMfaLogin,
  mfaLoginUser,
  startMfaLogin,
} from '../accounts/accounts.service.ts';
import { checkSecondFactor, enableMfa, startMfaSetup, type MfaDeps } from '../accounts/mfa.service.ts';
import { createSession, revokeSession } from '../accounts/sessions.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';

export async function staffInfo(app: FastifyInstance, userId: string): Promise<StaffInfo> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !isStaffRole(user.role)) throw new AppError('UNAUTHORIZED');
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
  };
}

export async function staffAuthRoutes(
  app: FastifyInstance,
  { settings, keyring, mail }: { settings: SettingsCache; keyring: Keyring; mail: MailWorker },
) {
  const mfa: MfaDeps = { db: app.db, keyring, settings: settings.get };

  /** The staff member a live second-step token belongs to, with MFA on (`mfa`) or not yet (`enrol`). */
  const stepUser = async (token: string, step: 'mfa' | 'enrol') => {
    const { tokenId, userId } = await mfaLoginUser(app.db, token);
    const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !isStaffRole(user.role) || user.deactivatedAt !== null)
      throw new AppError('MFA_LOGIN_EXPIRED');
    if ((step === 'mfa') !== Boolean(user.mfaEnabledAt)) {
      throw new AppError('MFA_LOGIN_EXPIRED');
    }
    return { tokenId, user };
  };

  /** Start the session (a new token; an earlier session in this browser ends) and say so by e-mail. */
  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; email: string; firstName: string },
    withRecoveryCode: boolean,
  ) => {
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    const session = await createSession(app.db, user.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setSessionCookie(session.token);
    const { firm_name: firmName, site_email: siteEmail } = await settings.get();
    await enqueueEmail(
      app.db,
      user.email,
      templates.newSignIn(firmName, user.firstName, new Date().toUTCString(), withRecoveryCode, siteEmail),
    );
    void mail.wake();
    return staffInfo(app, user.id);
  };

  const perToken: Limit = {
    name: 'staff-mfa-token',
    max: 5,
    window: '15 minutes',
    key: (request) => String((request.body as { mfa_token?: unknown } | undefined)?.mfa_token ?? ''),
  };
  const perIp: Limit = { name: 'staff-mfa-ip', max: 30, window: '15 minutes', key: byIp };

  registerCall(
    app,
    CALLS.staffLogin,
    async (request) => {
      const user = await checkStaffCredentials(app.db, request.body.email, request.body.password);
      return {
        step: user.mfaEnabledAt ? ('mfa' as const) : ('enrol' as const),
        mfa_token: await startMfaLogin(app.db, user.id),
      };
    },
    {
      preHandler: limits(
        app,
        { name: 'staff-login-ip', max: 30, window: '15 minutes', key: byIp },
        { name: 'staff-login-email', max: 10, window: '15 minutes', key: byEmail },
      ),
    },
  );

  registerCall(
    app,
    CALLS.staffLoginMfa,
    async (request, reply) => {
      const { tokenId, user } = await stepUser(request.body.mfa_token, 'mfa');
      const method = await checkSecondFactor(mfa, user.id, request.body.code);
      await finishMfaLogin(app.db, tokenId);
      return { staff: await signIn(request, reply, user, method === 'recovery') };
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(
    app,
    CALLS.staffEnrolStart,
    async (request) => {
      const { user } = await stepUser(request.body.mfa_token, 'enrol');
      return startMfaSetup(mfa, user.id);
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(
    app,
    CALLS.staffEnrolConfirm,
    async (request, reply) => {
      const { tokenId, user } = await stepUser(request.body.mfa_token, 'enrol');
      const recoveryCodes = await enableMfa(mfa, user.id, request.body.code);
      await finishMfaLogin(app.db, tokenId);
      return { staff: await signIn(request, reply, user, false), recovery_codes: recoveryCodes };
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(app, CALLS.staffMe, async (request) => {
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED');
    return { staff: await staffInfo(app, user.id) };
  });

  registerCall(app, CALLS.staffMembers, async () => {
    const rows = await app.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
      .from(users)
      .where(and(inArray(users.role, ['analyst', 'admin']), isNull(users.deactivatedAt)))
      .orderBy(asc(users.firstName), asc(users.lastName));
    return {
      staff: rows.flatMap((row) =>
        isStaffRole(row.role)
          ? [{ user_id: row.id, name: `${row.firstName} ${row.lastName}`, role: row.role }]
          : [],
      ),
    };
  });
}
