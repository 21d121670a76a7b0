import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { emailField, phoneExtensionWithDefault, phoneField, requiredText } from '../common.ts';
import { CONTACT_YEAR } from '../constants.ts';

/** A contact message (section 3). */
export const contactBodySchema = z.object({
  c_name: requiredText(MESSAGES.NAME_REQUIRED, 200),
  c_email: emailField(MESSAGES.EMAIL_REQUIRED),
  c_phone_ext: phoneExtensionWithDefault,
  c_phone: phoneField(MESSAGES.PHONE_REQUIRED),
  c_message: requiredText(MESSAGES.MESSAGE_REQUIRED, 5000),
  /** Fixed at 2022 by the old client; accepted and ignored. */
  c_year: z.coerce.number().int().optional().default(CONTACT_YEAR),
});
export type ContactBody = z.input<typeof contactBodySchema>;
