import { z } from 'zod';
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
