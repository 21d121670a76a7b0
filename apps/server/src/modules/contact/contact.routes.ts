import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { createContactMessage } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance) {
  registerCall(
    app,
    CALLS.saveContactInfo,
    async (request) => {
      await createContactMessage({ db: app.db, input: request.body });
      return { status_smessage: MESSAGES.CONTACT_SUCCESS };
    },
    // F-05: per IP, every post counted (a flood of bad ones too), so nobody buries the staff inbox.
    { onRequest: limits(app, { name: 'contact-ip', max: 20, window: '1 hour', key: byIp }) },
  );
}
