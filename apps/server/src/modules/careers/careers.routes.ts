import { CALLS, MESSAGES, RESUME_FIELD } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import { uploadsOf } from '../../lib/uploads.ts';
import { createCareerApplication } from './careers.service.ts';

export async function careersRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.careersSubmit, async (request) => {
    const resume = uploadsOf(request).find((upload) => upload.field === RESUME_FIELD);
    await createCareerApplication({ db: app.db, input: request.body, resume });
    return { status_smessage: MESSAGES.CAREERS_SUCCESS };
  });
}
