/**
 * The staff inbox: contact messages, career applications, every referral and every payment. Each list is
 * filtered, searched and sorted on the server, read a page at a time for the console or in batches for a
 * CSV export (the same filters, every matching row). Reads and actions are written to the audit log.
 */
import {
  FIRM_TIME_ZONE,
  formatPhone,
  isPhoneExtension,
  type InboxCareerRow,
  type InboxContactRow,
  type ContactStatus,
  type DataTablesParameters,
  type InboxPaymentRow,
  type PaymentStatus,
  type InboxReferralRow,
  type CAREER_SORTS,
  type CONTACT_SORTS,
  MESSAGES,
  type PAYMENT_SORTS,
  type REFERRAL_SORTS,
} from '@taxfirm/contract';
import {
  and,
  asc,
  careerApplications,
  clients,
  contactMessages,
  count,
  desc,
  eq,
  filings,
  ilike,
  or,
  payments,
  referrals,
  sql,
  type Database,
} from '@taxfirm/db';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import { audit } from '../../lib/audit.ts';
import type { StaffActor } from '../../lib/actor.ts';

type Dir = 'asc' | 'desc';
type Sorted<C extends string> = { sort: { column: C; dir: Dir }; search?: string | undefined };
type Slice = { limit: number; offset: number };

export type ContactFilters = Sorted<(typeof CONTACT_SORTS)[number]> & { status?: ContactStatus | undefined };
export type CareerFilters = Sorted<(typeof CAREER_SORTS)[number]>;
export type ReferralFilters = Sorted<(typeof REFERRAL_SORTS)[number]> & { taxYear?: number | undefined };
export type PaymentFilters = Sorted<(typeof PAYMENT_SORTS)[number]> & {
  status?: PaymentStatus | undefined;
  taxYear?: number | undefined;
  /** MM-DD-YYYY, inclusive, UTC days. */
  from?: string | undefined;
  to?: string | undefined;
};

export type ListPage<R> = { recordsTotal: number; recordsFiltered: number; data: R[] };

/** How many rows an export reads at a time. */
const EXPORT_BATCH = 500;

/** A search term as an ILIKE pattern (its wildcards escaped), and its digits for phone numbers. */
function termOf(search: string | undefined) {
  const term = search?.trim() ?? '';
  if (!term) return null;
  return { pattern: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, digits: term.replace(/\D/g, '') };
}

const byPhone = (column: AnyPgColumn, digits: string) =>
  digits.length >= 3 ? [ilike(column, `%${digits}%`)] : [];

function orderOf(column: AnyPgColumn | SQL, dir: Dir, id: AnyPgColumn) {
  return [dir === 'asc' ? asc(column) : desc(column), asc(id)] as const;
}

/** A phone in its extension's format, with the country code. */
export function displayPhone(digits: string, ext: string): string {
  if (!isPhoneExtension(ext)) return digits;
  return `${ext === 'US' ? '+1' : '+91'} ${formatPhone(digits, ext)}`;
}

/**
 * The first instant of a day typed MM-DD-YYYY, plus `days`, in the firm's time zone. Computed by the
 * database, so that no year (9999 included) overflows a JavaScript date on the way.
 */
function dayStart(mmddyyyy: string, days = 0) {
  const [m, d, y] = mmddyyyy.split('-');
  return sql`((${`${y}-${m}-${d}`}::date + ${days}::int)::timestamp at time zone ${FIRM_TIME_ZONE})`;
}

/** Every row of a query read in batches, for an export. */
async function* inBatches<R>(read: (slice: Slice) => Promise<R[]>): AsyncGenerator<R> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await read({ limit: EXPORT_BATCH, offset });
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const sliceOf = (page: DataTablesParameters): Slice => ({ limit: page.length, offset: page.start });

// ---- Contact messages ---------------------------------------------------------------------------------

function contactQuery(f: ContactFilters) {
  const scope = f.status ? eq(contactMessages.status, f.status) : undefined;
  const t = termOf(f.search);
  const matching = t
    ? and(
        scope,
        or(
          ilike(contactMessages.name, t.pattern),
          ilike(contactMessages.email, t.pattern),
          ilike(contactMessages.message, t.pattern),
          ...byPhone(contactMessages.phone, t.digits),
        ),
      )
    : scope;
  const columns = {
    received: contactMessages.createdAt,
    name: contactMessages.name,
    email: contactMessages.email,
    status: contactMessages.status,
  } as const;
  return { scope, matching, order: orderOf(columns[f.sort.column], f.sort.dir, contactMessages.id) };
}

async function readContacts(db: Database, f: ContactFilters, slice: Slice): Promise<InboxContactRow[]> {
  const q = contactQuery(f);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(q.matching)
    .orderBy(...q.order)
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    message_id: row.id,
    name: row.name,
    email: row.email,
    phone: displayPhone(row.phone, row.phoneExt),
    message: row.message,
    status: row.status,
    received_at: row.createdAt.toISOString(),
  }));
}

export async function findContactMessages(
  db: Database,
  actor: StaffActor,
  f: ContactFilters,
  page: DataTablesParameters,
): Promise<ListPage<InboxContactRow>> {
  const q = contactQuery(f);
  const counted = (where: SQL | undefined) => db.select({ n: count() }).from(contactMessages).where(where);
  const [[total], [filtered], data] = await Promise.all([
    counted(q.scope),
    counted(q.matching),
    readContacts(db, f, sliceOf(page)),
  ]);
  await audit(db, { actor, action: 'staff.inbox.contact-messages', subject: f.status ?? 'all' });
  return { recordsTotal: total?.n ?? 0, recordsFiltered: filtered?.n ?? 0, data };
}

export const CONTACT_CSV_HEADER = ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status'];
export function contactCsvRows(db: Database, f: ContactFilters): AsyncIterable<CsvCell[]> {
  return mapRows(
    inBatches((slice) => readContacts(db, f, slice)),
    (r) => [r.received_at, r.name, r.email, r.phone, r.message, r.status],
  );
}

/** Set a contact message's status; 404 when there is no such message. */
export async function updateContactStatus(
  db: Database,
  actor: StaffActor,
  messageId: string,
  status: ContactStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ status, updatedAt: new Date() })
      .where(eq(contactMessages.id, messageId))
      .returning({ id: contactMessages.id });
    if (!updated) throw new AppError('NOT_FOUND', { message: MESSAGES.CONTACT_MESSAGE_NOT_FOUND });
    await audit(tx, { actor, action: 'staff.contact.status', subject: messageId });
  });
}

// ---- Career applications ------------------------------------------------------------------------------

const applicantName = sql<string>`${careerApplications.firstName} || ' ' || ${careerApplications.lastName}`;

function careerQuery(f: CareerFilters) {
  const t = termOf(f.search);
  const matching = t
    ? or(
        ilike(applicantName, t.pattern),
        ilike(careerApplications.email, t.pattern),
        ilike(careerApplications.message, t.pattern),
        ilike(careerApplications.resumeName, t.pattern),
        ...byPhone(careerApplications.phone, t.digits),
      )
    : undefined;
  const columns = {
    received: careerApplications.createdAt,
    name: applicantName,
    email: careerApplications.email,
    status: careerApplications.status,
  } as const;
  return { matching, order: orderOf(columns[f.sort.column], f.sort.dir, careerApplications.id) };
}

async function readCareers(db: Database, f: CareerFilters, slice: Slice): Promise<InboxCareerRow[]> {
  const q = careerQuery(f);
  const rows = await db
    .select({
      id: careerApplications.id,
      firstName: careerApplications.firstName,
      lastName: careerApplications.lastName,
      email: careerApplications.email,
      phone: careerApplications.phone,
      phoneExt: careerApplications.phoneExt,
      message: careerApplications.message,
      status: careerApplications.status,
      resumeName: careerApplications.resumeName,
      resumeSize: careerApplications.resumeSize,
      createdAt: careerApplications.createdAt,
    })
    .from(careerApplications)
    .where(q.matching)
    .orderBy(...q.order)
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    application_id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: displayPhone(row.phone, row.phoneExt),
    message: row.message,
    status: row.status,
    resume_name: row.resumeName,
    resume_size: row.resumeSize,
    received_at: row.createdAt.toISOString(),
  }));
}

export async function findCareerApplications(
  db: Database,
  actor: StaffActor,
  f: CareerFilters,
  page: DataTablesParameters,
): Promise<ListPage<InboxCareerRow>> {
  const q = careerQuery(f);
  const counted = (where: SQL | undefined) => db.select({ n: count() }).from(careerApplications).where(where);
  const [[total], [filtered], data] = await Promise.all([
    counted(undefined),
    counted(q.matching),
    readCareers(db, f, sliceOf(page)),
  ]);
  await audit(db, { actor, action: 'staff.inbox.career-applications' });
  return { recordsTotal: total?.n ?? 0, recordsFiltered: filtered?.n ?? 0, data };
}

export const CAREER_CSV_HEADER = ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status', 'Résumé'];
export function careerCsvRows(db: Database, f: CareerFilters): AsyncIterable<CsvCell[]> {
  return mapRows(
    inBatches((slice) => readCareers(db, f, slice)),
    (r) => [r.received_at, r.name, r.email, r.phone, r.message, r.status, r.resume_name],
  );
}

/**
 * A career application's résumé, opened from storage, with what its download needs; 404 for an unknown
 * application, one without a résumé, or a résumé missing from storage. The download is audited.
 */
export async function openResume(
  { db, storage }: { db: Database; storage: ObjectStorage },
  actor: StaffActor,
  applicationId: string,
) {
  const [row] = await db
    .select({
      key: careerApplications.resumeKey,
      name: careerApplications.resumeName,
      type: careerApplications.resumeType,
      size: careerApplications.resumeSize,
    })
    .from(careerApplications)
    .where(eq(careerApplications.id, applicationId));
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.APPLICATION_NOT_FOUND });
  if (!row.key) throw new AppError('NOT_FOUND', { message: MESSAGES.RESUME_NOT_FOUND });
  const body = await storage.get(row.key).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.RESUME_NOT_FOUND });
    }
    throw error;
  });
  await audit(db, { actor, action: 'staff.career.resume', subject: applicationId });
  return {
    body,
    name: row.name ?? 'resume',
    contentType: row.type ?? 'application/octet-stream',
    size: row.size,
  };
}

// ---- Referrals ----------------------------------------------------------------------------------------

const referrerClientName = sql<string | null>`${clients.firstName} || ' ' || ${clients.lastName}`;

function referralQuery(f: ReferralFilters) {
  const scope = f.taxYear ? eq(referrals.taxYear, f.taxYear) : undefined;
  const t = termOf(f.search);
  const matching = t
    ? and(
        scope,
        or(
          ilike(referrals.referrerName, t.pattern),
          ilike(referrals.referrerEmail, t.pattern),
          ilike(referrals.friendName, t.pattern),
          ilike(referrals.friendEmail, t.pattern),
          ilike(referrals.comment, t.pattern),
          ilike(referrerClientName, t.pattern),
          ilike(clients.fileNumber, t.pattern),
          ...byPhone(referrals.referrerPhone, t.digits),
          ...byPhone(referrals.friendPhone, t.digits),
        ),
      )
    : scope;
  const columns = {
    received: referrals.createdAt,
    referrer: referrals.referrerName,
    friend: referrals.friendName,
    client: referrerClientName,
    tax_year: referrals.taxYear,
  } as const;
  return { scope, matching, order: orderOf(columns[f.sort.column], f.sort.dir, referrals.id) };
}

async function readReferrals(db: Database, f: ReferralFilters, slice: Slice): Promise<InboxReferralRow[]> {
  const q = referralQuery(f);
  const rows = await db
    .select({
      referral: referrals,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      fileNumber: clients.fileNumber,
    })
    .from(referrals)
    .leftJoin(clients, eq(clients.id, referrals.clientId))
    .where(q.matching)
    .orderBy(...q.order)
    .limit(slice.limit)
    .offset(slice.offset);
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
}

export async function findReferrals(
  db: Database,
  actor: StaffActor,
  f: ReferralFilters,
  page: DataTablesParameters,
): Promise<ListPage<InboxReferralRow>> {
  const q = referralQuery(f);
  const counted = (where: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(referrals)
      .leftJoin(clients, eq(clients.id, referrals.clientId))
      .where(where);
  const [[total], [filtered], data] = await Promise.all([
    counted(q.scope),
    counted(q.matching),
    readReferrals(db, f, sliceOf(page)),
  ]);
  await audit(db, { actor, action: 'staff.inbox.referrals', subject: f.taxYear ? String(f.taxYear) : 'all' });
  return { recordsTotal: total?.n ?? 0, recordsFiltered: filtered?.n ?? 0, data };
}

export const REFERRAL_CSV_HEADER = [
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
];
export function referralCsvRows(db: Database, f: ReferralFilters): AsyncIterable<CsvCell[]> {
  return mapRows(
    inBatches((slice) => readReferrals(db, f, slice)),
    (r) => [
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
  );
}

// ---- Payments -----------------------------------------------------------------------------------------

const payerName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
/** When a payment happened: when it was paid, else when its order was made. */
const paymentDay = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;

function paymentQuery(f: PaymentFilters) {
  const scope = and(
    f.status ? eq(payments.status, f.status) : undefined,
    f.taxYear ? eq(filings.taxYear, f.taxYear) : undefined,
    f.from ? sql`${paymentDay} >= ${dayStart(f.from)}` : undefined,
    f.to ? sql`${paymentDay} < ${dayStart(f.to, 1)}` : undefined,
  );
  const t = termOf(f.search);
  const matching = t
    ? and(
        scope,
        or(
          ilike(payerName, t.pattern),
          ilike(clients.fileNumber, t.pattern),
          ilike(payments.orderId, t.pattern),
          ilike(payments.providerPaymentId, t.pattern),
        ),
      )
    : scope;
  const columns = {
    created: payments.createdAt,
    paid: payments.paidAt,
    client: payerName,
    file_number: clients.fileNumber,
    amount: payments.amountCents,
    status: payments.status,
  } as const;
  return { scope, matching, order: orderOf(columns[f.sort.column], f.sort.dir, payments.id) };
}

async function readPayments(db: Database, f: PaymentFilters, slice: Slice): Promise<InboxPaymentRow[]> {
  const q = paymentQuery(f);
  const rows = await db
    .select({
      id: payments.id,
      clientId: payments.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      taxYear: filings.taxYear,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      orderId: payments.orderId,
      providerPaymentId: payments.providerPaymentId,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .innerJoin(filings, eq(filings.id, payments.filingId))
    .where(q.matching)
    .orderBy(...q.order)
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    id: row.id,
    client_id: row.clientId,
    client_name: `${row.firstName} ${row.lastName}`,
    file_number: row.fileNumber,
    tax_year: row.taxYear,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    payment_id: row.providerPaymentId,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function findPayments(
  db: Database,
  actor: StaffActor,
  f: PaymentFilters,
  page: DataTablesParameters,
): Promise<ListPage<InboxPaymentRow>> {
  const q = paymentQuery(f);
  const counted = (where: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(payments)
      .innerJoin(clients, eq(clients.id, payments.clientId))
      .innerJoin(filings, eq(filings.id, payments.filingId))
      .where(where);
  const [[total], [filtered], data] = await Promise.all([
    counted(q.scope),
    counted(q.matching),
    readPayments(db, f, sliceOf(page)),
  ]);
  await audit(db, { actor, action: 'staff.inbox.payments', subject: f.status ?? 'all' });
  return { recordsTotal: total?.n ?? 0, recordsFiltered: filtered?.n ?? 0, data };
}

/** Cents as a decimal amount in the currency's main unit: 123456 → "1234.56". */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const PAYMENT_CSV_HEADER = [
  'Created',
  'Client',
  'File number',
  'Tax year',
  'Amount',
  'Currency',
  'Status',
  'Order id',
  'Payment id',
  'Paid at',
];
export function paymentCsvRows(db: Database, f: PaymentFilters): AsyncIterable<CsvCell[]> {
  return mapRows(
    inBatches((slice) => readPayments(db, f, slice)),
    (r) => [
      r.created_at,
      r.client_name,
      r.file_number,
      r.tax_year,
      centsToAmount(r.amount_cents),
      r.currency,
      r.status,
      r.order_id,
      r.payment_id,
      r.paid_at,
    ],
  );
}

async function* mapRows<R>(
  rows: AsyncIterable<R>,
  toCells: (row: R) => CsvCell[],
): AsyncGenerator<CsvCell[]> {
  for await (const row of rows) yield toCells(row);
}
