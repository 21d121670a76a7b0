import {
  clientReferralBodySchema,
  formatPhone,
  isPhoneExtension,
  publicReferralBodySchema,
  type DataTablesParameters,
  type ReferralRow,
} from '@taxfirm/contract';
import { and, count, eq, referrals, users, type Database } from '@taxfirm/db';
import { definePagedList, inSlice, orderBy, searchIn, type ListPage } from '../../lib/paged-query.ts';
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

/** The referred friend's phone in its extension's format; the digits as given when the extension is unknown. */
export function friendPhoneOf(referral: { friendPhone: string; friendPhoneExt: string }): string {
  return isPhoneExtension(referral.friendPhoneExt)
    ? formatPhone(referral.friendPhone, referral.friendPhoneExt)
    : referral.friendPhone;
}

const ownReferrals = definePagedList({
  count: (db, where) => db.select({ n: count() }).from(referrals).where(where),
  query: (f: { clientId: string; taxYear: number; search: string | undefined }) => {
    const scope = and(eq(referrals.clientId, f.clientId), eq(referrals.taxYear, f.taxYear));
    const search = searchIn(f.search, [referrals.friendName, referrals.friendEmail]);
    return {
      scope,
      search,
      order: orderBy(referrals.createdAt, 'desc', referrals.id, 'desc'),
    };
  },
  read: async (db, q, slice): Promise<ReferralRow[]> => {
    const rows = await inSlice(db.select().from(referrals).$dynamic(), q, slice);
    return rows.map((row) => ({
      rf_on_name: row.referrerName,
      rf_on_email: row.referrerEmail,
      rf_name: row.friendName,
      rf_email: row.friendEmail,
      rf_phone: friendPhoneOf(row),
      rf_phone_ext: row.friendPhoneExt,
      rf_comment: row.comment,
      created_at: row.createdAt.toISOString(),
    }));
  },
});

/**
 * One page of the client's own referrals for a tax year, newest first, in the DataTables shape: the total for
 * the year, the total matching the search (friend's name or e-mail), and the page.
 */
export function listReferrals({
  db,
  clientId,
  taxYear,
  page,
}: {
  db: Database;
  clientId: string;
  taxYear: number;
  page: DataTablesParameters;
}): Promise<ListPage<ReferralRow>> {
  return ownReferrals.page(db, { clientId, taxYear, search: page.search?.value }, page);
}
