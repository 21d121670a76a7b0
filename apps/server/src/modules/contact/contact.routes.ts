import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import { createContactMessage } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.saveContactInfo, async (request) => {
    await createContactMessage({ db: app.db, input: request.body });
    return { status_smessage: MESSAGES.CONTACT_SUCCESS };
  });
}
