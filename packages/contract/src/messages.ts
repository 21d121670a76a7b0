/**
 * Every user-visible message of the specification, word for word (sections 5 and 8), plus the few
 * messages this product adds where the specification is silent. Spelling is the specification's,
 * including its typos ("sucessfully", "Seperately"): clients and tests depend on the exact text.
 */
export const MESSAGES = {
  // Section 8: general
  SUCCESS: 'Success',
  TRANSPORT_ERROR: 'Something bad happened; please try again later.',
  UNAUTHORIZED: 'Unauthorized access',
  NO_DATA: 'No data!',

  // Section 8: by screen
  LOGIN_INVALID: 'Invalid credentials, Please try again.',
  FORGOT_SENT: "Email sent sucessfully. Please Check SPAM folder as well just in case doesn't hit your Inbox",
  REGISTER_SENT: 'Mail is sent successfully.',
  EMAIL_IN_USE: 'Email already in use.',
  EMAIL_IN_USE_SHOWN: 'Entered email address is already with us.',
  CAREERS_SUCCESS: 'Submitted successfully.',
  CAREERS_FAILURE: 'Please try again later.',
  RESET_LINK_SUCCESS: 'Password updated successfully',
  RESET_LINK_FAILURE: 'Please try again later or contact support.',
  RESET_LINK_ACTIVE: 'Activate',
  RESET_LINK_EXPIRED: 'This link expired. Please contact support team for moving forward.',
  UPLOAD_TOO_LARGE: 'Upload Document size should be less than 6MB',

  // Section 5: names
  FIRST_NAME_REQUIRED: 'First name is required',
  FIRST_NAME_ALPHABETS: 'First name should consist of Alphabets only',
  LAST_NAME_REQUIRED: 'Last name is required',
  LAST_NAME_ALPHABETS: 'Last name should consist of Alphabets only',

  // Section 5: contact details
  PHONE_TEN_DIGITS: 'Phone Number must be 10 digits',
  PHONE_REQUIRED: 'Phone number is required',
  EMAIL_REQUIRED: 'Email is required',
  NAME_REQUIRED: 'Name is required',
  MESSAGE_REQUIRED: 'Message is required',
  EMAILS_NOT_MATCHING: 'Email Id and Confirm Email Id are not matching.',
  PASSWORDS_NOT_SAME: 'New password and confirm password are not same.',
  ACCEPT_TERMS: 'Please accept terms and conditions',

  // Section 5: careers
  CAREERS_FIRSTNAME_REQUIRED: 'Firstname is required',
  CAREERS_LASTNAME_REQUIRED: 'Lastname is required',

  // Section 5: referral
  FRIEND_NAME_REQUIRED: 'Your friend name is required',
  FRIEND_EMAIL_REQUIRED: 'Your friend email is required',
  REFERRAL_SAME_EMAIL_PUBLIC: 'Both emails are same',
  REFERRAL_SAME_EMAIL_CLIENT: 'Your email address and your refer friend email address are same.',

  // Section 5: profile
  INVALID_DATE: 'Invalid date format. Please use MM-DD-YYYY.',
  SSN_REQUIRED: 'SSN/ITIN is required',

  // Section 5: passwords
  OLD_PASSWORD_REQUIRED: 'Old password is required',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  CONFIRM_PASSWORD_REQUIRED_CHANGE: 'Confirm Password is required',
  CHANGE_PASSWORD_MISMATCH: 'New password and confirm password is not match.',
  PASSWORD_REQUIRED: 'Password is required',
  RESET_PASSWORDS_MISMATCH: 'Password and confirm password should match',
  CONFIRM_PASSWORD_REQUIRED: 'Confirm password is required',
  NEW_PASSWORD_MISMATCH: 'New password and confirm password are not matched.',

  // Section 5: payment
  AMOUNT_REQUIRED: 'Amount is required',
  AMOUNT_POSITIVE: 'Amount is required & should be greater than Zero',

  // Added by this product where the specification gives no wording
  REFERRAL_SUCCESS: 'Thank you for your referral. We will reach out to your friend soon.',
  CONTACT_SUCCESS: 'Thank you for contacting us. We will get back to you within one business day.',
  EMAIL_INVALID: 'Please enter a valid email address',
  CONFIRM_EMAIL_REQUIRED: 'Confirm email is required',
  PASSWORD_TOO_SHORT: 'Password must be at least 10 characters',
  PASSWORD_IS_EMAIL: 'Password must not be the same as your email address',
  FRIEND_PHONE_REQUIRED: 'Your friend phone number is required',
  SSN_FORMAT: 'SSN/ITIN must be 9 digits',
  SSN_INVALID: 'This is not a valid SSN/ITIN. Please check the number.',
  EMPLOYER_COMPANY_REQUIRED: 'Company name is required',
  EMPLOYER_CLIENT_REQUIRED: 'Client name is required',
  EMPLOYER_START_REQUIRED: 'Project start date is required',
  EMPLOYER_END_REQUIRED: 'Project end date is required',
  EMPLOYER_END_BEFORE_START: 'Project end date cannot be before the start date.',
  TOO_MANY_DEPENDENTS: 'You can add at most 6 dependents.',
  TOO_MANY_EMPLOYERS: 'You can add at most 6 employer entries.',
  AMOUNT_DECIMALS: 'Amount can have at most two decimal places',
  AMOUNT_TOO_LARGE: 'Amount cannot be more than $100,000',
  RESUME_TOO_LARGE: 'Resume size should be less than 6MB',
  RESUME_WRONG_TYPE: 'Resume must be a PDF or Word document',
  LOGIN_NOT_VERIFIED: 'Please verify your email address first. We can send you a new verification link.',
  VERIFICATION_RESENT: 'If this address has an account waiting for verification, a new link is on its way.',
  VERIFY_LINK_INVALID: 'This verification link is invalid or has expired.',
  ACCOUNT_VERIFIED: 'Your email address is verified. Please log in.',
  OLD_PASSWORD_WRONG: 'Old password is not correct',
  PASSWORD_CHANGED: 'Password changed successfully.',
  LOGGED_OUT: 'You have been logged out.',
  MFA_CODE_REQUIRED: 'Enter the 6-digit code from your authenticator app',
  MFA_CODE_INVALID: 'The code is not valid. Please try again.',
  MFA_REQUIRED: 'Enter the code from your authenticator app to finish logging in.',
  MFA_LOGIN_EXPIRED: 'Your login attempt expired. Please log in again.',
  MFA_ENABLED: 'Two-step verification is on.',
  MFA_DISABLED: 'Two-step verification is off.',
  MFA_ALREADY_ON: 'Two-step verification is already on.',
  PASSWORD_WRONG: 'Password is not correct',
  PROFILE_SAVED: 'Your details have been saved.',
  PROFILE_LOCKED:
    'Your profile can no longer be changed while we prepare your return. Please contact us to make a change.',
  SSN_NOT_STORED: 'No SSN/ITIN is stored here.',
  UPLOAD_TOO_SMALL: 'This file is empty or too small to be a document',
  UPLOAD_WRONG_TYPE: 'Only image (jpeg/png), pdf and doc files can be uploaded.',
  UPLOAD_SUCCESS: 'Documents uploaded successfully.',
  UPLOAD_DELETED: 'Document deleted successfully.',
  UPLOAD_NO_FILES: 'Select at least one document to upload.',
  UPLOAD_SLOTS_FULL: 'All six slots are in use. Delete a document to upload another.',
  UPLOAD_WRONG_FOLDER: 'upt_id does not match the folder.',
  DOCUMENT_NOT_FOUND: 'This document was not found.',
  DOWNLOAD_LINK_EXPIRED: 'This download link has expired. Please reload the page and try again.',
  PHONE_EXT_REQUIRED: 'Phone extension is required',
  PHONE_EXT_INVALID: 'Choose US (+1) or INDIA (+91)',
  INVALID_REQUEST: 'The request is not valid. Please check the highlighted fields.',
  MALFORMED_BODY: 'The request body could not be read.',
  CSRF_FAILED: 'Your session could not be verified. Please reload the page and try again.',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'You do not have permission to do this.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
