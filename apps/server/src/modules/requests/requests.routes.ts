/**
 * The checklist's client calls. The client comes only from the session (`clientActorOf`), and every item
 * is looked up within the session client's current filing: another client's item, a removed one or another
 * year's answers 404 and changes nothing.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { registerCall } from '../../lib/register-call.ts';
import { clientFileLink } from '../documents/document-links.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { listClientChecklist, markLater, markNotApplicable } from './requests.service.ts';

export async function requestsRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const links = createLinkSigner(linkSecret);

  registerCall(app, CALLS.accountRequestsList, async (request) => {
    const actor = clientActorOf(request);
    return listClientChecklist({
      db: app.db,
      actor,
      taxYear: await settings.taxYear(request.body.taxy),
      currentTaxYear: await settings.taxYear(),
      // The portal's own download route: the session's documents only, as a download.
      fileLinks: (file) => ({ download_url: clientFileLink(links, 'document', file.id, actor.userId) }),
    });
  });

  registerCall(app, CALLS.accountRequestsNotApplicable, async (request) => {
    await markNotApplicable({
      db: app.db,
      actor: clientActorOf(request),
      taxYear: await settings.taxYear(),
      itemId: request.body.item_id,
      reason: request.body.reason,
    });
    const message = MESSAGES.REQUEST_MARKED_NOT_APPLICABLE;
    return { message, status_smessage: message };
  });

  registerCall(app, CALLS.accountRequestsLater, async (request) => {
    await markLater({
      db: app.db,
      actor: clientActorOf(request),
      taxYear: await settings.taxYear(),
      itemId: request.body.item_id,
      date: request.body.date,
    });
    const message = MESSAGES.REQUEST_MARKED_LATER;
    return { message, status_smessage: message };
  });
}
