/**
 * A signed-in account's own passkeys (issue 38), the same four calls at both doors: the portal's
 * (`account/passkeys/*`) and the console's (`staff/passkeys/*`). Listed by name, added and removed after a
 * fresh step-up (a stolen session must not plant a lasting way in), a few per hour. The door's routes hand in
 * their calls and how they read the session's actor; sign-in by passkey stays with each door.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  finishPasskeyRegistration,
  findPasskeys,
  removePasskey,
  startPasskeyRegistration,
} from './passkeys.service.ts';
import { requireStepUp } from './step-up.service.ts';

/** The portal's passkey calls, and the console's equivalents (the same bodies and answers). */
const DOORS = {
  client: {
    list: CALLS.passkeysList,
    options: CALLS.passkeysRegisterOptions,
    verify: CALLS.passkeysRegisterVerify,
    remove: CALLS.passkeysRemove,
  },
  staff: {
    list: CALLS.staffPasskeysList,
    options: CALLS.staffPasskeysRegisterOptions,
    verify: CALLS.staffPasskeysRegisterVerify,
    remove: CALLS.staffPasskeysRemove,
  },
} as const;

export function registerPasskeyAccountCalls(
  app: FastifyInstance,
  {
    door,
    actorOf,
    settings,
    appUrl,
  }: {
    door: keyof typeof DOORS;
    actorOf: (request: FastifyRequest) => ClientActor | StaffActor;
    settings: SettingsCache;
    appUrl: string;
  },
) {
  const calls = DOORS[door];
  const deps = { db: app.db, appUrl, settings };
  // The limits' names keep each door's counters apart, as they were.
  const prefix = door === 'staff' ? 'staff-' : '';
  const guarded = (name: string) => requireStepUp(app, { name: `${prefix}${name}`, perUserPerHour: 20 });

  registerCall(app, calls.list, async (request) => ({
    passkeys: await findPasskeys(app.db, actorOf(request).userId),
  }));

  registerCall(
    app,
    calls.options,
    async (request) => ({ options: await startPasskeyRegistration({ ...deps, actor: actorOf(request) }) }),
    guarded('passkey-options'),
  );

  registerCall(
    app,
    calls.verify,
    async (request) => {
      await finishPasskeyRegistration({
        ...deps,
        actor: actorOf(request),
        name: request.body.name,
        credential: request.body.credential as RegistrationResponseJSON,
      });
      return { status_smessage: MESSAGES.PASSKEY_ADDED };
    },
    guarded('passkey-verify'),
  );

  registerCall(
    app,
    calls.remove,
    async (request) => {
      await removePasskey({ db: app.db, actor: actorOf(request), id: request.body.id });
      return { status_smessage: MESSAGES.PASSKEY_REMOVED };
    },
    guarded('passkey-remove'),
  );
}
