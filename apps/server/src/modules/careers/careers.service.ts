import type { careersBodySchema } from '@taxfirm/contract';
import { careerApplications, type Database } from '@taxfirm/db';
import type { z } from 'zod';
import type { Upload } from '../../lib/uploads.ts';

type CareersInput = z.output<typeof careersBodySchema>;

/** Store a job application from the public Careers page, with its résumé's storage record if one came. */
export async function createCareerApplication({
  db,
  input,
  resume,
}: {
  db: Database;
  input: CareersInput;
  resume: Upload | undefined;
}): Promise<void> {
  await db.insert(careerApplications).values({
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
}
