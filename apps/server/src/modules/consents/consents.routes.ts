import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getConsents, saveConsents, type ConsentsDeps } from './consents.service.ts';

/** The client's terms and §7216 answers (identity from the session only). */
export async function consentsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  const deps: ConsentsDeps = { db: app.db, settings };

  registerCall(app, CALLS.accountConsentsGet, async (request) => getConsents(deps, clientActorOf(request)));

  registerCall(app, CALLS.accountConsentsSave, async (request) => {
    const actor = clientActorOf(request);
    // The consents are the taxpayers' to give: a household delegate reads them only (issue 38).
    assertClientMay(actor, 'edit');
    const { offshoreState } = await saveConsents(deps, actor, request.body);
    return { status_smessage: MESSAGES.CONSENT_SAVED, offshore_state: offshoreState };
  });
}
