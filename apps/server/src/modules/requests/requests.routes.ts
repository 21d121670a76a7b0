/**
 * The checklist's client calls. The client comes only from the session (`clientActorOf`), and every item
 * is looked up within the session client's current filing: another client's item, a removed one or another
 * year's answers 404 and changes nothing.
 */
import { CALLS, MESSAGES, type CallDefinition, type messageResponseSchema } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { registerCall } from '../../lib/register-call.ts';
import { clientFileLink } from '../documents/document-links.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { z } from 'zod';
import { assertRequestItemYearOpen } from '../years/closed-years.ts';
import { listClientChecklist, markLater, markNotApplicable } from './requests.service.ts';

/** Which item a mark is on: the session client's, in the current year's filing. */
type ItemMark = Omit<Parameters<typeof markLater>[0], 'date' | 'now'>;

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

  /** The client's mark on one of their items of the current year's filing, answered with its message. */
  const registerItemMark = <B extends z.ZodType<{ item_id: string }>>(
    call: CallDefinition<B, typeof messageResponseSchema>,
    message: string,
    mark: (item: ItemMark, body: z.output<B>) => Promise<void>,
  ) =>
    registerCall(app, call, async (request) => {
      const item = {
        db: app.db,
        actor: clientActorOf(request),
        taxYear: await settings.taxYear(),
        itemId: request.body.item_id,
      };
      // Working the checklist is the upload right's (issue 38: a delegate needs the holder's leave).
      assertClientMay(item.actor, 'upload');
      // A closed tax year's item is read-only (issue 38).
      await assertRequestItemYearOpen(app.db, {
        clientId: item.actor.clientId,
        itemId: item.itemId,
        currentTaxYear: item.taxYear,
      });
      await mark(item, request.body);
      return { message, status_smessage: message };
    });
  registerItemMark(CALLS.accountRequestsNotApplicable, MESSAGES.REQUEST_MARKED_NOT_APPLICABLE, (item, body) =>
    markNotApplicable({ ...item, reason: body.reason }),
  );
  registerItemMark(CALLS.accountRequestsLater, MESSAGES.REQUEST_MARKED_LATER, (item, body) =>
    markLater({ ...item, date: body.date }),
  );
}
