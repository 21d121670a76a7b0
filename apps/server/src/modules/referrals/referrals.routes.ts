import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { createReferral } from './referrals.service.ts';

export async function referralsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.saveReferral, async (request) => {
    const { current_tax_year: taxYear } = await settings.get();
    await createReferral({ db: app.db, actor: request.user, body: request.body, taxYear });
    return { status_smessage: MESSAGES.REFERRAL_SUCCESS };
  });
}
