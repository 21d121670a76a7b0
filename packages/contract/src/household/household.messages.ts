/**
 * The words of the household (issue 38): members with their own login on one client file, and what a
 * delegate may not do. Spread into MESSAGES, where each text appears once.
 */
export const HOUSEHOLD_MESSAGES = {
  HOUSEHOLD_KIND_INVALID: 'Choose spouse or delegate.',
  HOUSEHOLD_MEMBER_NOT_FOUND: 'This member of your household was not found.',
  HOUSEHOLD_INVITED: 'Invitation sent. They set a password with the e-mailed link.',
  HOUSEHOLD_REMOVED: 'Removed. They are signed out and can no longer open your file.',
  HOUSEHOLD_RIGHTS_SAVED: 'Their rights are saved.',
  HOUSEHOLD_SPOUSE_EXISTS: 'This file already has a spouse. Remove them first to invite another.',
  HOUSEHOLD_EMAIL_HAS_LOGIN: 'This e-mail address already has a login. Ask them to use another address.',
  HOUSEHOLD_HOLDER_ONLY: 'Only the account holder can manage the household.',
  HOUSEHOLD_SPOUSE_RIGHTS: 'A spouse has every right on the file; only a delegate’s rights can be changed.',
  HOUSEHOLD_NO_UPLOAD: 'The account holder has not allowed you to upload documents.',
  HOUSEHOLD_NO_MESSAGE: 'The account holder has not allowed you to send messages.',
  HOUSEHOLD_NO_SIGN: 'A delegate cannot sign for the household.',
  HOUSEHOLD_NO_REVEAL: 'A delegate sees identity numbers masked only.',
  HOUSEHOLD_NO_EDIT: 'A delegate cannot change the household’s profile or answers.',
} as const;
