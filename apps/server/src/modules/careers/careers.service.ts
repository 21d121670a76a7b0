import { MESSAGES, RESUME_FIELD, type careersBodySchema } from '@taxfirm/contract';
import { careerApplications, gt, sql, type Database } from '@taxfirm/db';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Upload } from '../../lib/uploads.ts';

type CareersInput = z.output<typeof careersBodySchema>;

/** Résumé bytes stored per day across every applicant when CAREERS_RESUME_BYTES_PER_DAY is not set. */
export const DEFAULT_RESUME_BYTES_PER_DAY = 500 * 1024 * 1024;
/** Arbitrary, fixed: the transaction lock that makes the daily résumé count and the insert one step. */
const RESUME_QUOTA_LOCK_ID = 4_224_005;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The day's résumés are used up: a 400 on the résumé field, so the applicant can still apply without one. */
const resumesFull = () =>
  new AppError('VALIDATION_FAILED', {
    message: MESSAGES.RESUMES_FULL_TODAY,
    details: { [RESUME_FIELD]: MESSAGES.RESUMES_FULL_TODAY },
  });

/** Résumé bytes stored in the last 24 hours, by everyone. */
async function resumeBytesToday(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${careerApplications.resumeSize}), 0)` })
    .from(careerApplications)
    .where(gt(careerApplications.createdAt, new Date(Date.now() - DAY_MS)));
  return Number(row?.bytes ?? 0);
}

/**
 * Store a job application from the public Careers page, with its résumé's storage record if one came.
 * F-05: a résumé that would take the last 24 hours' résumés (everyone's) past `bytesPerDay` is refused
 * and nothing is written; the route's multipart hook then removes the stored file.
 */
export async function createCareerApplication({
  db,
  input,
  resume,
  bytesPerDay,
}: {
  db: Database;
  input: CareersInput;
  resume: Upload | undefined;
  bytesPerDay: number;
}): Promise<void> {
  await db.transaction(async (tx) => {
    if (resume) {
      // One applicant at a time past this point, so two résumés cannot both fit in the last free bytes.
      await tx.execute(sql`select pg_advisory_xact_lock(${RESUME_QUOTA_LOCK_ID})`);
      if ((await resumeBytesToday(tx)) + resume.size > bytesPerDay) throw resumesFull();
    }
    await tx.insert(careerApplications).values({
      firstName: input.firstname,
      lastName: input.lastname,
      email: input.emailaddress,
      phone: input.phone,
      phoneExt: input.phoneext,
      message: input.message,
      ...(resume
        ? {
            resumeKey: resume.key,
            resumeName: resume.originalName,
            resumeType: resume.type,
            resumeSize: resume.size,
            resumeSha256: resume.sha256,
          }
        : {}),
    });
  });
}
