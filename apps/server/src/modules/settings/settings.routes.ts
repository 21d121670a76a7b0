import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from './settings.cache.ts';
import { findTaxYears } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.getSettings, async () => ({ data: [await settings.get()] }));
  registerCall(app, CALLS.taxYears, async () => ({ taxyears: await findTaxYears({ db: app.db }) }));
}
