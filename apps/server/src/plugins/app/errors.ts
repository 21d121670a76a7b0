import type { Socket } from 'node:net';
import { fieldErrors, MESSAGES, type ErrorEnvelope } from '@taxfirm/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ERROR_STATUS } from '../../lib/app-error.ts';
import { isApiPath } from '../../lib/request-path.ts';

/** Every failure leaves as the envelope: { http_code, status_smessage, code, details? }. Never a stack trace. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorEnvelope = {
    http_code: error.status,
    status_smessage: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors, by code. */
const FASTIFY_CLIENT_ERRORS: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

function toAppError(error: FastifyError | Error, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      details[key] ??= issue.message ?? MESSAGES.INVALID_REQUEST;
    }
    const first = Object.values(details)[0];
    return new AppError('VALIDATION_FAILED', { message: first ?? MESSAGES.INVALID_REQUEST, details });
  }
  if (error instanceof z.ZodError) {
    const details = fieldErrors(error);
    return new AppError('VALIDATION_FAILED', { message: Object.values(details)[0], details });
  }
  const code =
    'code' in error && typeof error.code === 'string' ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (code) return new AppError(code, { cause: error });
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return new AppError('TOO_MANY_REQUESTS', { cause: error });
  if (status === 404) return new AppError('NOT_FOUND', { cause: error });
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { cause: error });
  if (status >= 400 && status < 500) {
    request.log.info({ err: { code: 'code' in error ? error.code : undefined } }, 'client error');
    return new AppError('MALFORMED_BODY', { cause: error });
  }
  return new AppError('INTERNAL', { cause: error });
}

/**
 * Requests so malformed that Node's HTTP parser rejects them never reach a route; they still get the envelope.
 * (Fastify's clientErrorHandler option.)
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({
    http_code: 400,
    status_smessage: MESSAGES.MALFORMED_BODY,
    code: 'MALFORMED_BODY',
  } satisfies ErrorEnvelope);
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
      // A deliberate 503 (a provider is down) keeps its own, written message; anything else is generic.
      const isDeliberate = error instanceof AppError && appError.code === 'SERVICE_UNAVAILABLE';
      return sendError(reply, isDeliberate ? appError : new AppError('INTERNAL'));
    }
    return sendError(reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return sendError(reply, new AppError('NOT_FOUND'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(ERROR_STATUS.NOT_FOUND.message);
  });
}

export const errorsPlugin = fp(errors, { name: 'errors' });
