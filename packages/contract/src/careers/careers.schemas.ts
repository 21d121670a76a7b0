import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { HIDDEN_MAX_BYTES, MAX_UPLOAD_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { definePublicForm } from '../public-forms/public-form.ts';

/** The careers application's fields (section 3 "Careers payload"), for the call and the Careers page. */
export const CAREERS_FORM = definePublicForm({
  firstname: { kind: 'text', required: MESSAGES.CAREERS_FIRSTNAME_REQUIRED, max: 100 },
  lastname: { kind: 'text', required: MESSAGES.CAREERS_LASTNAME_REQUIRED, max: 100 },
  // The old form had no format check; an application nobody can answer helps nobody, so one is added.
  emailaddress: { kind: 'email', required: MESSAGES.EMAIL_REQUIRED },
  phone: { kind: 'phone', required: MESSAGES.PHONE_REQUIRED, extension: 'phoneext' },
  message: { kind: 'message', required: MESSAGES.MESSAGE_REQUIRED, max: 5000 },
});

/** The careers application (section 3 "Careers payload"). */
export const careersBodySchema = z.object(CAREERS_FORM.shape);
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
