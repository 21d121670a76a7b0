/**
 * What both doors (the client portal, the staff console) do once someone has proved who they are and their
 * answer is built: start the session (the cookie), then audit the sign-in. The answer is built first, so a
 * refusal never carries a session cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@taxfirm/db';
import { originOf } from '../../lib/actor.ts';
import { userNeedsConsent } from '../consents/consents.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { userInfo } from './accounts.service.ts';
import { auditSignIn, type Door } from './sign-in.service.ts';

/** How the person proved who they are, as the sign-in's audit row names it. */
export type SignInHow = Parameters<typeof auditSignIn>[4];

export async function startSignedInSession(
  db: Database,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  door: Door,
  userId: string,
  how: SignInHow,
): Promise<void> {
  await reply.startSession(userId);
  await auditSignIn(db, door, userId, originOf(request), how);
}

/**
 * A client who has proved who they are (password, second step, passkey, e-mailed code, reset link): build
 * the login answer (uinfo; `consent_required` while the terms or the §7216 question wait), then start the
 * session. userInfo refuses anyone but a client, so a refusal never carries a session cookie.
 */
export async function signInClient(
  deps: { db: Database; settings: Pick<SettingsCache, 'taxYear'> },
  exchange: { request: FastifyRequest; reply: FastifyReply },
  userId: string,
  how: SignInHow,
) {
  const uinfo = await userInfo(deps.db, userId, await deps.settings.taxYear());
  const consentRequired = await userNeedsConsent(deps.db, userId);
  await startSignedInSession(deps.db, exchange, 'client', userId, how);
  return consentRequired ? { uinfo, consent_required: true as const } : { uinfo };
}
