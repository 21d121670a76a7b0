/**
 * A household member's login (issue 38): a `users` row of role client with no `clients` row of its own, made
 * for the household module when the holder or staff invite someone. Nobody knows its first password: the
 * member chooses one with the e-mailed set-up link (resetpasswordlink/{id}), which verifies the address too.
 */
import { randomBytes } from 'node:crypto';
import { and, authTokens, clients, eq, householdMembers, isNull, users, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { byEmail } from './accounts.service.ts';
import { CLIENT_INVITE_TTL_MS } from './accounts.staff.service.ts';
import { createResetLink } from './passwords.service.ts';
import { revokeUserSessions } from './sessions.service.ts';

type Writer = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * Create a member's login (unverified, an unknown password) and its set-up link, valid as long as a staff
 * invitation's. An address that already has a login is refused with EMAIL_IN_USE (a race ends in the unique
 * index: the caller maps it the same way); only the login of a former member (a client login of no file and
 * no household) is given a new set-up link instead.
 */
export async function createMemberLogin(
  tx: Writer,
  input: { appUrl: string; email: string; firstName: string; lastName: string },
): Promise<{ userId: string; setUpUrl: string }> {
  const [existing] = await tx
    .select({ id: users.id, role: users.role, holder: clients.id, member: householdMembers.id })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(byEmail(input.email))
    .limit(1);
  if (existing) {
    const isFormerMember = existing.role === 'client' && existing.holder === null && existing.member === null;
    if (!isFormerMember) throw new AppError('EMAIL_IN_USE');
    const setUpUrl = await createResetLink(tx, input.appUrl, existing.id, CLIENT_INVITE_TTL_MS);
    return { userId: existing.id, setUpUrl };
  }
  // Nobody knows this password: the login opens only through the e-mailed link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      role: 'client',
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('member login not created');
  const setUpUrl = await createResetLink(tx, input.appUrl, user.id, CLIENT_INVITE_TTL_MS);
  return { userId: user.id, setUpUrl };
}

/** A removed member's login: every session ends at once and every unused link dies. The row stays (history). */
export async function endMemberLogin(tx: Pick<Database, 'update'>, userId: string): Promise<void> {
  await revokeUserSessions(tx, userId);
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
