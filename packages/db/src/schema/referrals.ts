import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

/** A friend referred to the firm, from the public form or a client's portal. */
export const referrals = pgTable(
  'referrals',
  {
    ...id,
    /** The referring client, from the session; null for a visitor (the old rf_user_id 0). */
    clientId: uuid(),
    /** The tax year the referral counts toward (the current tax year when it was made). */
    taxYear: integer().notNull(),
    referrerName: text().notNull(),
    referrerEmail: text().notNull(),
    /** Ten digits, without the mask. */
    referrerPhone: text().notNull(),
    referrerPhoneExt: text().notNull(),
    friendName: text().notNull(),
    friendEmail: text().notNull(),
    friendPhone: text().notNull(),
    friendPhoneExt: text().notNull(),
    comment: text().notNull(),
    ...timestamps,
  },
  (t) => [
    // A client's referral list, newest first, per tax year.
    index('referrals_client_year_created_idx').on(t.clientId, t.taxYear, t.createdAt),
    // The staff inbox lists all referrals, newest first.
    index('referrals_created_idx').on(t.createdAt),
  ],
);
