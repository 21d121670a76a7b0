/** The client's organizer (issue 37): the session's client, the current year's file only for writes. */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getOrganizer, saveOrganizer, submitOrganizer } from './organizer.service.ts';

export async function organizerRoutes(
  app: FastifyInstance,
  { settings, keyring, appUrl }: { settings: SettingsCache; keyring: Keyring; appUrl: string },
) {
  registerCall(app, CALLS.accountOrganizerGet, async (request) => ({
    organizer: await getOrganizer({
      db: app.db,
      keyring,
      actor: clientActorOf(request),
      taxYear: await settings.taxYear(request.body.taxy),
    }),
  }));

  /** The session's client, who may answer the organizer (issue 38: a household delegate reads it only). */
  const answererOf = (request: FastifyRequest) => {
    const actor = clientActorOf(request);
    assertClientMay(actor, 'edit');
    return actor;
  };

  registerCall(app, CALLS.accountOrganizerSave, async (request) => ({
    status_smessage: MESSAGES.ORGANIZER_SAVED,
    ...(await saveOrganizer({
      db: app.db,
      keyring,
      actor: answererOf(request),
      taxYear: await settings.taxYear(),
      answers: request.body.answers,
    })),
  }));

  registerCall(app, CALLS.accountOrganizerSubmit, async (request) => {
    const { itemsAdded } = await submitOrganizer({
      db: app.db,
      keyring,
      actor: answererOf(request),
      taxYear: await settings.taxYear(),
      answers: request.body.answers,
      voice: { firm: await settings.firm(), appUrl },
    });
    return { status_smessage: MESSAGES.ORGANIZER_SENT, items_added: itemsAdded };
  });
}
