import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { staffActorOf } from './clients.service.ts';
import { suggestFileNumber } from './file-numbers.service.ts';

export async function staffFileNumbersRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsCache },
) {
  registerCall(app, CALLS.staffNextFileNumber, async (request) =>
    suggestFileNumber(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: request.body.taxy ?? (await settings.get()).current_tax_year,
    }),
  );
}
