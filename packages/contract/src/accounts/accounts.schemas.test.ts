import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../errors.ts';
import {
  changePasswordBodySchema,
  checkResetLinkBodySchema,
  forgotBodySchema,
  forgotCheckerBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutStatusResponseSchema,
  registerBodySchema,
  registerVerifyBodySchema,
  staffChangePasswordBodySchema,
  stepUpBodySchema,
  updatePasswordLinkBodySchema,
  userInfoSchema,
} from './accounts.schemas.ts';

/** The first message of each failing path, as the server reports them. */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** Every message at one path, in order. */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

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
    expect(errors(loginBodySchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errors(loginBodySchema, { email: '', password: '' })).toEqual({
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
    expect(errors(forgotBodySchema, {})).toEqual({
      email: 'Email is required',
    });
    expect(errors(forgotBodySchema, { email: '   ' })).toEqual({
      email: 'Email is required',
    });
    expect(forgotBodySchema.parse({ email: 'client@example.com' })).toEqual({
      email: 'client@example.com',
    });
  });
});

describe('registerBodySchema', () => {
  const valid = {
    first_name: 'John',
    last_name: 'Smith',
    phone: '(469)-555-0100',
    email: 'john.smith@example.com',
    confirmemail: 'john.smith@example.com',
    password: 'correct horse battery',
    confirmpassword: 'correct horse battery',
    mobileCountry: 'US',
    terms: true,
  };

  it('accepts a complete registration and normalises the phone to ten digits', () => {
    const parsed = registerBodySchema.parse(valid);
    expect(parsed.phone).toBe('4695550100');
    expect(parsed.mobileCountry).toBe('US');
    expect(parsed.first_name).toBe('John');
  });

  it('defaults mobileCountry to US', () => {
    const { mobileCountry: _omitted, ...withoutCountry } = valid;
    expect(registerBodySchema.parse(withoutCountry).mobileCountry).toBe('US');
  });

  it('accepts an INDIA number typed with the 00000-00000 mask', () => {
    const parsed = registerBodySchema.parse({
      ...valid,
      mobileCountry: 'INDIA',
      phone: '98765-43210',
    });
    expect(parsed.phone).toBe('9876543210');
    expect(parsed.mobileCountry).toBe('INDIA');
  });

  it('refuses a mobileCountry other than US or INDIA', () => {
    expect(errors(registerBodySchema, { ...valid, mobileCountry: 'UK' })).toEqual({
      mobileCountry: 'Choose US (+1) or INDIA (+91)',
    });
  });

  it('accepts names made of letters and spaces', () => {
    expect(
      registerBodySchema.safeParse({
        ...valid,
        first_name: 'Mary Ann',
        last_name: 'Van Buren',
      }).success,
    ).toBe(true);
  });

  it("refuses a first name with a digit: 'First name should consist of Alphabets only'", () => {
    expect(errors(registerBodySchema, { ...valid, first_name: 'J0hn' })).toEqual({
      first_name: 'First name should consist of Alphabets only',
    });
  });

  it("refuses a last name with a digit: 'Last name should consist of Alphabets only'", () => {
    expect(errors(registerBodySchema, { ...valid, last_name: 'Smith2' })).toEqual({
      last_name: 'Last name should consist of Alphabets only',
    });
  });

  it('refuses a name with punctuation', () => {
    expect(errors(registerBodySchema, { ...valid, last_name: 'Smith-Jones' })).toEqual({
      last_name: 'Last name should consist of Alphabets only',
    });
  });

  it('requires first and last name', () => {
    expect(errors(registerBodySchema, { ...valid, first_name: '', last_name: '  ' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it("refuses a 9-digit phone: 'Phone Number must be 10 digits'", () => {
    expect(errors(registerBodySchema, { ...valid, phone: '469555010' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
    expect(errors(registerBodySchema, { ...valid, phone: '(469)-555-010' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('refuses an 11-digit phone', () => {
    expect(errors(registerBodySchema, { ...valid, phone: '46955501001' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('requires the phone', () => {
    expect(errors(registerBodySchema, { ...valid, phone: '' })).toEqual({
      phone: 'Phone number is required',
    });
  });

  it('requires e-mail, confirm e-mail, password and confirm password', () => {
    const { email: _e, confirmemail: _c, password: _p, confirmpassword: _cp, ...rest } = valid;
    expect(errors(registerBodySchema, rest)).toEqual({
      email: 'Email is required',
      confirmemail: 'Confirm email is required',
      password: 'Password is required',
      confirmpassword: 'Confirm Password is required',
    });
  });

  it("refuses mismatched e-mails: 'Email Id and Confirm Email Id are not matching.'", () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        confirmemail: 'john.smyth@example.com',
      }),
    ).toEqual({
      confirmemail: 'Email Id and Confirm Email Id are not matching.',
    });
  });

  it('compares the two e-mails without regard to case or surrounding spaces', () => {
    expect(
      registerBodySchema.safeParse({
        ...valid,
        confirmemail: '  John.Smith@EXAMPLE.com ',
      }).success,
    ).toBe(true);
  });

  it("refuses mismatched passwords: 'New password and confirm password are not same.'", () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        confirmpassword: 'correct horse battery!',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password are not same.',
    });
  });

  it('compares passwords exactly, case included', () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        confirmpassword: 'Correct horse battery',
      }),
    ).toEqual({
      confirmpassword: 'New password and confirm password are not same.',
    });
  });

  it("refuses a registration without accepted terms: 'Please accept terms and conditions'", () => {
    const { terms: _t, ...withoutTerms } = valid;
    expect(errors(registerBodySchema, withoutTerms)).toEqual({
      terms: 'Please accept terms and conditions',
    });
    expect(errors(registerBodySchema, { ...valid, terms: false })).toEqual({
      terms: 'Please accept terms and conditions',
    });
    expect(errors(registerBodySchema, { ...valid, terms: 'true' })).toEqual({
      terms: 'Please accept terms and conditions',
    });
  });

  it('F-14: refuses a password shorter than 12 characters (ASVS 2.1.1)', () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        password: 'eleven chrs',
        confirmpassword: 'eleven chrs',
      }),
    ).toEqual({ password: 'Password must be at least 12 characters' });
    expect(
      registerBodySchema.safeParse({
        ...valid,
        password: 'twelve chars',
        confirmpassword: 'twelve chars',
      }).success,
    ).toBe(true);
  });

  it('refuses a password equal to the e-mail address (this product’s policy)', () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        password: 'John.Smith@example.com',
        confirmpassword: 'John.Smith@example.com',
      }),
    ).toEqual({
      password: 'Password must not be the same as your email address',
    });
  });

  it('refuses a malformed e-mail', () => {
    expect(
      errors(registerBodySchema, {
        ...valid,
        email: 'john',
        confirmemail: 'john',
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

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
    expect(errors(changePasswordBodySchema, {})).toEqual({
      oldpassword: 'Old password is required',
      password: 'New password is required',
      confirmpassword: 'Confirm Password is required',
    });
    expect(
      errors(changePasswordBodySchema, {
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
      errors(changePasswordBodySchema, {
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
      errors(changePasswordBodySchema, {
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
    expect(errors(updatePasswordLinkBodySchema, { token_id: 'abc123' })).toEqual({
      newpassword: 'Password is required',
      cpassword: 'Confirm Password is required',
    });
    expect(
      errors(updatePasswordLinkBodySchema, {
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
      errors(updatePasswordLinkBodySchema, {
        ...valid,
        cpassword: 'another password',
      }),
    ).toEqual({
      cpassword: 'Password and confirm password should match',
    });
  });

  it('treats a missing token as an expired link', () => {
    expect(errors(updatePasswordLinkBodySchema, { ...valid, token_id: '' })).toEqual({
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
    expect(errors(forgotCheckerBodySchema, { userid: '17', tokenId: 't' })).toEqual({
      newpassword: 'New password is required',
      confirmpassword: 'Confirm password is required',
    });
    expect(
      errors(forgotCheckerBodySchema, {
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
      errors(forgotCheckerBodySchema, {
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
    expect(errors(forgotCheckerBodySchema, { ...valid, userid: '', tokenId: '' })).toEqual({
      userid: 'This link expired. Please contact support team for moving forward.',
      tokenId: 'This link expired. Please contact support team for moving forward.',
    });
  });
});

describe('registerVerifyBodySchema and checkResetLinkBodySchema', () => {
  it('require their tokens', () => {
    expect(registerVerifyBodySchema.parse({ tokenId: '5', verifytoken: 'v' })).toEqual({
      tokenId: '5',
      verifytoken: 'v',
    });
    expect(errors(registerVerifyBodySchema, {})).toEqual({
      tokenId: 'This link expired. Please contact support team for moving forward.',
      verifytoken: 'This link expired. Please contact support team for moving forward.',
    });
    expect(checkResetLinkBodySchema.parse({ tokenid: 't' })).toEqual({
      tokenid: 't',
    });
    expect(errors(checkResetLinkBodySchema, { tokenid: ' ' })).toEqual({
      tokenid: 'This link expired. Please contact support team for moving forward.',
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

describe('cross-field checks run alongside the other messages', () => {
  it('reports a mismatched e-mail and password while other fields are still empty', () => {
    const result = registerBodySchema.safeParse({
      first_name: '',
      last_name: '',
      phone: '',
      email: 'a@example.com',
      confirmemail: 'b@example.com',
      password: 'long enough password',
      confirmpassword: 'another long password',
      terms: false,
    });
    expect(result.success).toBe(false);
    const messages = result.success ? {} : fieldErrors(result.error);
    expect(messages).toMatchObject({
      first_name: 'First name is required',
      confirmemail: 'Email Id and Confirm Email Id are not matching.',
      confirmpassword: 'New password and confirm password are not same.',
      terms: 'Please accept terms and conditions',
    });
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
    expect(errors(stepUpBodySchema, {})).toEqual({ password: needed, code: needed });
    expect(errors(stepUpBodySchema, { password: '', code: '' })).toEqual({ password: needed, code: needed });
    expect(errors(stepUpBodySchema, { password: 'x', code: '123456' })).toEqual({ code: needed });
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
    expect(errors(staffChangePasswordBodySchema, {})).toEqual({
      oldpassword: 'Old password is required',
      code: 'Enter the 6-digit code from your authenticator app',
      password: 'New password is required',
      confirmpassword: 'Confirm Password is required',
    });
    expect(
      errors(staffChangePasswordBodySchema, {
        ...valid,
        password: 'short pass',
        confirmpassword: 'short pass',
      }),
    ).toEqual({ password: 'Password must be at least 12 characters' });
    expect(errors(staffChangePasswordBodySchema, { ...valid, confirmpassword: 'something else' })).toEqual({
      confirmpassword: 'New password and confirm password is not match.',
    });
  });
});
