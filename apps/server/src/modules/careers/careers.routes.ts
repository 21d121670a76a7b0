import { CALLS, MESSAGES, RESUME_FIELD, type careersBodySchema } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCallWithPageForm } from '../../lib/register-call-with-page-form.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { type PageForms } from '../../plugins/app/page-forms.ts';
import { createCareerApplication, DEFAULT_RESUME_BYTES_PER_DAY } from './careers.service.ts';

/** The Careers page's URL, whose form posts there without JavaScript. */
export const CAREERS_PAGE = '/careers';

export async function careersRoutes(
  app: FastifyInstance,
  {
    resumeBytesPerDay = DEFAULT_RESUME_BYTES_PER_DAY,
    pages,
  }: { resumeBytesPerDay?: number | undefined; pages: PageForms },
) {
  // F-05: per IP, before the body is read, so a flood of 6 MB résumés is refused without reading them. One
  // counter for the API call and the page's form.
  const perIp = limits(app, { name: 'careers-ip', max: 5, window: '1 hour', key: byIp });
  const submit = async (request: FastifyRequest & { body: z.output<typeof careersBodySchema> }) => {
    const resume = uploadsOf(request).find((upload) => upload.field === RESUME_FIELD);
    await createCareerApplication({
      db: app.db,
      input: request.body,
      resume,
      bytesPerDay: resumeBytesPerDay,
    });
    // The row is committed: whatever happens to the answer now, the résumé stays.
    keepUploads(request);
    return { status_smessage: MESSAGES.CAREERS_SUCCESS };
  };
  registerCallWithPageForm(app, pages, {
    url: CAREERS_PAGE,
    call: CALLS.careersSubmit,
    limits: perIp,
    handler: submit,
  });
}
