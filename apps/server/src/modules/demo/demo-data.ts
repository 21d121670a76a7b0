/**
 * Demo data for `npm run db:seed`: a small firm a newcomer can click through. Staff, clients across every file
 * status and two tax years, profiles, documents, summaries, invoices, payments, checklists, messages,
 * referrals and contact messages. Everything the app seals or hashes goes through the app's own code
 * (profile saves seal identity numbers, the password hasher, the storage driver seals files, message bodies
 * are sealed by the messaging service), so reveals, downloads and sign-ins work as they do for real data.
 *
 * The content is deterministic (a seeded PRNG over fixed name lists); passwords are random on every run,
 * since a demo database is still a database someone can reach.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CALLS,
  DOCUMENT_CATEGORIES,
  FILE_STATUSES,
  FILING_STATUSES,
  INITIAL_FILE_STATUS,
  invoiceNumber,
  type DocumentCategory,
  type FileStatus,
} from '@taxfirm/contract';
import {
  and,
  clients,
  contactMessages,
  count,
  documents,
  eq,
  filings,
  filingStatusHistory,
  inArray,
  invoiceLines,
  invoices,
  invoiceSequences,
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
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ClientActor } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { createClientAccount } from '../accounts/accounts.service.ts';
import { recordTermsAccepted } from '../consents/consents.service.ts';
import { recordDocuments } from '../documents/documents.service.ts';
import { ensureThread, writeMessage } from '../messaging/messaging.service.ts';
import { saveDependents, saveEmployers, saveSpouse, saveTaxpayer } from '../profile/profile.service.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

export const DEFAULT_DEMO_CLIENTS = 200;

/** The demo's addresses: example.com's reserved sibling, so no e-mail can reach a real person. */
export const DEMO_DOMAIN = 'demo.example';

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

/** mulberry32: a tiny, well-spread PRNG, so the same seed gives the same firm. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof prng>;

const CHILDREN = ['Aarav', 'Emma', 'Liam', 'Olivia', 'Isha', 'Noah', 'Diya', 'Mia', 'Rohan', 'Ava'] as const;
const COMPANIES = ['Initech', 'Globex', 'Umbrella Systems', 'Hooli', 'Vandelay Industries', 'Stark Labs'];
const END_CLIENTS = ['Acme Bank', 'Northwind Health', 'Contoso Retail', 'Fabrikam Insurance', 'Tailspin Air'];
const OCCUPATIONS = ['Software Engineer', 'Data Analyst', 'Nurse', 'Teacher', 'Accountant', 'Consultant'];
const CITIES = [
  { city: 'Dallas', state: 'TX', zip: '75201', zone: 'CST' },
  { city: 'Austin', state: 'TX', zip: '78701', zone: 'CST' },
  { city: 'San Jose', state: 'CA', zip: '95113', zone: 'PST' },
  { city: 'Seattle', state: 'WA', zip: '98101', zone: 'PST' },
  { city: 'Edison', state: 'NJ', zip: '08817', zone: 'EST' },
  { city: 'Chicago', state: 'IL', zip: '60601', zone: 'CST' },
  { city: 'Denver', state: 'CO', zip: '80202', zone: 'MST' },
] as const;
const VISAS = ['H1B', 'H4', 'L1', 'F1', 'Green Card', 'US Citizen'];

/** Where a filing stands on its way to `status`: the statuses it passed through, in order. */
function pathTo(status: FileStatus): FileStatus[] {
  if (status === 'Cancel Filing') return ['Basic Info Pending', 'Cancel Filing'];
  const end = FILE_STATUSES.indexOf(status);
  return FILE_STATUSES.slice(1, end + 1).filter((s) => s !== 'Paper-Filing Pending' || status === s);
}
const reached = (status: FileStatus, mark: FileStatus) =>
  status !== 'Cancel Filing' && FILE_STATUSES.indexOf(status) >= FILE_STATUSES.indexOf(mark);

/**
 * A number shaped like an identity number that no one holds: area 9XX is never an SSN, and group 93 is
 * outside every ITIN range, so it cannot be anyone's.
 */
const fakeIdentityNumber = (r: Random) => `9${r.int(10, 99)}93${String(r.int(1, 9999)).padStart(4, '0')}`;

/** MM-DD-YYYY, as the profile forms send dates. */
const formDate = (year: number, r: Random) =>
  `${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}-${year}`;

/** A one-page PDF that says what it stands for: real enough for the viewers and downloads. */
async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 72, y: 700, size: 18, font });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 18, size: 11, font }));
  page.drawText('DEMO DATA - not a real tax document', { x: 72, y: 72, size: 9, font });
  return Buffer.from(await pdf.save());
}

const DOCUMENT_PREFIX = uploadKeyPrefix(CALLS.uploadDocs);
const DAY_MS = 86_400_000;
/** Where the demo's audited writes say they came from. */
const DEMO_ORIGIN = { ip: '127.0.0.1', userAgent: 'npm run db:seed' };

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
  let fileSeq = 0;
  let invoiceSeq = 0;
  const invoiceYear = current + 1;

  const storeFile = async (bytes: Buffer) => {
    const key = `${DOCUMENT_PREFIX}${randomUUID()}`;
    const stored = await storage.put(key, Readable.from([bytes]));
    return { key, ...stored };
  };

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

    // The profile, saved as the client would save it (while the filing still takes edits).
    const actor: ClientActor = {
      kind: 'client',
      userId,
      clientId,
      email,
      ...DEMO_ORIGIN,
    };
    const profileDeps = { db, keyring, taxYear: current };
    const married = r.chance(0.55);
    const kids = married ? r.int(0, 3) : r.chance(0.1) ? 1 : 0;
    const place = r.pick(CITIES);
    const filingStatus = married
      ? r.chance(0.85)
        ? FILING_STATUSES[1]
        : FILING_STATUSES[2]
      : kids > 0
        ? FILING_STATUSES[3]
        : FILING_STATUSES[0];
    await saveTaxpayer(profileDeps, actor, {
      first_name: first,
      last_name: last,
      ssnitin: fakeIdentityNumber(r),
      occupation: r.pick(OCCUPATIONS),
      dob: formDate(r.int(1965, 1998), r),
      filling_status: filingStatus,
      dependent: kids > 0 ? '1' : '2',
      email,
      phoneext: india ? 'INDIA' : 'US',
      phone,
      alterphone: undefined,
      address: `${r.int(100, 9999)} ${r.pick(['Oak', 'Maple', 'Elm', 'Cedar', 'Pine'])} Street`,
      city_name: place.city,
      state_name: place.state,
      country_name: 'US',
      zip: place.zip,
      insurence: r.chance(0.9) ? 'Yes' : 'No',
      current_emp: r.pick(COMPANIES),
      c_location: india ? 'India' : 'US',
      time_zone: india ? 'IST' : place.zone,
      referral_name: undefined,
    });
    if (married) {
      await saveSpouse(profileDeps, actor, {
        first_name: r.pick(FIRST_NAMES),
        last_name: last,
        ssn: fakeIdentityNumber(r),
        occupation: r.pick(OCCUPATIONS),
        dob: formDate(r.int(1965, 1998), r),
        visa_type: r.pick(VISAS),
      });
    }
    if (kids > 0) {
      await saveDependents(profileDeps, actor, {
        dependentinfo: Array.from({ length: kids }, () => ({
          first_name: r.pick(CHILDREN),
          last_name: last,
          ssn: fakeIdentityNumber(r),
          occupation: r.chance(0.5) ? 'Son' : 'Daughter',
          dob: formDate(r.int(2008, 2022), r),
          visa_type: r.pick(VISAS),
        })),
      });
    }
    await saveEmployers(profileDeps, actor, {
      emploerinfo: Array.from({ length: r.int(1, 2) }, (_, k) => ({
        company_name: r.pick(COMPANIES),
        client_name: r.pick(END_CLIENTS),
        proj_start_date: `0${k * 6 + 1}-01-${current}`,
        proj_end_date: k === 0 ? `06-30-${current}` : `12-31-${current}`,
      })),
    });

    const [filing] = await db
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, current)));
    if (!filing) throw new Error('the new client has no filing');

    // Documents, uploaded by the client once the firm asked for them.
    if (reached(status, 'Docs Upload Pending') || (status === 'Cancel Filing' && r.chance(0.5))) {
      const categories: DocumentCategory[] = ['W2', r.pick(DOCUMENT_CATEGORIES).category];
      for (const category of new Set(categories)) {
        const uploads = [];
        for (let k = 0; k < r.int(1, 2); k += 1) {
          const name = `${category}-${current}-${k + 1}.pdf`;
          const stored = await storeFile(
            await demoPdf(`${category} ${current}`, [`${first} ${last}`, `Tax year ${current}`, name]),
          );
          uploads.push({
            field: 'file',
            key: stored.key,
            originalName: name,
            type: 'application/pdf',
            size: stored.size,
            sha256: stored.sha256,
          });
        }
        await recordDocuments(db, { clientId, filingId: filing.id, userId, category }, uploads);
      }
    }

    // The checklist of what is still wanted, while documents are being collected.
    if (status === 'Docs Upload Pending' || status === 'Other Docs Pending') {
      const items = [
        { type: 'w2', title: `W-2 from ${r.pick(COMPANIES)}`, status: 'accepted' },
        { type: '1099-int', title: '1099-INT from your bank', status: 'requested' },
        {
          type: '1098',
          title: 'Mortgage interest (1098)',
          status: r.pick(['requested', 'uploaded', 'later'] as const),
        },
      ] as const;
      await db.insert(requestItems).values(
        items.map((item, position) => ({
          filingId: filing.id,
          clientId,
          position,
          type: item.type,
          title: item.title,
          status: item.status,
          laterDate: item.status === 'later' ? `${current + 1}-03-31` : null,
          source: 'template' as const,
          createdBy: analyst,
        })),
      );
    }

    // The file's way through the statuses, as staff moved it.
    if (status !== INITIAL_FILE_STATUS) {
      fileSeq += 1;
      const steps = pathTo(status);
      const started = Date.now() - (steps.length + 2) * 3 * DAY_MS;
      await db.transaction(async (tx) => {
        await tx.update(filings).set({ status, assignedTo: analyst }).where(eq(filings.id, filing.id));
        await tx
          .update(clients)
          .set({ fileNumber: `${current}-${String(fileSeq).padStart(4, '0')}` })
          .where(eq(clients.id, clientId));
        await tx.insert(filingStatusHistory).values(
          steps.map((to, k) => ({
            filingId: filing.id,
            fromStatus: k === 0 ? INITIAL_FILE_STATUS : steps[k - 1],
            toStatus: to,
            comment:
              k === 0 ? 'Assigned' : to === 'Cancel Filing' ? 'Client filing elsewhere this year' : null,
            changedBy: k === 0 ? adminId : analyst,
            createdAt: new Date(started + k * 3 * DAY_MS),
          })),
        );
      });
    }

    // The summary of the return, published for the client's review.
    if (reached(status, 'Synopsys Pending')) {
      const stored = await storeFile(
        await demoPdf(`Tax summary ${current}`, [`${first} ${last}`, `Refund: $${r.int(200, 6000)}`]),
      );
      await db.insert(taxSummaries).values({
        filingId: filing.id,
        clientId,
        title: `Tax summary ${current}`,
        status: 'published',
        originalName: `tax-summary-${current}.pdf`,
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        publishedBy: analyst,
        publishedAt: new Date(),
      });
    }

    // The invoice once payment is asked for; paid from Review Pending on.
    if (reached(status, 'Payment Pending')) {
      invoiceSeq += 1;
      const total = r.pick([25_000, 35_000, 45_000, 60_000]);
      const paid = reached(status, 'Review Pending');
      await db
        .insert(invoiceSequences)
        .values({ year: invoiceYear, last: invoiceSeq })
        .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: invoiceSeq } });
      const [invoice] = await db
        .insert(invoices)
        .values({
          clientId,
          filingId: filing.id,
          taxYear: current,
          number: invoiceNumber(invoiceYear, invoiceSeq),
          numberYear: invoiceYear,
          numberSeq: invoiceSeq,
          currency: 'USD',
          status: paid ? 'paid' : 'sent',
          subtotalCents: total,
          totalCents: total,
          paidCents: paid ? total : 0,
          dueDate: `${current + 1}-04-15`,
          createdBy: analyst,
          sentAt: new Date(),
          sentBy: analyst,
          paidAt: paid ? new Date() : null,
        })
        .returning({ id: invoices.id });
      if (!invoice) throw new Error('invoice not made');
      await db.insert(invoiceLines).values({
        invoiceId: invoice.id,
        position: 0,
        description: `Federal and state returns ${current}`,
        quantity: 1,
        unitCents: total,
        amountCents: total,
      });
      if (paid) {
        await db.insert(payments).values({
          clientId,
          filingId: filing.id,
          provider: 'sandbox',
          orderId: `order_demo_${invoiceSeq}`,
          amountCents: total,
          currency: 'USD',
          status: 'paid',
          providerPaymentId: `pay_demo_${invoiceSeq}`,
          method: 'card',
          paidAt: new Date(),
          invoiceId: invoice.id,
        });
      }
    }

    // Last year's return, done (or, now and then, cancelled), for three clients in five.
    if (r.chance(0.6)) {
      const last_year = r.chance(0.9)
        ? r.pick(['E-Filing Complete', 'Filing Docs Sent'] as const)
        : 'Cancel Filing';
      const [old] = await db
        .insert(filings)
        .values({ clientId, taxYear: previous, status: last_year, assignedTo: analyst })
        .returning({ id: filings.id });
      if (!old) throw new Error('previous filing not made');
      await db.insert(filingStatusHistory).values([
        {
          filingId: old.id,
          toStatus: INITIAL_FILE_STATUS,
          comment: 'Registered in the client portal',
          createdAt: new Date(Date.now() - 400 * DAY_MS),
        },
        {
          filingId: old.id,
          fromStatus: INITIAL_FILE_STATUS,
          toStatus: last_year,
          comment: null,
          changedBy: analyst,
          createdAt: new Date(Date.now() - 300 * DAY_MS),
        },
      ]);
    }

    // A conversation with the firm for two clients in five.
    if (r.chance(0.4)) {
      const lines = [
        ['client', 'Hi, I uploaded my W-2. Do you need anything else from me?'],
        ['staff', 'Thank you! Could you also send your 1099-INT from the bank?'],
        ['client', 'Done, it is in the checklist now.'],
        ['staff', 'Got it. We will have your summary ready this week.'],
      ] as const;
      await db.transaction(async (tx) => {
        const thread = await ensureThread(tx, clientId);
        for (const [from, body] of lines.slice(0, r.int(1, 4))) {
          await writeMessage(tx, {
            threadId: thread.id,
            clientId,
            taxYear: current,
            from,
            authorId: from === 'client' ? userId : analyst,
            internal: false,
            body,
            uploads: [],
            keyring,
          });
        }
      });
    }

    // A friend referred, now and then.
    if (r.chance(0.1)) {
      const friend = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
      await db.insert(referrals).values({
        clientId,
        taxYear: current,
        referrerName: `${first} ${last}`,
        referrerEmail: email,
        referrerPhone: phone,
        referrerPhoneExt: india ? 'INDIA' : 'US',
        friendName: friend,
        friendEmail: `${friend.toLowerCase().replace(' ', '.')}.friend${i + 1}@${DEMO_DOMAIN}`,
        friendPhone: `${r.int(201, 989)}555${r.int(1000, 9999)}`,
        friendPhoneExt: 'US',
        comment: 'A colleague who needs help with an H1B return',
      });
    }
  }

  log('contact messages…');
  const contactStatuses = ['new', 'follow up', 'registered', 'no response'] as const;
  await db.insert(contactMessages).values(
    Array.from({ length: 12 }, (_, k) => {
      const name = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
      return {
        name,
        email: `${name.toLowerCase().replace(' ', '.')}.visitor${k + 1}@${DEMO_DOMAIN}`,
        phone: `${r.int(201, 989)}555${r.int(1000, 9999)}`,
        phoneExt: 'US',
        message: r.pick([
          'Can you file my return if I moved states mid-year?',
          'I have rental income in India. Do you handle FBAR?',
          'Please call me about an extension.',
        ]),
        status: contactStatuses[k % contactStatuses.length],
      };
    }),
  );

  return {
    staff,
    clientPassword,
    sampleClients,
    counts: await countRows(db),
    currentTaxYear: current,
  };
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
    documents: await size(documents),
    'tax summaries': await size(taxSummaries),
    invoices: await size(invoices),
    payments: await size(payments),
    'checklist items': await size(requestItems),
    messages: await size(messages),
    referrals: await size(referrals),
    'contact messages': await size(contactMessages),
  };
}
