/** The household of a client's file from the staff side (issue 38): its members, and inviting the spouse. */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import { registerCall } from '../../lib/register-call.ts';
import { staffFileOf } from '../../lib/staff-file-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { staffInviteSpouse, staffListHousehold } from './household.service.ts';

export async function householdStaffRoutes(
  app: FastifyInstance,
  { settings, appUrl, keyring }: { settings: SettingsCache; appUrl: string; keyring: Keyring },
) {
  registerCall(app, CALLS.staffHouseholdList, async (request) => ({
    members: await staffListHousehold(await staffFileOf(app, settings, request)),
  }));

  registerCall(
    app,
    CALLS.staffHouseholdInvite,
    async (request) => {
      const member = await staffInviteSpouse({
        ...(await staffFileOf(app, settings, request)),
        appUrl,
        keyring,
        firm: await settings.firm(),
        input: {
          firstName: request.body.first_name,
          lastName: request.body.last_name,
          email: request.body.email,
        },
      });
      return { status_smessage: MESSAGES.HOUSEHOLD_INVITED, member };
    },
    // A new way into a client's file: after a fresh step-up (issue 38), and a bound on one member's sending.
    requireStepUp(app, { name: 'staff-household-invite', perUserPerHour: 50 }),
  );
}
