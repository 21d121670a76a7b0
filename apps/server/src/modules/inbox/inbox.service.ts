/**
 * The staff inbox's contact messages and career applications (with a résumé's download). Each is an inbox list
 * (inbox-list.ts): read a page at a time for the console, or every matching row for a CSV export. Reads and
 * actions are written to the audit log. Referrals and payments have files of their own.
 */
import {
  type CAREER_SORTS,
  type CONTACT_SORTS,
  type ContactStatus,
  type InboxCareerRow,
  type InboxContactRow,
  MESSAGES,
} from '@taxfirm/contract';
import { careerApplications, contactMessages, eq, sql, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { countIn, definePagedList, inSlice, orderBy, searchIn } from '../../lib/paged-query.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import { defineInboxList, displayPhone, INBOX_COUNT_LIMIT, type Sorted } from './inbox-list.ts';

export type ContactFilters = Sorted<(typeof CONTACT_SORTS)[number]> & { status?: ContactStatus | undefined };
export type CareerFilters = Sorted<(typeof CAREER_SORTS)[number]>;

// ---- Contact messages ---------------------------------------------------------------------------------

const contactList = definePagedList({
  count: countIn(contactMessages),
  countLimit: INBOX_COUNT_LIMIT,
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

export const contactInbox = defineInboxList({
  list: contactList,
  action: 'staff.inbox.contact-messages',
  subjectOf: (f: ContactFilters) => f.status ?? 'all',
  csvHeader: ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status'],
  idOf: (r) => r.message_id,
  cellsOf: (r) => [r.received_at, r.name, r.email, r.phone, r.message, r.status],
});
export const contactCsvRows = contactInbox.csvRows;

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
  count: countIn(careerApplications),
  countLimit: INBOX_COUNT_LIMIT,
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

export const careerInbox = defineInboxList({
  list: careerList,
  action: 'staff.inbox.career-applications',
  csvHeader: ['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status', 'Résumé'],
  idOf: (r) => r.application_id,
  cellsOf: (r) => [r.received_at, r.name, r.email, r.phone, r.message, r.status, r.resume_name],
});
export const careerCsvRows = careerInbox.csvRows;

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
