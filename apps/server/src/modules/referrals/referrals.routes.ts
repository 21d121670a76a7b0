import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { createReferral, listReferrals } from './referrals.service.ts';
import { AppError } from '../../lib/app-error.ts';

export async function referralsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  registerCall(app, CALLS.saveReferral, async (request) => {
    const taxYear = await settings.taxYear();
    await createReferral({ db: app.db, actor: request.user, body: request.body, taxYear });
    return { status_smessage: MESSAGES.REFERRAL_SUCCESS };
  });

  registerCall(app, CALLS.referralList, async (request) => {
    const clientId = request.user?.clientId;
    if (!clientId) throw new AppError('UNAUTHORIZED');
    const { dataTablesParameters: page, taxy } = request.body;
    const taxYear = await settings.taxYear(taxy);
    return { draw: page.draw, ...(await listReferrals({ db: app.db, clientId, taxYear, page })) };
  });
}
