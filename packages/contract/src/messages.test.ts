import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

const ALL = Object.values(MESSAGES) as string[];

describe('MESSAGES, section 8 (error catalogue)', () => {
  it.each([
    ['TRANSPORT_ERROR', 'Something bad happened; please try again later.'],
    ['UNAUTHORIZED', 'Unauthorized access'],
    ['LOGIN_INVALID', 'Invalid credentials, Please try again.'],
    [
      'FORGOT_SENT',
      "Email sent sucessfully. Please Check SPAM folder as well just in case doesn't hit your Inbox",
    ],
    ['REGISTER_SENT', 'Mail is sent successfully.'],
    ['EMAIL_IN_USE', 'Email already in use.'],
    ['EMAIL_IN_USE_SHOWN', 'Entered email address is already with us.'],
    ['CAREERS_SUCCESS', 'Submitted successfully.'],
    ['CAREERS_FAILURE', 'Please try again later.'],
    ['RESET_LINK_SUCCESS', 'Password updated successfully'],
    ['RESET_LINK_FAILURE', 'Please try again later or contact support.'],
    ['RESET_LINK_ACTIVE', 'Activate'],
    ['RESET_LINK_EXPIRED', 'This link expired. Please contact support team for moving forward.'],
    ['UPLOAD_TOO_LARGE', 'Upload Document size should be less than 6MB'],
  ] as const)('%s is %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe('MESSAGES, section 5 (field messages)', () => {
  it.each([
    ['FIRST_NAME_REQUIRED', 'First name is required'],
    ['FIRST_NAME_ALPHABETS', 'First name should consist of Alphabets only'],
    ['LAST_NAME_REQUIRED', 'Last name is required'],
    ['LAST_NAME_ALPHABETS', 'Last name should consist of Alphabets only'],
    ['PHONE_TEN_DIGITS', 'Phone Number must be 10 digits'],
    ['PHONE_REQUIRED', 'Phone number is required'],
    ['EMAIL_REQUIRED', 'Email is required'],
    ['NAME_REQUIRED', 'Name is required'],
    ['MESSAGE_REQUIRED', 'Message is required'],
    ['EMAILS_NOT_MATCHING', 'Email Id and Confirm Email Id are not matching.'],
    ['PASSWORDS_NOT_SAME', 'New password and confirm password are not same.'],
    ['ACCEPT_TERMS', 'Please accept terms and conditions'],
    ['CAREERS_FIRSTNAME_REQUIRED', 'Firstname is required'],
    ['CAREERS_LASTNAME_REQUIRED', 'Lastname is required'],
    ['FRIEND_NAME_REQUIRED', 'Your friend name is required'],
    ['FRIEND_EMAIL_REQUIRED', 'Your friend email is required'],
    ['REFERRAL_SAME_EMAIL_PUBLIC', 'Both emails are same'],
    ['REFERRAL_SAME_EMAIL_CLIENT', 'Your email address and your refer friend email address are same.'],
    ['INVALID_DATE', 'Invalid date format. Please use MM-DD-YYYY.'],
    ['SSN_REQUIRED', 'SSN/ITIN is required'],
    ['OLD_PASSWORD_REQUIRED', 'Old password is required'],
    ['NEW_PASSWORD_REQUIRED', 'New password is required'],
    ['CONFIRM_PASSWORD_REQUIRED_CHANGE', 'Confirm Password is required'],
    ['CHANGE_PASSWORD_MISMATCH', 'New password and confirm password is not match.'],
    ['PASSWORD_REQUIRED', 'Password is required'],
    ['RESET_PASSWORDS_MISMATCH', 'Password and confirm password should match'],
    ['CONFIRM_PASSWORD_REQUIRED', 'Confirm password is required'],
    ['NEW_PASSWORD_MISMATCH', 'New password and confirm password are not matched.'],
    ['AMOUNT_REQUIRED', 'Amount is required'],
    ['AMOUNT_POSITIVE', 'Amount is required & should be greater than Zero'],
  ] as const)('%s is %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe('MESSAGES as a whole', () => {
  it('holds each text once, so no two situations share a key by accident', () => {
    expect(new Set(ALL).size).toBe(ALL.length);
  });

  it('holds no empty or padded text', () => {
    for (const text of ALL) {
      expect(text, text).toBe(text.trim());
      expect(text.length, text).toBeGreaterThan(0);
    }
  });

  it('keeps the specification’s spelling, typos included', () => {
    expect(ALL).toContain(
      "Email sent sucessfully. Please Check SPAM folder as well just in case doesn't hit your Inbox",
    );
    expect(ALL.some((text) => text.includes('successfully. Please Check SPAM'))).toBe(false);
  });
});
