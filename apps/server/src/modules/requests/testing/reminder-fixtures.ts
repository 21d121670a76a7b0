/**
 * The setting of the reminder tests: a test app with the settings cache, an admin and two analysts, and
 * helpers to make clients with checklist items and read the reminders they were sent.
 */
import type { FileStatus } from '@taxfirm/contract';
import {
  and,
  asc,
  emailOutbox,
  eq,
  ilike,
  requestItems,
  requestReminders,
  signatureDocuments,
  type Database,
} from '@taxfirm/db';
import { afterAll, beforeAll } from 'vitest';
import { assignFiling } from '../../../../test/factories.ts';
import {
  sentText,
  signUpAndLogIn,
  staffSession,
  useTestApp,
  type StaffSession,
  type TestApp,
} from '../../../../test/helpers.ts';
import { createSettingsCache, type SettingsCache } from '../../settings/settings.cache.ts';
import { runReminderPass } from '../reminders.service.ts';

export const APP_URL = 'http://localhost:3000';
export const DAY_MS = 24 * 60 * 60_000;

/** `days` (and `hours`) after `base`. */
export const at = (base: Date, days: number, hours = 0) =>
  new Date(base.getTime() + days * DAY_MS + hours * 3_600_000);

export type Client = {
  sid: string;
  userId: string;
  clientId: string;
  filingId: string;
  taxYear: number;
  email: string;
};

export type ItemSpec = Partial<typeof requestItems.$inferInsert> & { title: string };

/** A document put up for the client to sign (its stored file is never read by a reminder pass). */
export type DocumentSpec = Partial<typeof signatureDocuments.$inferInsert> &
  Pick<typeof signatureDocuments.$inferInsert, 'title' | 'kind' | 'requestedAt'>;

export type ReminderFixtures = {
  t: TestApp;
  settings: SettingsCache;
  admin: StaffSession;
  analyst: StaffSession;
  otherAnalyst: StaffSession;
  /** A verified client whose filing is in `status` and assigned to the analyst. */
  clientIn: (key: string, status?: FileStatus) => Promise<Client>;
  /** Checklist items, requested at `requestedAt` unless they say otherwise. */
  addItems: (
    client: Client,
    requestedAt: Date,
    items: ItemSpec[],
  ) => Promise<(typeof requestItems.$inferSelect)[]>;
  /** The reminder e-mails queued for a client, oldest first, as sent. */
  remindersTo: (client: Client) => Promise<{ subject: string; text: string; html: string | null }[]>;
  /** The reminders logged for the client's filing (scheduled or manual), oldest first. */
  loggedReminders: (client: Client) => Promise<(typeof requestReminders.$inferSelect)[]>;
  itemOf: (id: string | undefined) => Promise<typeof requestItems.$inferSelect | undefined>;
  /** Documents to sign on the client's filing, in order; `key` names their stored files. */
  addDocumentsToSign: (
    client: Client,
    key: string,
    documents: DocumentSpec[],
  ) => Promise<(typeof signatureDocuments.$inferSelect)[]>;
  documentOf: (id: string | undefined) => Promise<typeof signatureDocuments.$inferSelect | undefined>;
  /** One reminder pass at `at`, on the test database unless given another. */
  pass: (at: Date, db?: Database) => ReturnType<typeof runReminderPass>;
};

/** Register the test app and the firm's staff for this file (call at the top of a test file). */
export function useReminderFixtures(): ReminderFixtures {
  const t = useTestApp();
  const f = { t } as ReminderFixtures;
  beforeAll(async () => {
    f.settings = await createSettingsCache(t.database);
    f.admin = await staffSession(t, 'admin@firm.example', 'admin');
    f.analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
    f.otherAnalyst = await staffSession(t, 'other.analyst@firm.example', 'analyst');
  });
  afterAll(async () => {
    await f.settings.close();
  });
  f.clientIn = async (key, status = 'Docs Upload Pending') => {
    const email = `${key}@example.com`;
    const account = await signUpAndLogIn(t, email);
    const filing = await assignFiling(t, account, f.analyst, status);
    return { ...account, filingId: filing.id, taxYear: filing.taxYear, email };
  };
  f.addItems = (client, requestedAt, items) =>
    t.database.db
      .insert(requestItems)
      .values(
        items.map((item, position) => ({
          filingId: client.filingId,
          clientId: client.clientId,
          position,
          type: 'other' as const,
          source: 'staff' as const,
          requestedAt,
          ...item,
        })),
      )
      .returning();
  f.remindersTo = async (client) => {
    const rows = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), ilike(emailOutbox.subject, 'We still need%')))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    return rows.map((row) => ({ subject: row.subject, text: sentText(row), html: row.html }));
  };
  f.loggedReminders = (client) =>
    t.database.db
      .select()
      .from(requestReminders)
      .where(eq(requestReminders.filingId, client.filingId))
      .orderBy(asc(requestReminders.createdAt));
  f.itemOf = async (id) => {
    const [row] = await t.database.db
      .select()
      .from(requestItems)
      .where(eq(requestItems.id, id ?? ''));
    return row;
  };
  f.addDocumentsToSign = (client, key, documents) =>
    t.database.db
      .insert(signatureDocuments)
      .values(
        documents.map((document, n) => ({
          filingId: client.filingId,
          clientId: client.clientId,
          originalName: `${n}.pdf`,
          size: 2048,
          storageKey: `staff-signatures-create/reminder-${key}-${n}`,
          sha256: 'a'.repeat(64),
          ...document,
        })),
      )
      .returning();
  f.documentOf = async (id) => {
    const [row] = await t.database.db
      .select()
      .from(signatureDocuments)
      .where(eq(signatureDocuments.id, id ?? ''));
    return row;
  };
  f.pass = (when, db = t.database.db) =>
    runReminderPass(db, { now: when, settings: f.settings, appUrl: APP_URL });
  return f;
}
