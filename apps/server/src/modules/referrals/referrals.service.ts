import {
  clientReferralBodySchema,
  formatPhone,
  isPhoneExtension,
  publicReferralBodySchema,
  type DataTablesParameters,
  type ReferralRow,
} from '@taxfirm/contract';
import { and, count, desc, eq, ilike, or, referrals, users, type Database } from '@taxfirm/db';
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

/**
 * One page of the client's own referrals for a tax year, newest first, in the DataTables shape: the total for
 * the year, the total matching the search (friend's name or e-mail), and the page.
 */
export async function listReferrals({
  db,
  clientId,
  taxYear,
  page,
}: {
  db: Database;
  clientId: string;
  taxYear: number;
  page: DataTablesParameters;
}): Promise<{ data: ReferralRow[]; recordsTotal: number; recordsFiltered: number }> {
  const own = and(eq(referrals.clientId, clientId), eq(referrals.taxYear, taxYear));
  const term = page.search?.value?.trim() ?? '';
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matching = term
    ? and(own, or(ilike(referrals.friendName, pattern), ilike(referrals.friendEmail, pattern)))
    : own;
  const [[total], [filtered], rows] = await Promise.all([
    db.select({ n: count() }).from(referrals).where(own),
    db.select({ n: count() }).from(referrals).where(matching),
    db
      .select()
      .from(referrals)
      .where(matching)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(page.length)
      .offset(page.start),
  ]);
  return {
    recordsTotal: total?.n ?? 0,
    recordsFiltered: filtered?.n ?? 0,
    data: rows.map((row) => ({
      rf_on_name: row.referrerName,
      rf_on_email: row.referrerEmail,
      rf_name: row.friendName,
      rf_email: row.friendEmail,
      rf_phone: isPhoneExtension(row.friendPhoneExt)
        ? formatPhone(row.friendPhone, row.friendPhoneExt)
        : row.friendPhone,
      rf_phone_ext: row.friendPhoneExt,
      rf_comment: row.comment,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
