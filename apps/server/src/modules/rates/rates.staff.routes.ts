/** Year-end exchange rates (issue 37): staff read them, admins set them. */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import { listRates, saveRate } from './rates.staff.service.ts';

export async function ratesStaffRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.staffRatesList, async () => ({ rates: await listRates(app.db) }));
  registerCall(app, CALLS.staffRatesSave, async (request) => {
    await saveRate(app.db, staffActorOf(request), request.body);
    return { status_smessage: MESSAGES.RATE_SAVED };
  });
}
