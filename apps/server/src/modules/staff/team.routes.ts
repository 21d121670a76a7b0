import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { inviteStaff, listTeam, resetStaffMfa, setStaffActive, setStaffLocation } from './team.service.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';

/** staff/team/...: admins only (the call table's access level, checked before the body is read). */
export async function staffTeamRoutes(
  app: FastifyInstance,
  { settings, appUrl, keyring }: { settings: SettingsCache; appUrl: string; keyring: Keyring },
) {
  const firm = async () => {
    return { firm: await settings.firm(), appUrl, keyring };
  };

  registerCall(app, CALLS.staffTeam, async () => ({ staff: await listTeam(app.db) }));

  registerCall(app, CALLS.staffInvite, async (request) => {
    await inviteStaff(app.db, await firm(), staffActorOf(request), request.body);
    return { status_smessage: MESSAGES.STAFF_INVITED };
  });

  registerCall(app, CALLS.staffDeactivate, async (request) => {
    await setStaffActive(app.db, staffActorOf(request), request.body.user_id, false);
    return { status_smessage: MESSAGES.STAFF_DEACTIVATED };
  });

  registerCall(app, CALLS.staffReactivate, async (request) => {
    await setStaffActive(app.db, staffActorOf(request), request.body.user_id, true);
    return { status_smessage: MESSAGES.STAFF_REACTIVATED };
  });

  registerCall(app, CALLS.staffSetLocation, async (request) => {
    await setStaffLocation(app.db, staffActorOf(request), request.body.user_id, request.body.location);
    return { status_smessage: MESSAGES.STAFF_LOCATION_SAVED };
  });

  registerCall(app, CALLS.staffResetMfa, async (request) => {
    await resetStaffMfa(app.db, await firm(), staffActorOf(request), request.body.user_id);
    return { status_smessage: MESSAGES.STAFF_MFA_RESET };
  });
}
