import { CALLS, type SiteSettings } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerSerializedCall, serializeAnswer } from '../../lib/register-call.ts';
import type { SettingsCache } from './settings.cache.ts';
import { findTaxYears } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  // getsettings answers the same text to everyone until the settings change: serialised once per copy of the
  // settings (the cache makes a new copy at every change, so a change gives a new text at once).
  const answers = new WeakMap<SiteSettings, string>();
  registerSerializedCall(app, CALLS.getSettings, async () => {
    const current = await settings.get();
    let text = answers.get(current);
    if (text === undefined) {
      text = serializeAnswer(CALLS.getSettings, { data: [current] });
      answers.set(current, text);
    }
    return text;
  });
  registerCall(app, CALLS.taxYears, async () => ({ taxyears: await findTaxYears({ db: app.db }) }));
}
