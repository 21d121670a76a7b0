/** What the firm files for a client's tax year, in the staff console (issue 35). */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { listDeliverables, removeDeliverable, saveDeliverable } from './deliverables.staff.service.ts';

export async function deliverablesStaffRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsCache },
) {
  const fileOf = async (body: { client_id: string; taxy?: number | undefined }) => ({
    clientId: body.client_id,
    taxYear: await settings.taxYear(body.taxy),
  });

  registerCall(app, CALLS.staffDeliverablesList, async (request) =>
    listDeliverables({ db: app.db, actor: staffActorOf(request), key: await fileOf(request.body) }),
  );

  registerCall(app, CALLS.staffDeliverablesSave, async (request) => {
    const body = request.body;
    const deliverableId = await saveDeliverable({
      db: app.db,
      actor: staffActorOf(request),
      key: await fileOf(body),
      input: {
        deliverableId: body.deliverable_id,
        kind: body.kind,
        label: body.label,
        ownerId: body.owner_id,
        status: body.status,
        extended: body.extended,
        dueOn: body.due_on,
        dueReason: body.due_reason,
      },
    });
    return { status_smessage: MESSAGES.DELIVERABLE_SAVED, deliverable_id: deliverableId };
  });

  registerCall(app, CALLS.staffDeliverablesRemove, async (request) => {
    await removeDeliverable({
      db: app.db,
      actor: staffActorOf(request),
      key: await fileOf(request.body),
      deliverableId: request.body.deliverable_id,
    });
    return { status_smessage: MESSAGES.DELIVERABLE_REMOVED };
  });
}
