import { apiPath, MESSAGES, type CallDefinition, type Envelope } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAccess } from './guards.ts';

type Payload<C extends CallDefinition> = Omit<z.input<C['response']>, keyof Envelope> & Partial<Envelope>;

/**
 * Serve one call of the contract's call table as POST /api/<path>: the body is validated by the call's
 * schema, the answer serialised (and stripped) by its response schema inside the envelope, and the
 * call's access level enforced before the handler runs.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (request: FastifyRequest & { body: z.output<C['body']> }) => Promise<Payload<C>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: apiPath(call),
    schema: {
      summary: call.summary,
      body: call.body,
      response: { 200: call.response },
    },
    // A call may arrive with no body at all; the old client's empty posts count as {}.
    preValidation: (request, _reply, done) => {
      request.body ??= {};
      done();
    },
    // Public calls need no session check; every other access level is enforced before the handler.
    ...(call.access === 'public' ? {} : { preHandler: requireAccess(call.access) }),
    handler: async (request) => {
      const payload = await handler(request as FastifyRequest & { body: z.output<C['body']> });
      return { http_code: 200, status_smessage: MESSAGES.SUCCESS, ...payload };
    },
  });
}
