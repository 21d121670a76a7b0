import { randomBytes } from 'node:crypto';
import {
  emailField,
  personName,
  MESSAGES,
  STAFF_LOCATIONS,
  STAFF_ROLES,
  type StaffRole,
} from '@taxfirm/contract';
import { sql, users, type Database } from '@taxfirm/db';
import { z } from 'zod';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { createResetLink } from '../accounts/passwords.service.ts';

export const newStaffSchema = z.object({
  email: emailField(),
  role: z.enum(STAFF_ROLES, { error: `role must be one of: ${STAFF_ROLES.join(', ')}` }),
  first_name: personName(MESSAGES.FIRST_NAME_REQUIRED, MESSAGES.FIRST_NAME_ALPHABETS),
  last_name: personName(MESSAGES.LAST_NAME_REQUIRED, MESSAGES.LAST_NAME_ALPHABETS),
  /** Where they work (issue 19): 'offshore' staff open only files whose client said Yes to §7216. */
  location: z
    .enum(STAFF_LOCATIONS, { error: `location must be one of: ${STAFF_LOCATIONS.join(', ')}` })
    .default('us'),
  /** Seasonal staff (issue 36): their last day of access, checked by the caller (today or later). */
  access_ends_on: z.string().nullish(),
});
export type NewStaff = z.input<typeof newStaffSchema>;

export class StaffExistsError extends Error {}

/**
 * A staff account with no usable password, verified (the firm made it), and a one-time link to set the
 * password. The authenticator app is enrolled at first login, which cannot be skipped.
 */
type NewMember = { userId: string; role: StaffRole; setupLink: string };

export async function createStaffMember(
  db: Database,
  appUrl: string,
  input: NewStaff,
  /** More writes in the same transaction (e.g. the invitation e-mail). */
  andThen?: (tx: Pick<Database, 'insert'>, member: NewMember) => Promise<void>,
): Promise<NewMember> {
  const staff = newStaffSchema.parse(input);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${staff.email})`);
    if (existing) throw new StaffExistsError(`An account with ${staff.email} already exists.`);
    const [user] = await tx
      .insert(users)
      .values({
        email: staff.email,
        // Nobody knows this password: the set-up link replaces it.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        role: staff.role,
        firstName: staff.first_name,
        lastName: staff.last_name,
        location: staff.location,
        accessEndsOn: staff.access_ends_on ?? null,
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('staff member not stored');
    const member = {
      userId: user.id,
      role: staff.role,
      setupLink: await createResetLink(tx, appUrl, user.id),
    };
    await andThen?.(tx, member);
    return member;
  });
}
