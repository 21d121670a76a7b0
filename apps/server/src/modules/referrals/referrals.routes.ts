import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCallWithPageForm } from '../../lib/register-call-with-page-form.ts';
import { registerCall } from '../../lib/register-call.ts';
import { type PageForms } from '../../plugins/app/page-forms.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { createReferral, listReferrals } from './referrals.service.ts';
import { AppError } from '../../lib/app-error.ts';

/** The public Refer a Friend page's URL, whose form posts there without JavaScript. */
export const REFER_A_FRIEND_PAGE = '/refer-a-friend';

export async function referralsRoutes(
  app: FastifyInstance,
  { settings, pages }: { settings: SettingsCache; pages: PageForms },
) {
  // F-05: a visitor's referrals are counted per IP; a signed-in client's per account (a client may refer
  // a whole family at once, and an account costs a verified e-mail address). Every post counts.
  const [perVisitor] = limits(app, { name: 'referral-ip', max: 20, window: '1 hour', key: byIp });
  const [perClient] = limits(app, {
    name: 'referral-user',
    max: 60,
    window: '1 hour',
    key: (request) => request.user?.id ?? '',
  });
  const perCaller: preHandlerAsyncHookHandler[] = [
    async function (request, reply) {
      const check = request.user ? perClient : perVisitor;
      await check?.call(this, request, reply);
    },
  ];
  const save = async (request: FastifyRequest & { body: unknown }) => {
    const taxYear = await settings.taxYear();
    await createReferral({ db: app.db, actor: request.user, body: request.body, taxYear });
    return { status_smessage: MESSAGES.REFERRAL_SUCCESS };
  };
  // The API call and the public page's form, posted without JavaScript: the same limits, the same service.
  registerCallWithPageForm(app, pages, {
    url: REFER_A_FRIEND_PAGE,
    call: CALLS.saveReferral,
    limits: perCaller,
    handler: save,
  });

  registerCall(app, CALLS.referralList, async (request) => {
    const clientId = request.user?.clientId;
    if (!clientId) throw new AppError('UNAUTHORIZED');
    const { dataTablesParameters: page, taxy } = request.body;
    const taxYear = await settings.taxYear(taxy);
    return { draw: page.draw, ...(await listReferrals({ db: app.db, clientId, taxYear, page })) };
  });
}
