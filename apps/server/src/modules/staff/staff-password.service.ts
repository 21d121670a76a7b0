/**
 * A staff member's own password (F-10): changed from the console with the current password and an
 * authenticator code, or reset by e-mail with the one-time set-up link (resetpasswordlink/{id}) when lost.
 * Either way the authenticator stays required at the next sign-in.
 */
import { MESSAGES, type staffChangePasswordBodySchema } from '@taxfirm/contract';
import { and, authTokens, eq, inArray, isNull, sql, users } from '@taxfirm/db';
import type { z } from 'zod';
import { SYSTEM, type StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertPasswordAllowed } from '../../lib/crypto/password-policy.ts';
import { verifyPassword } from '../../lib/crypto/passwords.ts';
import { type AccountsDeps } from '../accounts/accounts.service.ts';
import { changePassword, createResetLink } from '../accounts/passwords.service.ts';
import { checkSecondFactor, type MfaDeps } from '../accounts/mfa.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { accessInForceSql } from '../accounts/access.ts';

export type StaffPasswordDeps = AccountsDeps & Pick<MfaDeps, 'keyring'>;

/**
 * Check the current password, then the code, then set the new password: every other session of the member
 * ends, the change is audited and the member is told by e-mail. The caller starts a new session.
 */
export async function changeStaffPassword(
  deps: StaffPasswordDeps,
  actor: StaffActor,
  sessionId: string,
  input: z.output<typeof staffChangePasswordBodySchema>,
): Promise<void> {
  await assertPasswordAllowed(input.password, 'password');
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldpassword))) {
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.OLD_PASSWORD_WRONG,
      details: { oldpassword: MESSAGES.OLD_PASSWORD_WRONG },
    });
  }
  await checkSecondFactor(
    { db: deps.db, keyring: deps.keyring, settings: deps.settings },
    user.id,
    input.code,
    actor,
  );
  // Audited there as staff.password.changed, in the change's transaction.
  await changePassword(deps, user.id, input.oldpassword, input.password, sessionId, actor);
}

/**
 * E-mail an active staff member a one-time link to set a new password (24 h); silent for any other address,
 * so the answer never tells who is on the staff. A new link replaces an earlier one.
 */
export async function requestStaffPasswordReset(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        inArray(users.role, ['analyst', 'admin']),
        accessInForceSql(),
      ),
    )
    .limit(1);
  if (!user) return;
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'staff_reset'), isNull(authTokens.usedAt)),
      );
    const link = await createResetLink(tx, deps.appUrl, user.id);
    await enqueueEmail(tx, user.email, templates.staffPasswordReset(firm, user.firstName, link), {
      url: link,
      keyring: deps.keyring,
    });
    await audit(tx, { actor: SYSTEM, action: 'staff.password.resetlink', subject: user.id });
  });
}
