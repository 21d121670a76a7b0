import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { stepUpBodySchema } from './accounts.schemas.ts';
import { loginCodeVerifyBodySchema } from './login-code.schemas.ts';
import { passkeyLoginBodySchema, passkeyRegisterBodySchema } from './passkeys.schemas.ts';

const detailsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const ASSERTION = {
  id: 'abc_-123',
  rawId: 'abc_-123',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ9', authenticatorData: 'AAAA', signature: 'MEUC' },
  clientExtensionResults: {},
};

describe('issue 38: the passwordless sign-in schemas', () => {
  it('takes an e-mailed code as six digits, spaces allowed, with its own messages', () => {
    expect(loginCodeVerifyBodySchema.parse({ email: 'a@example.com', code: ' 123 456 ' }).code).toBe(
      '123456',
    );
    expect(detailsOf(loginCodeVerifyBodySchema.safeParse({ email: 'a@example.com', code: '' }))).toEqual({
      code: MESSAGES.LOGIN_CODE_REQUIRED,
    });
    expect(
      detailsOf(loginCodeVerifyBodySchema.safeParse({ email: 'a@example.com', code: '12a456' })),
    ).toEqual({
      code: MESSAGES.LOGIN_CODE_INVALID,
    });
  });

  it('names a passkey: required, at most 60 characters', () => {
    const credential = {
      ...ASSERTION,
      response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm' },
    };
    expect(passkeyRegisterBodySchema.safeParse({ name: 'My phone', credential }).success).toBe(true);
    expect(detailsOf(passkeyRegisterBodySchema.safeParse({ name: '  ', credential }))).toEqual({
      name: MESSAGES.PASSKEY_NAME_REQUIRED,
    });
    expect(detailsOf(passkeyRegisterBodySchema.safeParse({ name: 'x'.repeat(61), credential }))).toEqual({
      name: MESSAGES.PASSKEY_NAME_TOO_LONG,
    });
  });

  it("refuses a browser answer that is not base64url or not a public key's", () => {
    expect(passkeyLoginBodySchema.safeParse({ credential: ASSERTION }).success).toBe(true);
    expect(passkeyLoginBodySchema.safeParse({ credential: { ...ASSERTION, type: 'password' } }).success).toBe(
      false,
    );
    expect(
      passkeyLoginBodySchema.safeParse({
        credential: { ...ASSERTION, response: { ...ASSERTION.response, signature: 'not base64url!' } },
      }).success,
    ).toBe(false);
  });

  it('steps up with exactly one proof: password, authenticator code, passkey or e-mailed code', () => {
    expect(stepUpBodySchema.safeParse({ passkey: ASSERTION }).success).toBe(true);
    expect(stepUpBodySchema.safeParse({ email_code: '123456' }).success).toBe(true);
    expect(stepUpBodySchema.safeParse({ password: 'x', email_code: '123456' }).success).toBe(false);
    expect(detailsOf(stepUpBodySchema.safeParse({}))).toEqual({
      password: MESSAGES.STEP_UP_ANSWER_REQUIRED,
      code: MESSAGES.STEP_UP_ANSWER_REQUIRED,
    });
  });
});
