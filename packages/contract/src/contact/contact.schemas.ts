import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { CONTACT_YEAR } from '../constants.ts';
import { definePublicForm } from '../public-forms/public-form.ts';

/** A contact message's fields (section 3), for the call and the Contact Us page. */
export const CONTACT_FORM = definePublicForm({
  c_name: { kind: 'text', required: MESSAGES.NAME_REQUIRED, max: 200 },
  c_email: { kind: 'email', required: MESSAGES.EMAIL_REQUIRED },
  c_phone: { kind: 'phone', required: MESSAGES.PHONE_REQUIRED, extension: 'c_phone_ext' },
  c_message: { kind: 'message', required: MESSAGES.MESSAGE_REQUIRED, max: 5000 },
});

/** A contact message (section 3). */
export const contactBodySchema = z.object({
  ...CONTACT_FORM.shape,
  /** Fixed at 2022 by the old client; accepted and ignored. */
  c_year: z.coerce.number().int().optional().default(CONTACT_YEAR),
});
export type ContactBody = z.input<typeof contactBodySchema>;
