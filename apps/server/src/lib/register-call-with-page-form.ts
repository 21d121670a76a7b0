import type { CallDefinition } from '@taxfirm/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { registerPageForm, type PageForms } from '../plugins/app/page-forms.ts';
import { registerCall } from './register-call.ts';

/**
 * A public call whose page's form also posts it without JavaScript (ADR 021): the API route and the page's
 * form route, registered together with one set of limits (the same counters) and one handler (the same
 * service call), so the form always answers what the API answers.
 */
export function registerCallWithPageForm<C extends CallDefinition>(
  app: FastifyInstance,
  pages: PageForms,
  {
    url,
    call,
    limits,
    handler,
  }: {
    /** The page's URL, where its form posts. */
    url: string;
    call: C;
    limits: preHandlerAsyncHookHandler[];
    handler: Parameters<typeof registerCall<C>>[2] & Parameters<typeof registerPageForm<C>>[2]['handler'];
  },
): void {
  registerCall(app, call, handler, { onRequest: limits });
  registerPageForm(app, pages, { url, call, limits, handler });
}
