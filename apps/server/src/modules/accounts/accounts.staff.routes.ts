import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { changeContact, inviteClient, markVerified, sendResetLink } from './accounts.staff.service.ts';
import { bySessionUser, limits } from '../../lib/rate-limit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { requireStepUp } from './step-up.service.ts';

export async function accountsStaffRoutes(
  app: FastifyInstance,
  { settings, appUrl, keyring }: { settings: SettingsCache; appUrl: string; keyring: Keyring },
) {
  registerCall(app, CALLS.staffSendResetLink, async (request) => {
    await sendResetLink({ db: app.db, appUrl, firm: await settings.firm(), keyring }, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(),
    });
    return { status_smessage: MESSAGES.RESET_LINK_SENT };
  });

  registerCall(
    app,
    CALLS.staffInviteClient,
    async (request) => {
      const { clientId } = await inviteClient(
        { db: app.db, appUrl, firm: await settings.firm(), keyring },
        staffActorOf(request),
        {
          firstName: request.body.first_name,
          lastName: request.body.last_name,
          email: request.body.email,
          phone: request.body.phone,
          phoneExt: request.body.phone_ext,
          taxYear: await settings.taxYear(),
        },
      );
      return { status_smessage: MESSAGES.CLIENT_INVITED, client_id: clientId };
    },
    // Each invitation e-mails an address staff typed: a bound on one member's sending.
    {
      preHandler: limits(app, { name: 'staff-client-invite', max: 50, window: '1 hour', key: bySessionUser }),
    },
  );

  registerCall(app, CALLS.staffVerifyClient, async (request) => {
    await markVerified(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(),
    });
    return { status_smessage: MESSAGES.ACCOUNT_MARKED_VERIFIED };
  });

  registerCall(
    app,
    CALLS.staffClientContact,
    async (request) => {
      await changeContact({ db: app.db, firm: await settings.firm() }, staffActorOf(request), {
        clientId: request.body.client_id,
        taxYear: await settings.taxYear(),
        email: request.body.email,
        phone: request.body.phone,
        phoneExt: request.body.phone_ext,
      });
      return { status_smessage: MESSAGES.CLIENT_CONTACT_SAVED };
    },
    requireStepUp(app),
  );
}
