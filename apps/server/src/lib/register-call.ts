import { apiPath, MESSAGES, type CallDefinition, type Envelope } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { requireAccess } from './guards.ts';
import { readMultipart, removeUploadsUnlessOk } from './uploads.ts';

type Payload<C extends CallDefinition> = Omit<z.input<C['response']>, keyof Envelope> & Partial<Envelope>;

/**
 * Serve one call of the contract's call table as POST /api/<path>: the call's access level is enforced
 * first (before any body is read), the body is validated by the call's schema, and the answer serialised
 * (and stripped) by its response schema inside the envelope. A multipart call's text fields are its body
 * and its files stream into storage (lib/uploads.ts); a failed request keeps none of them.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (
    request: FastifyRequest & { body: z.output<C['body']> },
    reply: FastifyReply,
  ) => Promise<Payload<C>>,
  options: {
    /** Checks before the body is read, after the access check (e.g. rate limits on uploads). */
    onRequest?: preHandlerAsyncHookHandler[];
    preHandler?: preHandlerAsyncHookHandler[];
    /** A multipart call's check of its text fields before any file is stored (e.g. whose folder). */
    beforeFiles?: (request: FastifyRequest, fields: Readonly<Record<string, string>>) => Promise<void>;
  } = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: apiPath(call),
    schema: {
      summary: call.summary,
      body: call.body,
      response: { 200: call.response },
    },
    // Public calls need no session check; every other access level is enforced before the body is read.
    onRequest: [
      ...(call.access === 'public' ? [] : [requireAccess(call.access)]),
      ...(options.onRequest ?? []),
    ],
    preValidation: async (request, reply) => {
      if (request.isMultipart()) {
        if (call.contentType !== 'multipart') throw new AppError('MALFORMED_BODY');
        const { beforeFiles } = options;
        try {
          request.body = await readMultipart(
            request,
            call,
            app.storage,
            beforeFiles && ((fields) => beforeFiles(request, fields)),
          );
        } catch (error) {
          // Refused part-way, the rest of the body is still coming: answer and close the connection rather
          // than leave the client sending megabytes nobody reads (and waiting for the keep-alive timeout).
          reply.raw.shouldKeepAlive = false;
          throw error;
        }
        return;
      }
      // A call may arrive with no body at all; the old client's empty posts count as {}.
      request.body ??= {};
    },
    ...(call.contentType === 'multipart' ? { onSend: removeUploadsUnlessOk(app.storage) } : {}),
    // Rate limits that need the validated body (e.g. per e-mail address) run here.
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const payload = await handler(request as FastifyRequest & { body: z.output<C['body']> }, reply);
      return { http_code: 200, status_smessage: MESSAGES.SUCCESS, ...payload };
    },
  });
}
