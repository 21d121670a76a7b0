import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_STATUSES, invoiceNumber } from '@taxfirm/contract';
import {
  and,
  eq,
  filings,
  invoiceLines,
  invoices,
  invoiceSequences,
  sql,
  taxSummaries,
  type Database,
  type InvoiceRow,
} from '@taxfirm/db';
import {
  signUpAndLogIn,
  staffSession,
  type ClientSession,
  type StaffSession,
  type TestApp,
} from './helpers.ts';

export type FilingStatus = NonNullable<(typeof filings.$inferInsert)['status']>;

/**
 * `count` clients with a login each (`${emailPrefix}${n}@example.com`, no usable password) and a filing of the
 * firm's current tax year, in `status` or spread over every file status (`'every'`), nobody's: set-based SQL,
 * for lists of thousands (the tests of long queues, the API bench).
 */
export async function makeClientFiles(
  db: Database,
  { count, emailPrefix, status }: { count: number; emailPrefix: string; status: FilingStatus | 'every' },
): Promise<void> {
  const statuses = `{${FILE_STATUSES.map((f) => `"${f}"`).join(',')}}`;
  const statusOf =
    status === 'every'
      ? sql`(${statuses}::file_status[])[1 + (row_number() over ()) % ${FILE_STATUSES.length}]`
      : sql`${status}::file_status`;
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, first_name, last_name, verified_at)
      select ${emailPrefix} || g || '@example.com', 'not-a-password-hash', 'First' || g, 'Last' || g, now()
      from generate_series(1, ${count}) g
      returning id, first_name, last_name
    ), c as (
      insert into clients (user_id, first_name, last_name, phone, phone_ext)
      select id, first_name, last_name, (4695550000 + row_number() over ())::text, 'US' from u
      returning id
    )
    insert into filings (client_id, tax_year, status)
    select c.id, s.current_tax_year, ${statusOf}
    from c, (select current_tax_year from site_settings limit 1) s`);
}

/** The firm's current tax year, read as the web app reads it (settings/getsettings). */
export async function currentTaxYear(t: TestApp): Promise<number> {
  return (await t.post('/api/settings/getsettings')).json().data[0].current_tax_year as number;
}

/**
 * Put the client's filing in `staff`'s hands (`null`: nobody's), and in `status` when one is given,
 * as staff/filings/assign and the status calls would leave it. Answers the filing.
 */
export async function assignFiling(
  t: TestApp,
  client: Pick<ClientSession, 'clientId'>,
  staff: Pick<StaffSession, 'userId'> | null,
  status?: FilingStatus,
): Promise<typeof filings.$inferSelect> {
  const [filing] = await t.database.db
    .update(filings)
    .set({ assignedTo: staff?.userId ?? null, ...(status ? { status } : {}) })
    .where(eq(filings.clientId, client.clientId))
    .returning();
  if (!filing) throw new Error(`no filing for client ${client.clientId}`);
  return filing;
}

export type Firm = {
  taxYear: number;
  admin: StaffSession;
  analyst: StaffSession;
  otherAnalyst: StaffSession;
  /** Asha Rao, a client. */
  asha: ClientSession;
  /** Ravi Kumar, another client. */
  ravi: ClientSession;
};

/**
 * The usual cast of a test file: an admin and two analysts with live sessions, two signed-up clients, and the
 * current tax year. Addresses carry `tag` (`admin.<tag>@firm.example`, `asha.<tag>@example.com`) so files
 * never share one. With `status`, Asha's filing goes to the analyst and Ravi's to the other analyst, both in
 * that status.
 */
export async function seedFirm(t: TestApp, options: { tag: string; status?: FilingStatus }): Promise<Firm> {
  const { tag, status } = options;
  const taxYear = await currentTaxYear(t);
  const admin = await staffSession(t, `admin.${tag}@firm.example`, 'admin');
  const analyst = await staffSession(t, `analyst.${tag}@firm.example`, 'analyst');
  const otherAnalyst = await staffSession(t, `other.${tag}@firm.example`, 'analyst');
  const asha = await signUpAndLogIn(t, `asha.${tag}@example.com`, { first: 'Asha', last: 'Rao' });
  const ravi = await signUpAndLogIn(t, `ravi.${tag}@example.com`, { first: 'Ravi', last: 'Kumar' });
  if (status) {
    await assignFiling(t, asha, analyst, status);
    await assignFiling(t, ravi, otherAnalyst, status);
  }
  return { taxYear, admin, analyst, otherAnalyst, asha, ravi };
}

/**
 * A tax summary as the staff console will publish it: the file in storage and its row on the client's filing
 * for the tax year. Until the console exists, tests make summaries here.
 */
export async function makeTaxSummary(
  t: TestApp,
  options: {
    clientId: string;
    taxYear: number;
    title: string;
    bytes: Buffer;
    status?: 'draft' | 'published' | 'superseded';
    name?: string;
  },
): Promise<{ id: string; storageKey: string }> {
  const [filing] = await t.database.db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, options.clientId), eq(filings.taxYear, options.taxYear)));
  if (!filing) throw new Error(`no ${options.taxYear} filing for client ${options.clientId}`);
  const storageKey = `tax-summaries/${randomUUID()}`;
  const stored = await t.storage.put(storageKey, Readable.from([options.bytes]));
  const status = options.status ?? 'published';
  const [row] = await t.database.db
    .insert(taxSummaries)
    .values({
      filingId: filing.id,
      clientId: options.clientId,
      title: options.title,
      status,
      originalName: options.name ?? `${options.title}.pdf`,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey,
      publishedAt: status === 'draft' ? null : new Date(),
    })
    .returning({ id: taxSummaries.id });
  if (!row) throw new Error('tax summary not made');
  return { id: row.id, storageKey };
}

/**
 * An invoice on the client's filing of `taxYear` (one line of `totalCents`), written straight to the
 * database with the next number of this year's sequence, as staff/invoices/create and send would leave it.
 */
export async function makeInvoice(
  db: Database,
  options: {
    clientId: string;
    taxYear: number;
    totalCents: number;
    status?: 'draft' | 'sent' | 'partly_paid' | 'paid' | 'void';
    currency?: 'USD' | 'INR';
    /** YYYY-MM-DD */
    dueDate?: string | null;
    createdAt?: Date;
  },
): Promise<InvoiceRow> {
  const [filing] = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, options.clientId), eq(filings.taxYear, options.taxYear)));
  if (!filing) throw new Error(`no ${options.taxYear} filing for client ${options.clientId}`);
  const year = new Date().getUTCFullYear();
  const [seq] = await db
    .insert(invoiceSequences)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: sql`${invoiceSequences.last} + 1` } })
    .returning({ last: invoiceSequences.last });
  const sequence = seq?.last ?? 1;
  const status = options.status ?? 'sent';
  const [row] = await db
    .insert(invoices)
    .values({
      clientId: options.clientId,
      filingId: filing.id,
      taxYear: options.taxYear,
      number: invoiceNumber(year, sequence),
      numberYear: year,
      numberSeq: sequence,
      currency: options.currency ?? 'USD',
      status,
      subtotalCents: options.totalCents,
      totalCents: options.totalCents,
      dueDate: options.dueDate ?? null,
      sentAt: status === 'draft' ? null : new Date(),
      voidedAt: status === 'void' ? new Date() : null,
      voidReason: status === 'void' ? 'Made in error' : null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('invoice not made');
  await db.insert(invoiceLines).values({
    invoiceId: row.id,
    position: 0,
    description: 'Federal return (Form 1040)',
    quantity: 1,
    unitCents: options.totalCents,
    amountCents: options.totalCents,
  });
  return row;
}
