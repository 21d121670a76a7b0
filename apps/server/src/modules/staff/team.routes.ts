import { CALLS, MESSAGES, STAFF_ACCESS_REVIEW_PATH } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { staffActorOf } from '../../lib/actor.ts';
import {
  assertManagesTeam,
  inviteStaff,
  listTeam,
  resetStaffMfa,
  setStaffAccessEnd,
  setStaffActive,
  setStaffLocation,
} from './team.service.ts';
import { audit } from '../../lib/audit.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { csvStream } from '../../lib/csv.ts';
import { requireAccess } from '../../lib/guards.ts';
import { ACCESS_REVIEW_CSV_HEADER, accessReviewFileName, accessReviewRows } from './access-review.ts';
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

  registerCall(app, CALLS.staffSetAccessEnd, async (request) => {
    const day = request.body.access_ends_on ?? null;
    await setStaffAccessEnd(app.db, staffActorOf(request), request.body.user_id, day);
    return { status_smessage: day ? MESSAGES.STAFF_ACCESS_END_SAVED : MESSAGES.STAFF_ACCESS_END_CLEARED };
  });

  /** The access review as CSV (admins): who can work which files; audited. */
  app.get(
    STAFF_ACCESS_REVIEW_PATH,
    { onRequest: requireAccess('admin'), schema: { hide: true } },
    async (request, reply) => {
      const actor = staffActorOf(request);
      // Every file's client is named: for the admins who manage the team (in the United States, §7216).
      assertManagesTeam(actor);
      await audit(app.db, { actor, action: 'staff.export.accessreview' });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(accessReviewFileName()))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(csvStream(ACCESS_REVIEW_CSV_HEADER, accessReviewRows(app.db)));
    },
  );

  registerCall(app, CALLS.staffResetMfa, async (request) => {
    await resetStaffMfa(app.db, await firm(), staffActorOf(request), request.body.user_id);
    return { status_smessage: MESSAGES.STAFF_MFA_RESET };
  });
}
