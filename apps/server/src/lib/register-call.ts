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
    // A call without a body of its own may arrive with none at all.
    preValidation: async (request) => {
      request.body ??= {};
    },
    preHandler: requireAccess(call.access),
    handler: async (request) => {
      const payload = await handler(request as FastifyRequest & { body: z.output<C['body']> });
      return { http_code: 200, status_smessage: MESSAGES.SUCCESS, ...payload };
    },
  });
}
