import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_LOG_REDACT,
  createAccessLog,
  lazyChildLoggerFactory,
  loggerOptions,
  sanitizeText,
  sanitizeUrl,
} from './logger.ts';

describe('log redaction', () => {
  it("keeps reset links and the spouse's signing link out of request URLs", () => {
    expect(sanitizeUrl('/resetpasswordlink/abc123?x=1')).toBe('/resetpasswordlink/[redacted]?x=[redacted]');
    expect(sanitizeUrl('/sign/s3cr3t-T0ken_value')).toBe('/sign/[redacted]');
    expect(sanitizeUrl('/user/sign/9b1c')).toBe('/user/sign/9b1c');
  });

  it('keeps them out of error text', () => {
    const text = sanitizeText('failed GET http://x/sign/s3cr3tToken and /resetpasswordlink/abc');
    expect(text).not.toContain('s3cr3tToken');
    expect(text).not.toContain('abc');
    expect(text).toContain('/sign/[redacted]');
  });
});

describe('the access line', () => {
  /** A pino logger as app.ts builds it (loggerOptions), writing to a string. */
  function capture(level: string) {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    const logger = pino({ ...loggerOptions(level) }, stream);
    return { logger, lines: () => text };
  }
  const request = (
    url: string,
    headers: Record<string, string> = {},
    ip: string | undefined = '10.0.0.7',
  ) => ({
    id: '5b0c1c9e-6f51-4d0b-9f38-0c1b2f2d4b11',
    method: 'GET',
    url,
    ip,
    headers,
  });
  const reply = { statusCode: 204, elapsedTime: 1.2345 };

  it("writes the same bytes as pino's serialisation of the same fields, but for the time", async () => {
    for (const [req, res] of [
      [request('/accountverifyuser?tokenId=1&verifytoken=v-SECRET'), reply],
      [request('/api/x', { 'x-request-id': 'abc-12345678' }), { statusCode: 403, elapsedTime: 0.5 }],
      [request('/sign/s3cr3t?a="b"', { 'x-request-id': 'bad id\n{"level":60}' }, undefined), reply],
      [request('/api/y', { 'x-request-id': 'abc-12345678' }), { statusCode: 200, elapsedTime: Number.NaN }],
    ] as const) {
      const fast = capture('info');
      // The template, not the child logger it falls back to for a logger it cannot stand in for.
      const child = vi.spyOn(fast.logger, 'child');
      createAccessLog(fast.logger)(req, res);
      expect(child).not.toHaveBeenCalled();
      const slow = capture('info');
      const given = req.headers['x-request-id' as keyof typeof req.headers] as string | undefined;
      slow.logger.child({}, { redact: ACCESS_LOG_REDACT }).info(
        {
          reqId: req.id,
          req,
          res,
          responseTime: res.elapsedTime,
          ...(given && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? { clientRequestId: given } : {}),
        },
        'request completed',
      );
      const untimed = (text: string) => text.replace(/"time":\d+/, '"time":0');
      expect(fast.lines()).toMatch(/\n$/);
      expect(untimed(fast.lines())).toBe(untimed(slow.lines()));
    }
  });

  it('has exactly the fields of the access line, with the url sanitised', () => {
    const { logger, lines } = capture('info');
    createAccessLog(logger)(
      request('/resetpasswordlink/reset-SECRET?x=1', { 'x-request-id': 'abc-12345678' }),
      reply,
    );
    expect(lines()).not.toContain('SECRET');
    const line = JSON.parse(lines()) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'clientRequestId',
      'msg',
    ]);
    expect(line).toMatchObject({
      level: 30,
      reqId: '5b0c1c9e-6f51-4d0b-9f38-0c1b2f2d4b11',
      req: {
        id: '5b0c1c9e-6f51-4d0b-9f38-0c1b2f2d4b11',
        method: 'GET',
        url: '/resetpasswordlink/[redacted]?x=[redacted]',
        ip: '10.0.0.7',
      },
      res: { statusCode: 204 },
      responseTime: 1.2345,
      clientRequestId: 'abc-12345678',
      msg: 'request completed',
    });
  });

  it('writes nothing below info, and follows a change of level', () => {
    const { logger, lines } = capture('warn');
    const log = createAccessLog(logger);
    log(request('/api/x'), reply);
    expect(lines()).toBe('');
    logger.level = 'info';
    log(request('/api/x'), reply);
    expect(lines()).toContain('"msg":"request completed"');
  });
});

describe("a request's logger", () => {
  function capture(level: string) {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    return { logger: pino({ ...loggerOptions(level) }, stream), lines: () => text };
  }
  const bindings = { reqId: '5b0c1c9e-6f51-4d0b-9f38-0c1b2f2d4b11' };
  const untimed = (text: string) => text.replace(/"time":\d+/g, '"time":0');

  it('makes no child until it logs, then writes what the child Fastify makes would write', () => {
    const lazy = capture('info');
    const child = vi.spyOn(lazy.logger, 'child');
    const log = lazyChildLoggerFactory(lazy.logger, bindings, {});
    expect(child).not.toHaveBeenCalled();
    const eager = capture('info');
    const direct = eager.logger.child(bindings, {});
    for (const target of [log, direct]) {
      target.info({ err: { code: 'NOT_FOUND' } }, 'client error');
      target.error({ err: new Error('failed at /sign/s3cr3t?x=1'), password: 'p' }, 'request failed');
      target.debug('not written');
      target.child({ job: 'x' }).warn('nested');
    }
    // Once for the request's logger, once more for the child made from it (pino's children share `child`).
    expect(child).toHaveBeenCalledTimes(2);
    expect(child).toHaveBeenNthCalledWith(1, bindings, {});
    expect(lazy.lines()).not.toContain('s3cr3t');
    expect(lazy.lines()).toContain('"reqId":"5b0c1c9e-6f51-4d0b-9f38-0c1b2f2d4b11"');
    expect(untimed(lazy.lines())).toBe(untimed(eager.lines()));
  });

  it("gives the child the route's options and follows its level", () => {
    const { logger, lines } = capture('info');
    const log = lazyChildLoggerFactory(logger, bindings, { level: 'warn' });
    log.info('not written');
    expect(log.level).toBe('warn');
    log.level = 'debug';
    log.debug('written');
    expect(lines()).toContain('"msg":"written"');
    expect(lines()).not.toContain('not written');
  });
});
