/**
 * The household, the client's calls (`account/household/*`, issue 38): every member reads it; only the holder
 * invites (after a fresh step-up), removes and sets a delegate's rights.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { registerCall } from '../../lib/register-call.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { inviteMember, listHousehold, removeMember, setMemberRights } from './household.service.ts';

export type HouseholdOptions = { settings: SettingsCache; appUrl: string; keyring: Keyring };

export async function householdRoutes(app: FastifyInstance, { settings, appUrl, keyring }: HouseholdOptions) {
  registerCall(app, CALLS.householdList, async (request) =>
    listHousehold({ db: app.db, actor: clientActorOf(request) }),
  );

  registerCall(
    app,
    CALLS.householdInvite,
    async (request) => {
      const body = request.body;
      const member = await inviteMember({
        db: app.db,
        appUrl,
        keyring,
        firm: await settings.firm(),
        actor: clientActorOf(request),
        input: {
          kind: body.kind,
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          canUpload: body.can_upload,
          canMessage: body.can_message,
        },
      });
      return { status_smessage: MESSAGES.HOUSEHOLD_INVITED, member };
    },
    // Each invitation e-mails an address the holder typed: a bound on one account's sending.
    requireStepUp(app, { name: 'household-invite', perUserPerHour: 10 }),
  );

  registerCall(app, CALLS.householdRemove, async (request) => {
    await removeMember({ db: app.db, actor: clientActorOf(request), memberId: request.body.member_id });
    return { status_smessage: MESSAGES.HOUSEHOLD_REMOVED };
  });

  registerCall(app, CALLS.householdRights, async (request) => {
    const member = await setMemberRights({
      db: app.db,
      actor: clientActorOf(request),
      memberId: request.body.member_id,
      canUpload: request.body.can_upload,
      canMessage: request.body.can_message,
    });
    return { status_smessage: MESSAGES.HOUSEHOLD_RIGHTS_SAVED, member };
  });
}
