import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getClientProfile, revealIdentityNumber } from './profile.staff.service.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';

/** A client's tax profile for the staff console: masked by default, one number revealed on request. */
export async function profileStaffRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const taxYear = () => settings.taxYear();

  registerCall(app, CALLS.staffProfile, async (request) =>
    getClientProfile({ db: app.db }, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYear(),
    }),
  );

  registerCall(
    app,
    CALLS.staffRevealIdentity,
    async (request) =>
      revealIdentityNumber({ db: app.db, keyring }, staffActorOf(request), {
        clientId: request.body.client_id,
        taxYear: await taxYear(),
        subject: request.body.subject,
      }),
    // A fresh step-up (F-15), then per staff member and hour, with the admins alerted on a burst (F-04).
    { onRequest: requireStepUp(app).onRequest, preHandler: staffAccessLimit(app, 'reveal', settings) },
  );
}
