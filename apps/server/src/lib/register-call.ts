import { apiPath, MESSAGES, type Access, type CallDefinition, type Envelope } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { isAllowed, requireAccess } from './guards.ts';
import { settleHook } from './settle-hook.ts';
import { readMultipart, removeUploadsUnlessOk } from './uploads.ts';

type Payload<C extends CallDefinition> = Omit<z.input<C['response']>, keyof Envelope> & Partial<Envelope>;
type CallRequest<C extends CallDefinition> = FastifyRequest & { body: z.output<C['body']> };
type HookDone = (error?: Error) => void;
type CallOptions = {
  /** Checks before the body is read, after the access check (e.g. rate limits on uploads). */
  onRequest?: preHandlerAsyncHookHandler[];
  preHandler?: preHandlerAsyncHookHandler[];
  /** A multipart call's check of its text fields before any file is stored (e.g. whose folder). */
  beforeFiles?: (request: FastifyRequest, fields: Readonly<Record<string, string>>) => Promise<void>;
};

/**
 * Serve one call of the contract's call table as POST /api/<path>: the call's access level is enforced
 * first (before any body is read), the body is validated by the call's schema, and the answer serialised
 * (and stripped) by its response schema inside the envelope. A multipart call's text fields are its body
 * and its files stream into storage (lib/uploads.ts); a failed request keeps none of them.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (request: CallRequest<C>, reply: FastifyReply) => Promise<Payload<C>>,
  options: CallOptions = {},
): void {
  serve(app, call, options, async (request, reply) => {
    const payload = await handler(request, reply);
    return { http_code: 200, status_smessage: MESSAGES.SUCCESS, ...payload };
  });
}

/**
 * The onRequest check of a call's access level (lib/guards.ts), as a callback hook: an allowed request (nearly
 * every one) goes straight on; a refused one is answered by `requireAccess` itself.
 */
function accessCheck(access: Access) {
  const refuse = requireAccess(access);
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: HookDone) {
    if (isAllowed(access, request.user)) return done();
    settleHook(refuse.call(this, request, reply), done);
  };
}

/** The route of a call: access, body, hooks and response schema; `handle` answers. */
function serve<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  options: CallOptions,
  handle: (request: CallRequest<C>, reply: FastifyReply) => Promise<unknown>,
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
      ...(call.access === 'public' ? [] : [accessCheck(call.access)]),
      ...(options.onRequest ?? []),
    ],
    // A callback hook, not an async one: every call passes here, and only multipart ones wait for anything.
    preValidation: (request, reply, done) => {
      if (!request.isMultipart()) {
        // A call may arrive with no body at all; the old client's empty posts count as {}.
        request.body ??= {};
        return done();
      }
      if (call.contentType !== 'multipart') return done(new AppError('MALFORMED_BODY'));
      const { beforeFiles } = options;
      const reading = readMultipart(
        request,
        call,
        app.storage,
        beforeFiles && ((fields) => beforeFiles(request, fields)),
      ).then(
        (fields) => {
          request.body = fields;
        },
        (error: unknown) => {
          // Refused part-way, the rest of the body is still coming: answer and close the connection rather
          // than leave the client sending megabytes nobody reads (and waiting for the keep-alive timeout).
          reply.raw.shouldKeepAlive = false;
          throw error;
        },
      );
      settleHook(reading, done);
    },
    ...(call.contentType === 'multipart' ? { onSend: removeUploadsUnlessOk(app.storage) } : {}),
    // Rate limits that need the validated body (e.g. per e-mail address) run here.
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: (request, reply) => handle(request as CallRequest<C>, reply),
  });
}

/**
 * A call's success answer as the text `registerCall` sends for `payload`: the envelope, encoded by the call's
 * response schema and serialised by the app's serializer (app.ts), byte for byte.
 */
export function serializeAnswer<C extends CallDefinition>(call: C, payload: Payload<C>): string {
  const serialize = serializerCompiler({ schema: call.response, method: 'POST', url: apiPath(call) });
  return serialize({ http_code: 200, status_smessage: MESSAGES.SUCCESS, ...payload });
}

/** The content type Fastify gives a serialised JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A call whose answer is the same for every caller until something changes (getsettings): `answer` gives
 * the text already serialised (by `serializeAnswer`, kept until it changes), sent as it is, with the headers
 * `registerCall` would send. Access, the body's validation and the hooks are those of `registerCall`.
 */
export function registerSerializedCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  answer: (request: CallRequest<C>) => Promise<string>,
): void {
  serve(app, call, {}, async (request, reply) => {
    const text = await answer(request);
    // A string with a JSON content type skips the serializer; returning the reply tells Fastify it was sent.
    return reply.type(JSON_TYPE).send(text);
  });
}
