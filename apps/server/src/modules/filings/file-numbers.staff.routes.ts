import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { suggestFileNumber } from './file-numbers.staff.service.ts';

export async function fileNumbersStaffRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsCache },
) {
  registerCall(app, CALLS.staffNextFileNumber, async (request) =>
    suggestFileNumber(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(request.body.taxy),
    }),
  );
}
