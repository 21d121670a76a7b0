/**
 * Document requests: each filing (client + tax year) has a checklist of items the firm needs, every change to
 * an item is kept with who and when, reminders are logged, and staff keep named templates.
 */
import { REQUEST_ITEM_STATUSES, REQUEST_ITEM_TYPE_NAMES, REQUEST_PERSONS } from '@taxfirm/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { ofClient, ofFiling } from './filing-columns.ts';
import { users } from './accounts.ts';
import { dependents } from './profile.ts';

export const requestItemType = pgEnum('request_item_type', REQUEST_ITEM_TYPE_NAMES);
export const requestItemStatus = pgEnum('request_item_status', REQUEST_ITEM_STATUSES);
export const requestPerson = pgEnum('request_person', REQUEST_PERSONS);
/** Where an item came from. */
export const requestItemSource = pgEnum('request_item_source', [
  'profile',
  'last_year',
  'template',
  'staff',
  'organizer',
]);

/** One thing the firm needs for a filing. Removed items stay (removedAt) so their history does too. */
export const requestItems = pgTable(
  'request_items',
  {
    ...id,
    ...ofFiling(),
    position: integer().notNull(),
    type: requestItemType().notNull(),
    title: text().notNull(),
    person: requestPerson(),
    dependentId: uuid().references(() => dependents.id, { onDelete: 'set null' }),
    note: text(),
    required: boolean().notNull().default(true),
    status: requestItemStatus().notNull().default('requested'),
    /** The rejection reason the client sees, or the not-applicable reason. */
    reason: text(),
    /** For 'later': the day the client said they would send it. */
    laterDate: date({ mode: 'string' }),
    source: requestItemSource().notNull(),
    /**
     * For suggested items, what suggested them (e.g. `employer:<id>`, `last-year:<item id>`): suggesting
     * again adds only what is missing, and an item staff removed is not suggested again.
     */
    sourceKey: text(),
    /**
     * When the item was (last) asked for: the reminder schedule counts from here. Set to now, with
     * remindersSent 0 and lastRemindedAt null, whenever the item (re)enters requested or rejected.
     */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('request_items_client_filing_idx').on(t.clientId, t.filingId, t.position),
    uniqueIndex('request_items_filing_source_key_idx').on(t.filingId, t.sourceKey),
    // The reminder pass: open items of live filings.
    index('request_items_open_idx')
      .on(t.filingId)
      .where(sql`${t.status} in ('requested', 'rejected', 'later') and ${t.removedAt} is null`),
    // My work: uploads waiting for staff review.
    index('request_items_uploaded_idx')
      .on(t.filingId)
      .where(sql`${t.status} = 'uploaded' and ${t.removedAt} is null`),
    // My work: items the client promised by a day (the late ones are those before today).
    index('request_items_later_idx')
      .on(t.laterDate)
      .where(sql`${t.status} = 'later' and ${t.removedAt} is null`),
  ],
);

/** Every change to an item: who (client, staff or the system) and when. Append-only. */
export const requestItemEvents = pgTable(
  'request_item_events',
  {
    ...id,
    itemId: uuid()
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    ...ofClient(),
    /** created, edited, uploaded, accepted, rejected, not_applicable, later, reopened, removed, reminded. */
    action: text().notNull(),
    fromStatus: requestItemStatus(),
    toStatus: requestItemStatus(),
    reason: text(),
    /** 'client', 'staff' or 'system'. */
    actorKind: text().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('request_item_events_item_idx').on(t.itemId, t.createdAt),
    // The queue's "unattended": the firm's recent work on clients' checklists.
    index('request_item_events_staff_idx')
      .on(t.createdAt, t.clientId)
      .where(sql`${t.actorKind} = 'staff'`),
  ],
);

/** A reminder sent for a filing's open items (scheduled or "Remind now"), with the titles it listed. */
export const requestReminders = pgTable(
  'request_reminders',
  {
    ...id,
    ...ofFiling(),
    /** The staff member who pressed "Remind now"; null for the scheduler. */
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    manual: boolean().notNull().default(false),
    itemTitles: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_reminders_filing_idx').on(t.filingId, t.createdAt)],
);

/** A named list of items staff apply to a file (US individual, NRI add-on, business, ...). */
export const requestTemplates = pgTable('request_templates', {
  ...id,
  name: text().notNull().unique(),
  items: jsonb()
    .$type<
      {
        type: (typeof REQUEST_ITEM_TYPE_NAMES)[number];
        title: string;
        person?: (typeof REQUEST_PERSONS)[number] | null;
        note?: string | null;
        required: boolean;
      }[]
    >()
    .notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
