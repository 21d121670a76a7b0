import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCallWithPageForm } from '../../lib/register-call-with-page-form.ts';
import { type PageForms } from '../../plugins/app/page-forms.ts';
import { createContactMessage } from './contact.service.ts';

/** The Contact Us page's URL, whose form posts there without JavaScript. */
export const CONTACT_PAGE = '/contact-us';

export async function contactRoutes(app: FastifyInstance, { pages }: { pages: PageForms }) {
  // F-05: per IP, every post counted (a flood of bad ones too), so nobody buries the staff inbox. One counter
  // for the API call and the page's form.
  const perIp = limits(app, { name: 'contact-ip', max: 20, window: '1 hour', key: byIp });
  const save = async (request: { body: Parameters<typeof createContactMessage>[0]['input'] }) => {
    await createContactMessage({ db: app.db, input: request.body });
    return { status_smessage: MESSAGES.CONTACT_SUCCESS };
  };
  registerCallWithPageForm(app, pages, {
    url: CONTACT_PAGE,
    call: CALLS.saveContactInfo,
    limits: perIp,
    handler: save,
  });
}
