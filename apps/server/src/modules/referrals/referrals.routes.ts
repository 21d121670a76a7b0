import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { createReferral, listReferrals } from './referrals.service.ts';
import { AppError } from '../../lib/app-error.ts';

export async function referralsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  // F-05: a visitor's referrals are counted per IP; a signed-in client's per account (a client may refer
  // a whole family at once, and an account costs a verified e-mail address). Every post counts.
  const [perVisitor] = limits(app, { name: 'referral-ip', max: 20, window: '1 hour', key: byIp });
  const [perClient] = limits(app, {
    name: 'referral-user',
    max: 60,
    window: '1 hour',
    key: (request) => request.user?.id ?? '',
  });
  registerCall(
    app,
    CALLS.saveReferral,
    async (request) => {
      const taxYear = await settings.taxYear();
      await createReferral({ db: app.db, actor: request.user, body: request.body, taxYear });
      return { status_smessage: MESSAGES.REFERRAL_SUCCESS };
    },
    {
      onRequest: [
        async function (request, reply) {
          const check = request.user ? perClient : perVisitor;
          await check?.call(this, request, reply);
        },
      ],
    },
  );

  registerCall(app, CALLS.referralList, async (request) => {
    const clientId = request.user?.clientId;
    if (!clientId) throw new AppError('UNAUTHORIZED');
    const { dataTablesParameters: page, taxy } = request.body;
    const taxYear = await settings.taxYear(taxy);
    return { draw: page.draw, ...(await listReferrals({ db: app.db, clientId, taxYear, page })) };
  });
}
