import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { HIDDEN_MAX_BYTES, MAX_UPLOAD_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { emailField, phoneExtensionWithDefault, phoneField, requiredText } from '../common.ts';

/** The careers application (section 3 "Careers payload"). */
export const careersBodySchema = z.object({
  firstname: requiredText(MESSAGES.CAREERS_FIRSTNAME_REQUIRED, 100),
  lastname: requiredText(MESSAGES.CAREERS_LASTNAME_REQUIRED, 100),
  // The old form had no format check; an application nobody can answer helps nobody, so one is added.
  emailaddress: emailField(MESSAGES.EMAIL_REQUIRED),
  phoneext: phoneExtensionWithDefault,
  phone: phoneField(MESSAGES.PHONE_REQUIRED),
  message: requiredText(MESSAGES.MESSAGE_REQUIRED, 5000),
});
export type CareersBody = z.input<typeof careersBodySchema>;

/** The multipart field carrying the optional résumé. */
export const RESUME_FIELD = 'resume';

/** The optional résumé: PDF or Word, under 6 MB. */
export const resumeRule: FileRule = {
  types: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  extensions: ['.pdf', '.doc', '.docx'],
  maxBytes: MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: 1,
  messages: {
    tooLarge: MESSAGES.RESUME_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.RESUME_WRONG_TYPE,
  },
};
