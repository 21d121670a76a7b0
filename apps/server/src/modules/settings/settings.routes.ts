import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import { findTaxYears, getSiteSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.getSettings, async () => ({ data: [await getSiteSettings({ db: app.db })] }));
  registerCall(app, CALLS.taxYears, async () => ({ taxyears: await findTaxYears({ db: app.db }) }));
}
