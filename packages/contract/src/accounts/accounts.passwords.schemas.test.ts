import { describe, expect, it } from 'vitest';
import { messagesAt, schemaErrors } from '../testing/schema-errors.ts';
import {
  changePasswordBodySchema,
  forgotCheckerBodySchema,
  staffChangePasswordBodySchema,
  updatePasswordLinkBodySchema,
} from './accounts.schemas.ts';

describe('changePasswordBodySchema', () => {
  const valid = {
    oldpassword: 'old password',
    password: 'brand new password',
    confirmpassword: 'brand new password',
  };

  it('accepts matching new and confirm passwords', () => {
    expect(changePasswordBodySchema.parse(valid)).toEqual(valid);
  });

  it("requires all three: 'Old password is required', 'New password is required', 'Confirm Password is required'", () => {
    expect(schemaErrors(changePasswordBodySchema, {})).toEqual({
      oldpassword: 'Old password is required',
      password: 'New password is required',
      confirmpassword: 'Confirm Password is required',
    });
    expect(
      schemaErrors(changePasswordBodySchema, {
        oldpassword: '',
        password: '',
        confirmpassword: '',
      }),
    ).toEqual({
      oldpassword: 'Old password is required',
      password: 'New password is required',
      confirmpassword: 'Confirm Password is required',
    });
  });

  it("refuses a mismatch: 'New password and confirm password is not match.'", () => {
    expect(
      schemaErrors(changePasswordBodySchema, {
        ...valid,
        confirmpassword: 'brand new passw0rd',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password is not match.',
    });
  });

  it('applies the length policy to the new password but not to the old one', () => {
    expect(changePasswordBodySchema.safeParse({ ...valid, oldpassword: 'x' }).success).toBe(true);
    expect(
      schemaErrors(changePasswordBodySchema, {
        ...valid,
        password: 'short',
        confirmpassword: 'short',
      }),
    ).toEqual({
      password: 'Password must be at least 12 characters',
    });
  });
});

describe('updatePasswordLinkBodySchema (reset by link)', () => {
  const valid = {
    token_id: 'abc123',
    newpassword: 'brand new password',
    cpassword: 'brand new password',
  };

  it('accepts matching passwords', () => {
    expect(updatePasswordLinkBodySchema.parse(valid)).toEqual(valid);
  });

  it("requires both: 'Password is required', 'Confirm Password is required'", () => {
    expect(schemaErrors(updatePasswordLinkBodySchema, { token_id: 'abc123' })).toEqual({
      newpassword: 'Password is required',
      cpassword: 'Confirm Password is required',
    });
    expect(
      schemaErrors(updatePasswordLinkBodySchema, {
        token_id: 'abc123',
        newpassword: '',
        cpassword: '',
      }),
    ).toEqual({
      newpassword: 'Password is required',
      cpassword: 'Confirm Password is required',
    });
  });

  it("refuses a mismatch: 'Password and confirm password should match'", () => {
    expect(
      schemaErrors(updatePasswordLinkBodySchema, {
        ...valid,
        cpassword: 'another password',
      }),
    ).toEqual({
      cpassword: 'Password and confirm password should match',
    });
  });

  it('treats a missing token as an expired link', () => {
    expect(schemaErrors(updatePasswordLinkBodySchema, { ...valid, token_id: '' })).toEqual({
      token_id: 'This link expired. Please contact support team for moving forward.',
    });
  });
});

describe('forgotCheckerBodySchema (new-password page)', () => {
  const valid = {
    newpassword: 'brand new password',
    confirmpassword: 'brand new password',
    userid: '17',
    tokenId: 'token-from-the-mail',
  };

  it('accepts matching passwords', () => {
    expect(forgotCheckerBodySchema.parse(valid)).toEqual(valid);
  });

  it("requires both: 'New password is required', 'Confirm password is required'", () => {
    expect(schemaErrors(forgotCheckerBodySchema, { userid: '17', tokenId: 't' })).toEqual({
      newpassword: 'New password is required',
      confirmpassword: 'Confirm password is required',
    });
    expect(
      schemaErrors(forgotCheckerBodySchema, {
        ...valid,
        newpassword: '',
        confirmpassword: '',
      }),
    ).toEqual({
      newpassword: 'New password is required',
      confirmpassword: 'Confirm password is required',
    });
  });

  it("really catches a mismatch (the old page compared the field with itself): 'New password and confirm password are not matched.'", () => {
    expect(
      schemaErrors(forgotCheckerBodySchema, {
        ...valid,
        confirmpassword: 'a different password',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password are not matched.',
    });
    expect(
      messagesAt(
        forgotCheckerBodySchema,
        { ...valid, confirmpassword: 'brand new passworD' },
        'confirmpassword',
      ),
    ).toEqual(['New password and confirm password are not matched.']);
  });

  it('treats a missing user id or token as an expired link', () => {
    expect(schemaErrors(forgotCheckerBodySchema, { ...valid, userid: '', tokenId: '' })).toEqual({
      userid: 'This link expired. Please contact support team for moving forward.',
      tokenId: 'This link expired. Please contact support team for moving forward.',
    });
  });
});

describe('staffChangePasswordBodySchema (staff/account/changepassword)', () => {
  const valid = {
    oldpassword: 'old passphrase',
    code: '123456',
    password: 'brand new passphrase',
    confirmpassword: 'brand new passphrase',
  };

  it('F-10: asks the current password, a code and a new password of at least 12 characters, confirmed', () => {
    expect(staffChangePasswordBodySchema.parse(valid)).toEqual(valid);
    expect(schemaErrors(staffChangePasswordBodySchema, {})).toEqual({
      oldpassword: 'Old password is required',
      code: 'Enter the 6-digit code from your authenticator app',
      password: 'New password is required',
      confirmpassword: 'Confirm Password is required',
    });
    expect(
      schemaErrors(staffChangePasswordBodySchema, {
        ...valid,
        password: 'short pass',
        confirmpassword: 'short pass',
      }),
    ).toEqual({ password: 'Password must be at least 12 characters' });
    expect(
      schemaErrors(staffChangePasswordBodySchema, { ...valid, confirmpassword: 'something else' }),
    ).toEqual({
      confirmpassword: 'New password and confirm password is not match.',
    });
  });
});
