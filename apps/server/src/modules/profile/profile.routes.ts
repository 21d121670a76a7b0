import { CALLS, MESSAGES } from '@taxfirm/contract';
import { eq, users } from '@taxfirm/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  assertEditable,
  fileStatusOf,
  isEditable,
  getDependents,
  getEmployers,
  getSpouse,
  getTaxpayer,
  revealSsn,
  saveDependents,
  saveEmployers,
  saveSpouse,
  saveTaxpayer,
  type Actor,
  type ProfileDeps,
} from './profile.service.ts';

export async function profileRoutes(
  app: FastifyInstance,
  { settings, keyring }: { settings: SettingsCache; keyring: Keyring },
) {
  const deps: ProfileDeps = { db: app.db, keyring };

  /** The session's client, and its login e-mail: the only identity these calls use. */
  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const user = request.user;
    if (!user?.clientId) throw new AppError('UNAUTHORIZED');
    const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    if (!row) throw new AppError('UNAUTHORIZED');
    return {
      userId: user.id,
      clientId: user.clientId,
      email: row.email,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    };
  };
  const editable = async (actor: Actor) =>
    assertEditable(app.db, actor.clientId, (await settings.get()).current_tax_year);

  registerCall(app, CALLS.revealSsn, async (request) => ({
    ssn: await revealSsn(deps, await actorOf(request), request.body.section, {
      id: request.body.id,
      index: request.body.index,
    }),
  }));

  registerCall(app, CALLS.taxpayerInfo, async (request) => {
    const actor = await actorOf(request);
    const filestatus = await fileStatusOf(app.db, actor.clientId, (await settings.get()).current_tax_year);
    return {
      tinfo: await getTaxpayer(app.db, actor),
      filestatus,
      editable: isEditable(filestatus),
    };
  });
  registerCall(app, CALLS.saveTaxpayer, async (request) => {
    const actor = await actorOf(request);
    await editable(actor);
    await saveTaxpayer(deps, actor, request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.spouseInfo, async (request) => ({
    sinfo: await getSpouse(app.db, (await actorOf(request)).clientId),
  }));
  registerCall(app, CALLS.saveSpouse, async (request) => {
    const actor = await actorOf(request);
    await editable(actor);
    await saveSpouse(deps, actor, request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.dependentInfo, async (request) => ({
    dinfo: await getDependents(app.db, (await actorOf(request)).clientId),
  }));
  registerCall(app, CALLS.saveDependents, async (request) => {
    const actor = await actorOf(request);
    await editable(actor);
    await saveDependents(deps, actor, request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });

  registerCall(app, CALLS.employerInfo, async (request) => ({
    empinfo: await getEmployers(app.db, (await actorOf(request)).clientId),
  }));
  registerCall(app, CALLS.saveEmployer, async (request) => {
    const actor = await actorOf(request);
    await editable(actor);
    await saveEmployers(deps, actor, request.body);
    return { status_smessage: MESSAGES.PROFILE_SAVED };
  });
}
