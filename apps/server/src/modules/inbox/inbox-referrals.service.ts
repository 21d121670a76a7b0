/**
 * The staff inbox's referrals: every referral, from the public page or from a client, as an inbox list
 * (inbox-list.ts). Offshore staff see those naming no client or a client whose §7216 Yes is in force.
 */
import { type InboxReferralRow, type REFERRAL_SORTS } from '@taxfirm/contract';
import { and, clients, eq, isNull, or, referrals, sql } from '@taxfirm/db';
import { clientOffshoreAllowedSql } from '../filings/filings.service.ts';
import { countIn, definePagedList, inSlice, orderBy, searchIn } from '../../lib/paged-query.ts';
import {
  defineInboxList,
  displayPhone,
  INBOX_COUNT_LIMIT,
  type OffshoreScope,
  type Sorted,
} from './inbox-list.ts';

export type ReferralFilters = Sorted<(typeof REFERRAL_SORTS)[number]> &
  OffshoreScope & { taxYear?: number | undefined };

const referrerClientName = sql<string | null>`${clients.firstName} || ' ' || ${clients.lastName}`;

const referralList = definePagedList({
  count: countIn(sql`${referrals} left join ${clients} on ${clients.id} = ${referrals.clientId}`),
  countLimit: INBOX_COUNT_LIMIT,
  query: (f: ReferralFilters) => {
    const scope = and(
      f.taxYear ? eq(referrals.taxYear, f.taxYear) : undefined,
      // A referral from the public page names no client: it stays.
      f.offshoreOnly ? or(isNull(referrals.clientId), clientOffshoreAllowedSql) : undefined,
    );
    const search = searchIn(
      f.search,
      [
        referrals.referrerName,
        referrals.referrerEmail,
        referrals.friendName,
        referrals.friendEmail,
        referrals.comment,
        referrerClientName,
        clients.fileNumber,
      ],
      [referrals.referrerPhone, referrals.friendPhone],
    );
    const columns = {
      received: referrals.createdAt,
      referrer: referrals.referrerName,
      friend: referrals.friendName,
      client: referrerClientName,
      tax_year: referrals.taxYear,
    } as const;
    return {
      scope,
      search,
      order: orderBy(columns[f.sort.column], f.sort.dir, referrals.id),
    };
  },
  read: async (db, q, slice): Promise<InboxReferralRow[]> => {
    const rows = await inSlice(
      db
        .select({
          referral: referrals,
          clientFirst: clients.firstName,
          clientLast: clients.lastName,
          fileNumber: clients.fileNumber,
        })
        .from(referrals)
        .leftJoin(clients, eq(clients.id, referrals.clientId))
        .$dynamic(),
      q,
      slice,
    );
    return rows.map(({ referral: r, clientFirst, clientLast, fileNumber }) => ({
      referral_id: r.id,
      tax_year: r.taxYear,
      referrer_name: r.referrerName,
      referrer_email: r.referrerEmail,
      referrer_phone: displayPhone(r.referrerPhone, r.referrerPhoneExt),
      friend_name: r.friendName,
      friend_email: r.friendEmail,
      friend_phone: displayPhone(r.friendPhone, r.friendPhoneExt),
      comment: r.comment,
      client_id: r.clientId,
      client_name: clientFirst === null ? null : `${clientFirst} ${clientLast ?? ''}`.trim(),
      client_file_number: fileNumber,
      received_at: r.createdAt.toISOString(),
    }));
  },
});

export const referralInbox = defineInboxList({
  list: referralList,
  action: 'staff.inbox.referrals',
  subjectOf: (f: ReferralFilters) => (f.taxYear ? String(f.taxYear) : 'all'),
  csvHeader: [
    'Received',
    'Tax year',
    'Referrer',
    'Referrer e-mail',
    'Referrer phone',
    'Friend',
    'Friend e-mail',
    'Friend phone',
    'Comment',
    'Referring client',
    'Client file number',
  ],
  idOf: (r) => r.referral_id,
  cellsOf: (r) => [
    r.received_at,
    r.tax_year,
    r.referrer_name,
    r.referrer_email,
    r.referrer_phone,
    r.friend_name,
    r.friend_email,
    r.friend_phone,
    r.comment,
    r.client_name,
    r.client_file_number,
  ],
});
