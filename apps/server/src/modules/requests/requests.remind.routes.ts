import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { remindNow } from './reminders.service.ts';

/**
 * Staff "Remind now" on a client's file: the file-assignment rules of every staff file call, a reminder of
 * the open items sent at once through the outbox and logged like a scheduled one, at most once in ten
 * minutes per staff member and file.
 */
export async function requestsRemindRoutes(
  app: FastifyInstance,
  { settings, appUrl }: { settings: SettingsCache; appUrl: string },
) {
  registerCall(app, CALLS.staffRequestsRemind, async (request) => {
    const actor = staffActorOf(request);
    await remindNow(app.db, actor, {
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(request.body.taxy),
      voice: { firm: await settings.firm(), appUrl },
    });
    return { message: MESSAGES.REQUEST_REMINDED };
  });
}
