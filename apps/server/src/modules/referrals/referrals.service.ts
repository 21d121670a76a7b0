import { clientReferralBodySchema, publicReferralBodySchema } from '@taxfirm/contract';
import { eq, referrals, users, type Database } from '@taxfirm/db';
import type { SessionUser } from '../../types/fastify.d.ts';

/**
 * Store a referral. The same-e-mail rule speaks the visitor's or the client's wording; the referral belongs
 * to the session's client, whatever rf_user_id the body carries.
 */
export async function createReferral({
  db,
  actor,
  body,
  taxYear,
}: {
  db: Database;
  actor: SessionUser | null;
  body: unknown;
  taxYear: number;
}): Promise<void> {
  const isClient = actor?.role === 'client' && actor.clientId !== null;
  // A logged-in client refers as themselves: name and e-mail come from the account, not the body.
  let referrer: { rf_on_name: string; rf_on_email: string } | null = null;
  if (isClient) {
    const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
    if (user) referrer = { rf_on_name: `${user.firstName} ${user.lastName}`, rf_on_email: user.email };
  }
  const given = typeof body === 'object' && body !== null ? body : {};
  const input = (isClient ? clientReferralBodySchema : publicReferralBodySchema).parse({
    ...given,
    ...referrer,
  });
  await db.insert(referrals).values({
    clientId: isClient ? actor.clientId : null,
    taxYear,
    referrerName: input.rf_on_name,
    referrerEmail: input.rf_on_email,
    referrerPhone: input.rf_on_phone,
    referrerPhoneExt: input.rf_on_phone_ext,
    friendName: input.rf_name,
    friendEmail: input.rf_email,
    friendPhone: input.rf_phone,
    friendPhoneExt: input.rf_phone_ext,
    comment: input.rf_comment,
  });
}
