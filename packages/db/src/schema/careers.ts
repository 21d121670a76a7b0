import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

/** Where staff stand with a job application (staff console). */
export const careerApplicationStatus = pgEnum('career_application_status', [
  'new',
  'reviewed',
  'interviewing',
  'closed',
]);

/** Applications sent from the public Careers page, with an optional résumé kept in document storage. */
export const careerApplications = pgTable(
  'career_applications',
  {
    ...id,
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    /** Ten digits, without the mask. */
    phone: text().notNull(),
    phoneExt: text().notNull(),
    message: text().notNull(),
    /** The storage key of the résumé (never derived from the applicant's file name); null without one. */
    resumeKey: text(),
    /** The applicant's file name, for display and download only. */
    resumeName: text(),
    /** The type detected from the file's content, not the one the browser declared. */
    resumeType: text(),
    resumeSize: integer(),
    resumeSha256: text(),
    status: careerApplicationStatus().notNull().default('new'),
    ...timestamps,
  },
  // The staff console lists applications by status, newest first.
  (t) => [
    index('career_applications_status_created_idx').on(t.status, t.createdAt),
    // The inbox's careers tab (and its export), newest first.
    index('career_applications_created_idx').on(t.createdAt, t.id),
  ],
);
