/**
 * Staff sign-in (/staff/login): a password, then an authenticator code. MFA is mandatory for staff (FTC
 * Safeguards Rule, 16 CFR 314.4(c)(5)): at first login the password earns only the enrolment of an
 * authenticator app, and the session starts once its first code is confirmed. Clients cannot sign in here,
 * and staff cannot sign in through the client login.
 */
import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originOf, visitorActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { byIp, byMfaToken, limits, type Limit } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import {
  checkStaffCredentials,
  finishMfaLogin,
  noteNewSignIn,
  staffStepUser,
  startMfaLogin,
} from '../accounts/sign-in.service.ts';
import { checkSecondFactor, enableMfa, startMfaSetup, type MfaDeps } from '../accounts/mfa.service.ts';
import { startSignedInSession, type SignInHow } from '../accounts/session-start.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { findActiveStaff, getStaffInfo } from './team.service.ts';

export async function staffAuthRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const mfa: MfaDeps = { db: app.db, keyring, settings };

  /**
   * Start the session and say so by e-mail; answers the staff member. The answer is built first, so a
   * refusal never carries a session cookie; the session starts last.
   */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: string, how: SignInHow) => {
    const staff = await getStaffInfo(app.db, userId);
    await startSignedInSession(app.db, { request, reply }, 'staff', userId, how);
    await noteNewSignIn({ db: app.db, settings }, userId, {
      withRecoveryCode: how === 'password+recovery code',
    });
    return staff;
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
      const { email, password } = request.body;
      const user = await checkStaffCredentials(app.db, email, password, originOf(request));
      return {
        step: user.mfaEnabledAt ? ('mfa' as const) : ('enrol' as const),
        mfa_token: await startMfaLogin(app.db, user.id, 'staff'),
      };
    },
    {
      // Wrong passwords are counted per account (sign-in.service.ts); every attempt counts per IP.
      preHandler: limits(app, { name: 'staff-login-ip', max: 30, window: '15 minutes', key: byIp }),
    },
  );

  registerCall(
    app,
    CALLS.staffLoginMfa,
    async (request, reply) => {
      const { tokenId, user } = await staffStepUser(app.db, request.body.mfa_token, 'mfa');
      const method = await checkSecondFactor(
        mfa,
        user.id,
        request.body.code,
        visitorActorOf(request, user.id),
      );
      await finishMfaLogin(app.db, tokenId);
      const how = method === 'recovery' ? 'password+recovery code' : 'password+authenticator';
      return { staff: await signIn(request, reply, user.id, how) };
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
      // Enrolment is part of the sign-in: its wrong codes count towards the account's lock.
      const recoveryCodes = await enableMfa(mfa, user.id, request.body.code, {
        actor: visitorActorOf(request, user.id),
        countFailures: true,
      });
      await finishMfaLogin(app.db, tokenId);
      return {
        staff: await signIn(request, reply, user.id, 'password+enrolment'),
        recovery_codes: recoveryCodes,
      };
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
