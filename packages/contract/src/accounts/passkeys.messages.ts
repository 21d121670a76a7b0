/**
 * The words of signing in without a password to remember (issue 38): passkeys and the e-mailed one-time
 * code. Spread into MESSAGES, where each text appears once.
 */
export const PASSKEY_MESSAGES = {
  PASSKEY_NAME_REQUIRED: 'Give this passkey a name, such as "My phone".',
  PASSKEY_NAME_TOO_LONG: "A passkey's name must be at most 60 characters.",
  PASSKEY_ADDED: 'Your passkey is added. Next time you can sign in with it.',
  PASSKEY_REMOVED: 'The passkey is removed.',
  PASSKEY_REFUSED: 'That passkey could not be checked. Please try again.',
  PASSKEY_ALREADY_ADDED: 'This passkey is already added.',
  PASSKEY_LIMIT: 'You can keep at most 10 passkeys. Remove one first.',
  PASSKEY_NONE: 'There is no passkey on this account yet.',
  PASSKEY_LIST_EMPTY: 'No passkeys yet.',
  PASSKEY_NOT_FOUND: 'This passkey was not found.',
  PASSKEY_LOGIN_FAILED: 'That passkey did not sign you in. Please try again or use your password.',
  LOGIN_CODE_SENT:
    'If an account uses this address, we have e-mailed it a 6-digit sign-in code. It works once, for 10 minutes.',
  LOGIN_CODE_REQUIRED: 'Enter the 6-digit code from the e-mail',
  LOGIN_CODE_INVALID: 'That code is not right or has expired. Please check it or ask for a new one.',
  STEP_UP_CODE_SENT: 'We have e-mailed you a 6-digit code. It works once, for 10 minutes.',
} as const;
