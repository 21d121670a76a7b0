import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { registerCall } from '../../lib/register-call.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import { isEditable } from '../filings/filings.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  getDependents,
  getEmployers,
  getSpouse,
  getTaxpayerPage,
  saveDependents,
  saveEmployers,
  saveSpouse,
  saveTaxpayer,
  type ProfileDeps,
} from './profile.service.ts';
import { revealSsn } from './identity-numbers.ts';

/** The client's own profile: every call works on the session's client (never an id from the body). */
export async function profileRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const depsOf = async (): Promise<ProfileDeps> => ({
    db: app.db,
    keyring,
    taxYear: await settings.taxYear(),
  });

  registerCall(
    app,
    CALLS.revealSsn,
    async (request) => ({
      ssn: await revealSsn(await depsOf(), clientActorOf(request), request.body.section, {
        id: request.body.id,
        index: request.body.index,
      }),
    }),
    requireStepUp(app, { name: 'reveal-user', perUserPerHour: 30 }),
  );

  registerCall(app, CALLS.taxpayerInfo, async (request) => {
    // One round trip: the profile, the file's e-mail (the holder's, also to a household member, issue 38) and
    // the year's filing status.
    const { tinfo, filestatus } = await getTaxpayerPage(
      app.db,
      clientActorOf(request),
      await settings.taxYear(),
    );
    return { tinfo, filestatus, editable: isEditable(filestatus) };
  });
  registerCall(app, CALLS.saveTaxpayer, async (request) => {
    await saveTaxpayer(await depsOf(), clientActorOf(request), request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.spouseInfo, async (request) => ({
    sinfo: await getSpouse(app.db, clientActorOf(request).clientId),
  }));
  registerCall(app, CALLS.saveSpouse, async (request) => {
    await saveSpouse(await depsOf(), clientActorOf(request), request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.dependentInfo, async (request) => ({
    dinfo: await getDependents(app.db, clientActorOf(request).clientId),
  }));
  registerCall(app, CALLS.saveDependents, async (request) => {
    await saveDependents(await depsOf(), clientActorOf(request), request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.employerInfo, async (request) => ({
    empinfo: await getEmployers(app.db, clientActorOf(request).clientId),
  }));
  registerCall(app, CALLS.saveEmployer, async (request) => {
    await saveEmployers(await depsOf(), clientActorOf(request), request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });
}
