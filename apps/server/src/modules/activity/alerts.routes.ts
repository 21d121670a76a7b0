import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import { getAlerts, saveAlerts } from './alerts.service.ts';

/** A staff member reads or changes their own alert choice: an e-mail per client message, or a daily digest. */
export async function alertsRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.staffMessagesAlerts, async (request) => {
    const actor = staffActorOf(request);
    const { alerts } = request.body;
    if (!alerts) return { alerts: await getAlerts({ db: app.db, actor }) };
    await saveAlerts({ db: app.db, actor, alerts });
    return { message: MESSAGES.MESSAGE_ALERTS_SAVED, alerts };
  });
}
