/**
 * What both doors (the client portal, the staff console) do once someone has proved who they are and their
 * answer is built: start the session (the cookie), then audit the sign-in. The answer is built first, so a
 * refusal never carries a session cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@taxfirm/db';
import { originOf } from '../../lib/actor.ts';
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
