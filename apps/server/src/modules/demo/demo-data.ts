/**
 * Demo data for `npm run db:seed`: a small firm a newcomer can click through. Staff, clients across every file
 * status and two tax years, profiles, documents, summaries, invoices, payments, checklists, messages,
 * referrals and contact messages. Everything the app seals or hashes goes through the app's own code
 * (profile saves seal identity numbers, the password hasher, the storage driver seals files, message bodies
 * are sealed by the messaging service), so reveals, downloads and sign-ins work as they do for real data.
 *
 * The content is deterministic (a seeded PRNG over fixed name lists); passwords are random on every run,
 * since a demo database is still a database someone can reach.
 *
 * This file makes the staff and each client's account, then hands the client's file to the parts that seed
 * it, in a fixed order (the PRNG's draws depend on it): `demo-profile.ts`, `demo-documents.ts`,
 * `demo-file.ts` (the status path, last year), `demo-billing.ts`, `demo-conversation.ts`.
 */
import { randomBytes } from 'node:crypto';
import { FILE_STATUSES, type FileStatus } from '@taxfirm/contract';
import {
  and,
  clients,
  contactMessages,
  organizerAnswers,
  count,
  deliverables,
  documents,
  eq,
  filings,
  filingStatusHistory,
  inArray,
  invoices,
  messages,
  payments,
  referrals,
  requestItems,
  siteSettings,
  ne,
  taxSummaries,
  type SQL,
  users,
  type Database,
} from '@taxfirm/db';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { createClientAccount } from '../accounts/accounts.service.ts';
import { recordTermsAccepted } from '../consents/consents.service.ts';
import { saveView } from '../views/views.staff.service.ts';
import { seedAutomations } from './demo-automations.ts';
import { seedInvoice } from './demo-billing.ts';
import { seedContactMessages, seedConversation, seedReferral } from './demo-conversation.ts';
import { seedChecklist, seedDocuments, seedTaxSummary } from './demo-documents.ts';
import { seedDeliverables, seedPreviousYear, seedStatusPath, type DemoFile } from './demo-file.ts';
import { DEMO_ORIGIN, demoAdmin, seedProfile } from './demo-profile.ts';
import { prng } from './demo-random.ts';
import { DEMO_DOMAIN, FIRST_NAMES, LAST_NAMES } from './names.ts';

export const DEFAULT_DEMO_CLIENTS = 200;

export const DEMO_STAFF = [
  { email: `admin@${DEMO_DOMAIN}`, role: 'admin', first: 'Ada', last: 'Shah' },
  { email: `analyst1@${DEMO_DOMAIN}`, role: 'analyst', first: 'Ravi', last: 'Menon' },
  { email: `analyst2@${DEMO_DOMAIN}`, role: 'analyst', first: 'Grace', last: 'Miller' },
  { email: `analyst3@${DEMO_DOMAIN}`, role: 'analyst', first: 'Kiran', last: 'Iyer' },
] as const;

export class DemoRefusedError extends Error {}

export type DemoDeps = {
  db: Database;
  keyring: Keyring;
  storage: ObjectStorage;
  isProduction: boolean;
  appUrl: string;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
};

export type DemoResult = {
  staff: { email: string; role: string; password: string }[];
  /** Every demo client signs in with this one password (hashing 200 would only slow the seed). */
  clientPassword: string;
  /** A few clients to sign in as. */
  sampleClients: { email: string; status: FileStatus }[];
  counts: Record<string, number>;
  currentTaxYear: number;
};
/** Refuse where demo data must never go: production, or a database that already has clients. */
export async function assertCanSeed(db: Database, isProduction: boolean): Promise<void> {
  if (isProduction) {
    throw new DemoRefusedError(
      'db:seed refuses to run with NODE_ENV=production: demo data (with known demo logins) does not belong in a live database.',
    );
  }
  const [row] = await db.select({ n: count() }).from(clients);
  if ((row?.n ?? 0) > 0) {
    throw new DemoRefusedError(
      `db:seed refuses: the database already has ${row?.n} clients, and demo data is only added to an empty one.\n` +
        'To start over with demo data, point DATA_DIR at a new, empty folder (e.g. DATA_DIR=./data-demo npm run db:seed),\n' +
        'or with PostgreSQL create an empty database for DATABASE_URL.',
    );
  }
  const [taken] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_STAFF.map((member) => member.email),
      ),
    )
    .limit(1);
  if (taken) {
    throw new DemoRefusedError(
      `db:seed refuses: ${taken.email} already exists. Demo data goes into a new database: use a new, empty DATA_DIR.`,
    );
  }
}

/** Fill an empty, migrated database with the demo firm. */
export async function seedDemoData(
  deps: DemoDeps,
  options: { clients?: number; seed?: number } = {},
): Promise<DemoResult> {
  const { db, keyring, storage } = deps;
  const log = deps.log ?? (() => {});
  await assertCanSeed(db, deps.isProduction);
  const r = prng(options.seed ?? 2024);
  const clientCount = options.clients ?? DEFAULT_DEMO_CLIENTS;
  const [settings] = await db
    .select({ current: siteSettings.currentTaxYear, first: siteSettings.firstTaxYear })
    .from(siteSettings)
    .limit(1);
  if (!settings) throw new Error('The site settings row is missing (the database was not migrated).');
  const current = settings.current;
  const previous = current - 1;
  if (settings.first > previous) {
    // The previous year's filings show only if the firm files for it.
    await db.update(siteSettings).set({ firstTaxYear: previous }).where(eq(siteSettings.singleton, true));
  }

  log('staff…');
  const staff: DemoResult['staff'] = [];
  const staffIds: string[] = [];
  for (const member of DEMO_STAFF) {
    // As staff:create makes a member, with a password already set instead of a set-up link.
    const password = randomBytes(12).toString('base64url');
    const [user] = await db
      .insert(users)
      .values({
        email: member.email,
        passwordHash: await hashPassword(password),
        role: member.role,
        firstName: member.first,
        lastName: member.last,
        verifiedAt: new Date(),
        passwordChangedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('staff member not stored');
    const userId = user.id;
    staff.push({ email: member.email, role: member.role, password });
    staffIds.push(userId);
  }
  const adminId = staffIds[0] as string;
  const analysts = staffIds.slice(1);

  const clientPassword = randomBytes(12).toString('base64url');
  const clientHash = await hashPassword(clientPassword);
  const sampleClients: DemoResult['sampleClients'] = [];
  const seq = { file: 0, invoice: 0 };

  for (let i = 0; i < clientCount; i += 1) {
    if (i > 0 && i % 50 === 0) log(`clients: ${i} of ${clientCount}…`);
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const email = `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@${DEMO_DOMAIN}`;
    const india = r.chance(0.2);
    const phone = india ? `98${r.int(10_000_000, 99_999_999)}` : `${r.int(201, 989)}555${r.int(1000, 9999)}`;
    // Every status appears (and To Be Assigned and the early ones most, as in a season).
    const status: FileStatus = FILE_STATUSES[i] ?? r.pick(FILE_STATUSES);
    const analyst = r.pick(analysts);

    // As registration makes the account, terms ticked on the form included.
    const { userId, clientId } = await db.transaction(async (tx) => {
      const made = await createClientAccount(tx, {
        email,
        passwordHash: clientHash,
        firstName: first,
        lastName: last,
        phone,
        phoneExt: india ? 'INDIA' : 'US',
        taxYear: current,
        assignedTo: null,
        comment: 'Registered in the client portal',
        changedBy: null,
      });
      await recordTermsAccepted(tx, { ...made, origin: DEMO_ORIGIN });
      return made;
    });
    await db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, userId));
    if (sampleClients.length < 5 && i % 3 === 0) sampleClients.push({ email, status });

    const [filing] = await db
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, current)));
    if (!filing) throw new Error('the new client has no filing');
    const file: DemoFile = {
      db,
      keyring,
      storage,
      r,
      i,
      current,
      status,
      analyst,
      adminId,
      userId,
      clientId,
      filingId: filing.id,
      email,
      first,
      last,
      phone,
      india,
      statusSince: new Date(),
      seq,
    };
    await seedProfile(file);
    await seedDocuments(file);
    await seedChecklist(file);
    await seedStatusPath(file);
    await seedDeliverables(file);
    await seedTaxSummary(file);
    await seedInvoice(file);
    await seedPreviousYear(file);
    await seedConversation(file);
    await seedReferral(file);
  }

  log('saved views and automations…');
  await seedSavedViews(db, adminId);
  await seedAutomations(db, adminId, analysts);
  log('contact messages…');
  await seedContactMessages(db, r);
  return {
    staff,
    clientPassword,
    sampleClients,
    counts: await countRows(db),
    currentTaxYear: current,
  };
}

/** The firm's shared views of the queue, as its admin saves them (issue 36): the menu shows them with counts. */
async function seedSavedViews(db: Database, adminId: string): Promise<void> {
  const admin = demoAdmin(adminId);
  const views = [
    {
      name: 'Overdue',
      query: { due: 'overdue' as const, sort: { column: 'next_due' as const, dir: 'asc' as const } },
    },
    { name: 'Docs complete, not started', query: { status: 'Preparation Pending' as const } },
    { name: 'Waiting on client > 7 days', query: { waiting: 'client' as const, unattended_days: 7 } },
  ];
  for (const view of views) await saveView(db, admin, { ...view, shared: true });
}

/** What the demo filled, table by table. */
async function countRows(db: Database): Promise<Record<string, number>> {
  const size = async (table: Parameters<ReturnType<Database['select']>['from']>[0], where?: SQL) => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };
  return {
    staff: await size(users, ne(users.role, 'client')),
    clients: await size(clients),
    filings: await size(filings),
    'status changes': await size(filingStatusHistory),
    deliverables: await size(deliverables),
    documents: await size(documents),
    'tax summaries': await size(taxSummaries),
    invoices: await size(invoices),
    payments: await size(payments),
    'checklist items': await size(requestItems),
    messages: await size(messages),
    referrals: await size(referrals),
    'contact messages': await size(contactMessages),
    organizers: await size(organizerAnswers),
  };
}
