/**
 * Staff sign-in (/staff/login): a password, then an authenticator code. MFA is mandatory for staff (FTC
 * Safeguards Rule, 16 CFR 314.4(c)(5)): at first login the password earns only the enrolment of an
 * authenticator app, and the session starts once its first code is confirmed. Clients cannot sign in here,
 * and staff cannot sign in through the client login.
 */
import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byIp, byMfaToken, limits, perIpAndEmail, type Limit } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import {
  checkStaffCredentials,
  finishMfaLogin,
  noteNewSignIn,
  staffStepUser,
  startMfaLogin,
} from '../accounts/accounts.service.ts';
import { checkSecondFactor, enableMfa, startMfaSetup, type MfaDeps } from '../accounts/mfa.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { findActiveStaff, getStaffInfo } from './team.service.ts';

export async function staffAuthRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const mfa: MfaDeps = { db: app.db, keyring, settings: settings.get };

  /** Start the session and say so by e-mail; answers the staff member. */
  const signIn = async (reply: FastifyReply, userId: string, withRecoveryCode: boolean) => {
    await reply.startSession(userId);
    await noteNewSignIn({ db: app.db, settings: settings.get }, userId, { withRecoveryCode });
    return getStaffInfo(app.db, userId);
  };

  const perToken: Limit = {
    name: 'staff-mfa-token',
    max: 5,
    window: '15 minutes',
    key: byMfaToken,
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
      preHandler: perIpAndEmail(app, 'staff-login', { ip: 30, email: 10 }, '15 minutes'),
    },
  );

  registerCall(
    app,
    CALLS.staffLoginMfa,
    async (request, reply) => {
      const { tokenId, user } = await staffStepUser(app.db, request.body.mfa_token, 'mfa');
      const method = await checkSecondFactor(mfa, user.id, request.body.code);
      await finishMfaLogin(app.db, tokenId);
      return { staff: await signIn(reply, user.id, method === 'recovery') };
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(
    app,
    CALLS.staffEnrolStart,
    async (request) => {
      const { user } = await staffStepUser(app.db, request.body.mfa_token, 'enrol');
      return startMfaSetup(mfa, user.id);
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(
    app,
    CALLS.staffEnrolConfirm,
    async (request, reply) => {
      const { tokenId, user } = await staffStepUser(app.db, request.body.mfa_token, 'enrol');
      const recoveryCodes = await enableMfa(mfa, user.id, request.body.code);
      await finishMfaLogin(app.db, tokenId);
      return { staff: await signIn(reply, user.id, false), recovery_codes: recoveryCodes };
    },
    { preHandler: limits(app, perIp, perToken) },
  );

  registerCall(app, CALLS.staffMe, async (request) => {
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED');
    return { staff: await getStaffInfo(app.db, user.id) };
  });

  registerCall(app, CALLS.staffMembers, async () => ({ staff: await findActiveStaff(app.db) }));
}
