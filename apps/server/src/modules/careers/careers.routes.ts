import { CALLS, MESSAGES, RESUME_FIELD } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { createCareerApplication, DEFAULT_RESUME_BYTES_PER_DAY } from './careers.service.ts';

export async function careersRoutes(
  app: FastifyInstance,
  { resumeBytesPerDay = DEFAULT_RESUME_BYTES_PER_DAY }: { resumeBytesPerDay?: number | undefined } = {},
) {
  registerCall(
    app,
    CALLS.careersSubmit,
    async (request) => {
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
    },
    {
      // F-05: per IP, before the body is read, so a flood of 6 MB résumés is refused without reading them.
      onRequest: limits(app, { name: 'careers-ip', max: 5, window: '1 hour', key: byIp }),
    },
  );
}
