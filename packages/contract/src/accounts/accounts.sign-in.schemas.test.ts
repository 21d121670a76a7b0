import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import {
  checkResetLinkBodySchema,
  forgotBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutStatusResponseSchema,
  registerVerifyBodySchema,
  stepUpBodySchema,
  userInfoSchema,
} from './accounts.schemas.ts';

describe('loginBodySchema', () => {
  it('accepts an e-mail and a password', () => {
    expect(
      loginBodySchema.parse({
        email: ' client@example.com ',
        password: 'secret',
      }),
    ).toEqual({
      email: 'client@example.com',
      password: 'secret',
    });
  });

  it('requires both e-mail and password', () => {
    expect(schemaErrors(loginBodySchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(schemaErrors(loginBodySchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('does not apply the new-password policy to a login', () => {
    expect(loginBodySchema.safeParse({ email: 'client@example.com', password: 'x' }).success).toBe(true);
  });
});

describe('forgotBodySchema', () => {
  it('requires the e-mail', () => {
    expect(schemaErrors(forgotBodySchema, {})).toEqual({
      email: 'Email is required',
    });
    expect(schemaErrors(forgotBodySchema, { email: '   ' })).toEqual({
      email: 'Email is required',
    });
    expect(forgotBodySchema.parse({ email: 'client@example.com' })).toEqual({
      email: 'client@example.com',
    });
  });
});

describe('login and logout-status answers', () => {
  const uinfo = {
    user_id: '17',
    client_id: '0b0c1c2e-1111-4aaa-8bbb-123456789abc',
    user_name: 'John Smith',
    email: 'john.smith@example.com',
    filestatus: 'Payment Pending',
    userstate: 'active',
    filenumber: null,
  };

  it('carry the uinfo fields of the specification', () => {
    const parsed = loginResponseSchema.parse({
      http_code: 200,
      status_smessage: 'Success',
      uinfo,
    });
    expect(parsed.uinfo).toEqual(uinfo);
    expect(
      loginResponseSchema.parse({
        http_code: 401,
        status_smessage: 'Invalid credentials, Please try again.',
      }).uinfo,
    ).toBeUndefined();
  });

  it('refuse an unknown file status', () => {
    expect(userInfoSchema.safeParse({ ...uinfo, filestatus: 'Done' }).success).toBe(false);
  });

  it('carry loginstatus 0 or 1 only', () => {
    expect(
      logoutStatusResponseSchema.parse({
        http_code: 200,
        status_smessage: 'Success',
        loginstatus: 0,
      }).loginstatus,
    ).toBe(0);
    expect(
      logoutStatusResponseSchema.parse({
        http_code: 200,
        status_smessage: 'Success',
        loginstatus: 1,
      }).loginstatus,
    ).toBe(1);
    expect(
      logoutStatusResponseSchema.safeParse({
        http_code: 200,
        status_smessage: 'Success',
        loginstatus: 2,
      }).success,
    ).toBe(false);
  });
});

describe('stepUpBodySchema (account/stepup, staff/stepup)', () => {
  it('F-15: takes the password or a code (spaces dropped), exactly one of the two', () => {
    expect(stepUpBodySchema.parse({ password: 'my password' })).toEqual({ password: 'my password' });
    expect(stepUpBodySchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(stepUpBodySchema.parse({ password: '', code: 'ABCDE-12345' })).toEqual({
      password: '',
      code: 'abcde-12345',
    });
    const needed = 'Enter your password or a code from your authenticator app';
    expect(schemaErrors(stepUpBodySchema, {})).toEqual({ password: needed, code: needed });
    expect(schemaErrors(stepUpBodySchema, { password: '', code: '' })).toEqual({
      password: needed,
      code: needed,
    });
    expect(schemaErrors(stepUpBodySchema, { password: 'x', code: '123456' })).toEqual({ code: needed });
  });
});

describe('registerVerifyBodySchema and checkResetLinkBodySchema', () => {
  it('require their tokens', () => {
    expect(registerVerifyBodySchema.parse({ tokenId: '5', verifytoken: 'v' })).toEqual({
      tokenId: '5',
      verifytoken: 'v',
    });
    expect(schemaErrors(registerVerifyBodySchema, {})).toEqual({
      tokenId: 'This link expired. Please contact support team for moving forward.',
      verifytoken: 'This link expired. Please contact support team for moving forward.',
    });
    expect(checkResetLinkBodySchema.parse({ tokenid: 't' })).toEqual({
      tokenid: 't',
    });
    expect(schemaErrors(checkResetLinkBodySchema, { tokenid: ' ' })).toEqual({
      tokenid: 'This link expired. Please contact support team for moving forward.',
    });
  });
});
