/**
 * Public forms that work without JavaScript (ADR 021): a page's `<form method="post">` posts to the page's own
 * URL, and the server answers with the page itself, rendered with the outcome (the message, each field's
 * message next to its field, the values typed). It is the same call as the API's: the call's body schema,
 * its rate limits and its handler (the module passes the ones it gives registerCall), so a form answers
 * exactly what the API answers. The CSRF token travels in a hidden field (double-submit against the
 * XSRF-TOKEN cookie, as the API's header does).
 */
import {
  FORM_TOKEN_FIELD,
  MESSAGES,
  fieldErrors as zodFieldErrors,
  type CallDefinition,
  type PageFormResult,
} from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readMultipart, removeUploadsUnlessOk } from '../../lib/uploads.ts';
import { carriesCsrfToken } from './csrf.ts';

/** Renders a page (React Router) with a form's outcome; set by the web plugin when it serves pages. */
export type PageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  formResult: PageFormResult,
) => Promise<FastifyReply>;

/**
 * Where the modules' form routes find the page renderer: the web plugin registers after the modules and
 * sets it. Without a web app (API-only, the server's tests) a form answers its outcome as JSON.
 */
export type PageForms = { render: PageRenderer | undefined };

export function createPageForms(): PageForms {
  return { render: undefined };
}

/** A urlencoded form's body is small text: the API's JSON limit is far more than any of these forms. */
const FORM_BODY_LIMIT = 64 * 1024;

type Answer = { status_smessage?: string };

/** The values to show again: text fields only, never the token. */
function keptValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== FORM_TOKEN_FIELD && typeof value === 'string') values[key] = value;
  }
  return values;
}

function failure(error: AppError, values: Record<string, string>): PageFormResult {
  const fieldErrors = error.details ?? {};
  // A message tied to a field shows next to it; any other failure shows above the button.
  const hasFieldMessage = Object.keys(fieldErrors).some((key) => key !== '_');
  return {
    status: error.status,
    ok: false,
    message: hasFieldMessage ? null : error.message,
    fieldErrors,
    values,
  };
}

/**
 * Serve POST `url` for a page whose form posts `call` without JavaScript. `limits` and `handler` are the
 * API route's own (the same counters, the same service call).
 */
export function registerPageForm<C extends CallDefinition>(
  app: FastifyInstance,
  pages: PageForms,
  {
    url,
    call,
    limits = [],
    handler,
  }: {
    url: string;
    call: C;
    limits?: preHandlerAsyncHookHandler[];
    handler: (
      request: FastifyRequest & { body: z.output<C['body']> },
      reply: FastifyReply,
    ) => Promise<Answer>;
  },
): void {
  const answer = (request: FastifyRequest, reply: FastifyReply, result: PageFormResult) =>
    pages.render ? pages.render(request, reply, result) : reply.status(result.status).send(result);

  const outcome = async (request: FastifyRequest, reply: FastifyReply): Promise<PageFormResult> => {
    // A urlencoded body is already read (a refused post still shows what was typed); a multipart one is read
    // below, after the limits, so a flood of résumés is refused without reading them.
    const isMultipart = request.isMultipart();
    let fields: Record<string, unknown> =
      !isMultipart && typeof request.body === 'object' && request.body !== null ? { ...request.body } : {};
    try {
      for (const limit of limits) await limit.call(app, request, reply);
      const checkToken = async (given: Readonly<Record<string, unknown>>) => {
        if (!carriesCsrfToken(request, given[FORM_TOKEN_FIELD])) throw new AppError('CSRF_FAILED');
      };
      if (isMultipart) {
        if (call.contentType !== 'multipart') throw new AppError('MALFORMED_BODY');
        // The token field comes first in the form: it is checked before any file is stored.
        fields = await readMultipart(request, call, app.storage, checkToken);
      } else {
        await checkToken(fields);
      }
      const { [FORM_TOKEN_FIELD]: _token, ...body } = fields;
      const parsed = call.body.safeParse(body);
      if (!parsed.success) {
        const details = zodFieldErrors(parsed.error);
        throw new AppError('VALIDATION_FAILED', { message: Object.values(details)[0], details });
      }
      request.body = parsed.data;
      const result = await handler(request as FastifyRequest & { body: z.output<C['body']> }, reply);
      return {
        status: 200,
        ok: true,
        message: result.status_smessage ?? MESSAGES.SUCCESS,
        fieldErrors: {},
        values: {},
      };
    } catch (error) {
      const values = keptValues(fields);
      if (error instanceof AppError) return failure(error, values);
      if (error instanceof z.ZodError) {
        const details = zodFieldErrors(error);
        return failure(new AppError('VALIDATION_FAILED', { details }), values);
      }
      // The multipart parser's own refusals (too many parts, a body cut short) are the visitor's, not a 500.
      const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return failure(new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_BODY'), values);
      }
      throw error;
    }
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.route({
      method: 'POST',
      url,
      config: { csrfInForm: true },
      ...(call.contentType === 'multipart' ? { onSend: removeUploadsUnlessOk(app.storage) } : {}),
      handler: async (request, reply) => answer(request, reply, await outcome(request, reply)),
    });
  });
}
