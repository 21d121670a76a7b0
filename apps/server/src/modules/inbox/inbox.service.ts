/**
 * The staff inbox: contact messages, career applications, every referral and every payment. Each list is
 * a paged list (lib/paged-query.ts): filtered, searched and sorted on the server, read a page at a time for
 * the console or in batches for a CSV export (the same filters, every matching row). Reads and actions are
 * written to the audit log.
 */
import {
  centsToDecimal,
  phoneWithDialCode,
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
  careerApplications,
  clients,
  contactMessages,
  count,
  eq,
  filings,
  isNull,
  or,
  payments,
  referrals,
  sql,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientOffshoreAllowedSql } from '../filings/filings.service.ts';
import { audit } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import {
  dayStart,
  definePagedList,
  inSlice,
  orderBy,
  searchIn,
  toCells,
  type ListPage,
  type SortDir,
} from '../../lib/paged-query.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';

type Sorted<C extends string> = { sort: { column: C; dir: SortDir }; search?: string | undefined };

export type ContactFilters = Sorted<(typeof CONTACT_SORTS)[number]> & { status?: ContactStatus | undefined };
export type CareerFilters = Sorted<(typeof CAREER_SORTS)[number]>;
/** Offshore staff see only clients whose §7216 Yes is in force (ADR 019). */
type OffshoreScope = { offshoreOnly?: boolean };
export type ReferralFilters = Sorted<(typeof REFERRAL_SORTS)[number]> &
  OffshoreScope & { taxYear?: number | undefined };
export type PaymentFilters = Sorted<(typeof PAYMENT_SORTS)[number]> &
  OffshoreScope & {
    status?: PaymentStatus | undefined;
    taxYear?: number | undefined;
    /** MM-DD-YYYY, inclusive, UTC days. */
    from?: string | undefined;
    to?: string | undefined;
  };

type Page = Pick<DataTablesParameters, 'start' | 'length'>;

/** A phone in its extension's format, with the country code. */
export function displayPhone(digits: string, ext: string): string {
  return isPhoneExtension(ext) ? phoneWithDialCode(digits, ext) : digits;
}

// ---- Contact messages ---------------------------------------------------------------------------------

const contactList = definePagedList({
  count: (db, where) => db.select({ n: count() }).from(contactMessages).where(where),
  query: (f: ContactFilters) => {
    const scope = f.status ? eq(contactMessages.status, f.status) : undefined;
    const search = searchIn(
      f.search,
      [contactMessages.name, contactMessages.email, contactMessages.message],
      [contactMessages.phone],
    );
    const columns = {
      received: contactMessages.createdAt,
      name: contactMessages.name,
      email: contactMessages.email,
      status: contactMessages.status,
    } as const;
    return {
      scope,
      search,
      order: orderBy(columns[f.sort.column], f.sort.dir, contactMessages.id),
    };
  },
  read: async (db, q, slice): Promise<InboxContactRow[]> => {
    const rows = await inSlice(db.select().from(contactMessages).$dynamic(), q, slice);
    return rows.map((row) => ({
      message_id: row.id,
      name: row.name,
      email: row.email,
      phone: displayPhone(row.phone, row.phoneExt),
      message: row.message,
      status: row.status,
      received_at: row.createdAt.toISOString(),
    }));
  },
});

export async function findContactMessages(
  db: Database,
  actor: StaffActor,
  f: ContactFilters,
  page: Page,
): Promise<ListPage<InboxContactRow>> {
  const result = await contactList.page(db, f, page);
  await audit(db, { actor, action: 'staff.inbox.contact-messages', subject: f.status ?? 'all' });
  return result;
}

export const CONTACT_CSV_HEADER = ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status'];
export function contactCsvRows(db: Database, f: ContactFilters, batch?: number): AsyncIterable<CsvCell[]> {
  return toCells(contactList.all(db, f, { idOf: (r) => r.message_id, batch }), (r) => [
    r.received_at,
    r.name,
    r.email,
    r.phone,
    r.message,
    r.status,
  ]);
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

const careerList = definePagedList({
  count: (db, where) => db.select({ n: count() }).from(careerApplications).where(where),
  query: (f: CareerFilters) => {
    const columns = {
      received: careerApplications.createdAt,
      name: applicantName,
      email: careerApplications.email,
      status: careerApplications.status,
    } as const;
    return {
      search: searchIn(
        f.search,
        [applicantName, careerApplications.email, careerApplications.message, careerApplications.resumeName],
        [careerApplications.phone],
      ),
      order: orderBy(columns[f.sort.column], f.sort.dir, careerApplications.id),
    };
  },
  read: async (db, q, slice): Promise<InboxCareerRow[]> => {
    const rows = await inSlice(
      db
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
        .$dynamic(),
      q,
      slice,
    );
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
  },
});

export async function findCareerApplications(
  db: Database,
  actor: StaffActor,
  f: CareerFilters,
  page: Page,
): Promise<ListPage<InboxCareerRow>> {
  const result = await careerList.page(db, f, page);
  await audit(db, { actor, action: 'staff.inbox.career-applications' });
  return result;
}

export const CAREER_CSV_HEADER = ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status', 'Résumé'];
export function careerCsvRows(db: Database, f: CareerFilters, batch?: number): AsyncIterable<CsvCell[]> {
  return toCells(careerList.all(db, f, { idOf: (r) => r.application_id, batch }), (r) => [
    r.received_at,
    r.name,
    r.email,
    r.phone,
    r.message,
    r.status,
    r.resume_name,
  ]);
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

const referralList = definePagedList({
  count: (db, where) =>
    db
      .select({ n: count() })
      .from(referrals)
      .leftJoin(clients, eq(clients.id, referrals.clientId))
      .where(where),
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

export async function findReferrals(
  db: Database,
  actor: StaffActor,
  f: ReferralFilters,
  page: Page,
): Promise<ListPage<InboxReferralRow>> {
  const result = await referralList.page(db, f, page);
  await audit(db, { actor, action: 'staff.inbox.referrals', subject: f.taxYear ? String(f.taxYear) : 'all' });
  return result;
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
export function referralCsvRows(db: Database, f: ReferralFilters, batch?: number): AsyncIterable<CsvCell[]> {
  return toCells(referralList.all(db, f, { idOf: (r) => r.referral_id, batch }), (r) => [
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
  ]);
}

// ---- Payments -----------------------------------------------------------------------------------------

const payerName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
/** When a payment happened: when it was paid, else when its order was made. */
const paymentDay = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;

/**
 * The search box on the payments tab: the payment's order or provider id, or its client's name or file number
 * contains the term. The client part is a set of client ids (found by the clients' trigram indexes), so that the
 * search and the filters are all on `payments` and a count needs no join.
 */
function paymentSearch(term: string | undefined): SQL | undefined {
  const onPayment = searchIn(term, [payments.orderId, payments.providerPaymentId]);
  const onClient = searchIn(term, [payerName, clients.fileNumber]);
  if (!onPayment || !onClient) return undefined;
  return or(onPayment, sql`${payments.clientId} in (select ${clients.id} from ${clients} where ${onClient})`);
}

const paymentList = definePagedList({
  // The filters and the search are all on `payments` (every payment has its client and filing): no joins.
  count: (db, where) => db.select({ n: count() }).from(payments).where(where),
  query: (f: PaymentFilters) => {
    const scope = and(
      f.offshoreOnly
        ? sql`${payments.clientId} in (select ${clients.id} from ${clients} where ${clientOffshoreAllowedSql})`
        : undefined,
      f.status ? eq(payments.status, f.status) : undefined,
      f.taxYear
        ? sql`${payments.filingId} in (select ${filings.id} from ${filings} where ${filings.taxYear} = ${f.taxYear})`
        : undefined,
      f.from ? sql`${paymentDay} >= ${dayStart(f.from)}` : undefined,
      f.to ? sql`${paymentDay} < ${dayStart(f.to, 1)}` : undefined,
    );
    const search = paymentSearch(f.search);
    const columns = {
      created: payments.createdAt,
      paid: payments.paidAt,
      client: payerName,
      file_number: clients.fileNumber,
      amount: payments.amountCents,
      status: payments.status,
    } as const;
    return {
      scope,
      search,
      order: orderBy(columns[f.sort.column], f.sort.dir, payments.id),
    };
  },
  read: async (db, q, slice): Promise<InboxPaymentRow[]> => {
    const rows = await inSlice(
      db
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
        .$dynamic(),
      q,
      slice,
    );
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
  },
});

export async function findPayments(
  db: Database,
  actor: StaffActor,
  f: PaymentFilters,
  page: Page,
): Promise<ListPage<InboxPaymentRow>> {
  const result = await paymentList.page(db, f, page);
  await audit(db, { actor, action: 'staff.inbox.payments', subject: f.status ?? 'all' });
  return result;
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
export function paymentCsvRows(db: Database, f: PaymentFilters, batch?: number): AsyncIterable<CsvCell[]> {
  return toCells(paymentList.all(db, f, { idOf: (r) => r.id, batch }), (r) => [
    r.created_at,
    r.client_name,
    r.file_number,
    r.tax_year,
    centsToDecimal(r.amount_cents),
    r.currency,
    r.status,
    r.order_id,
    r.payment_id,
    r.paid_at,
  ]);
}
