import { z } from 'zod';
import { clientIdField, emailField, phoneExtensionWithDefault, phoneField } from '../common.ts';

/** Change the client's sign-in e-mail or phone (the firm confirmed it with the client). */
export const staffClientContactBodySchema = z.object({
  client_id: clientIdField,
  email: emailField(),
  phone_ext: phoneExtensionWithDefault,
  phone: phoneField(),
});
export type StaffClientContactBody = z.input<typeof staffClientContactBodySchema>;

/** An action on the client's account (a reset link, verification). */
export const staffClientAccountBodySchema = z.object({ client_id: clientIdField });
