import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, errorEnvelopeSchema, fieldErrors } from './errors.ts';

describe('fieldErrors', () => {
  it('keeps the first message of each failing path, keyed by the dotted path', () => {
    const schema = z.object({
      name: z
        .string()
        .min(1, { error: 'first' })
        .regex(/^[a-z]+$/, { error: 'second' }),
      list: z.array(z.object({ x: z.string({ error: 'x missing' }) })),
    });
    const result = schema.safeParse({ name: '', list: [{ x: 'ok' }, {}] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: 'first',
      'list.1.x': 'x missing',
    });
  });

  it("files an issue without a path under '_'", () => {
    const result = z.string({ error: 'root' }).safeParse(1);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ _: 'root' });
  });
});

describe('errorEnvelopeSchema', () => {
  it('is the envelope plus a known code and optional field details', () => {
    expect(
      errorEnvelopeSchema.parse({
        http_code: 400,
        status_smessage: 'The request is not valid. Please check the highlighted fields.',
        code: 'VALIDATION_FAILED',
        details: { phone: 'Phone Number must be 10 digits' },
      }).details,
    ).toEqual({ phone: 'Phone Number must be 10 digits' });
    expect(
      errorEnvelopeSchema.safeParse({
        http_code: 400,
        status_smessage: 'x',
        code: 'TEAPOT',
      }).success,
    ).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });

  it('lists each error code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('has a code of its own for each refusal the web treats apart (it never compares message text)', () => {
    for (const code of [
      'EMAIL_IN_USE',
      'LOGIN_INVALID',
      'LOGIN_NOT_VERIFIED',
      'MFA_LOGIN_EXPIRED',
      'PROFILE_LOCKED',
    ] as const) {
      expect(errorEnvelopeSchema.parse({ http_code: 400, status_smessage: 'x', code }).code).toBe(code);
    }
  });
});
