/** The client's deadlines (issue 35): identity from the session only. */
import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { listClientDeliverables } from './deliverables.service.ts';

export async function deliverablesRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.accountDeliverables, async (request) =>
    listClientDeliverables({ db: app.db, actor: clientActorOf(request), taxYear: await settings.taxYear() }),
  );
}
