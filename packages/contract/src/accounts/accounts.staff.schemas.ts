import { z } from 'zod';
import { clientIdField, emailField, envelope, phoneExtensionWithDefault, phoneField } from '../common.ts';
import { registerBodySchema } from './accounts.schemas.ts';

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

/** The registration's fields, so that an invited client's name and phone obey the same rules and messages. */
const registration = registerBodySchema.shape;

/** Staff create the account of a client who phoned or walked in; the client sets a password by e-mailed link. */
export const staffClientInviteBodySchema = z.object({
  first_name: registration.first_name,
  last_name: registration.last_name,
  email: registration.email,
  phone_ext: phoneExtensionWithDefault,
  phone: registration.phone,
});
export type StaffClientInviteBody = z.input<typeof staffClientInviteBodySchema>;

export const staffClientInviteResponseSchema = envelope({ client_id: z.string() });
