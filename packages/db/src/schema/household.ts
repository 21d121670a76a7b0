/**
 * The household (issue 38): the people besides the account holder who sign in to the same client file with
 * their own login. The spouse on a joint return sees and does what the holder does, and signs their own part;
 * a delegate (an adult child helping parents) has the rights the holder chose, never signs and never sees an
 * identity number in full. A login belongs to at most one household, and a file has at most one spouse.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { clients, users } from './accounts.ts';

export const householdMemberKind = pgEnum('household_member_kind', ['spouse', 'delegate']);

export const householdMembers = pgTable(
  'household_members',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: householdMemberKind().notNull(),
    /** A delegate's rights, as the holder chose them (a spouse has every right). Seeing the file is implied. */
    canUpload: boolean().notNull().default(false),
    canMessage: boolean().notNull().default(false),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('household_members_client_idx').on(t.clientId),
    uniqueIndex('household_members_one_spouse_idx')
      .on(t.clientId)
      .where(sql`${t.kind} = 'spouse'`),
  ],
);
