import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import { staffActorOf } from '../../lib/actor.ts';
import type { SettingsCache } from './settings.cache.ts';
import { getStaffSettings, saveStaffSettings } from './settings.staff.service.ts';

export async function staffSettingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  // Access 'admin' is enforced before either handler runs.
  registerCall(app, CALLS.staffSettingsGet, async () => ({ settings: await getStaffSettings(app.db) }));

  registerCall(app, CALLS.staffSettingsSave, async (request) => {
    const saved = await saveStaffSettings(app.db, staffActorOf(request), request.body);
    // This instance answers the new values at once; the trigger's NOTIFY tells every other one.
    settings.invalidate();
    return { status_smessage: MESSAGES.SETTINGS_SAVED, settings: saved };
  });
}
