/**
 * Admins manage the firm's staff: invite (the account is made and a set-up link e-mailed), deactivate
 * (no login, every session ends), reactivate, and reset a lost authenticator. Every action is audited, and
 * an admin cannot deactivate or reset themselves, so the firm always keeps a working admin.
 */
import {
  MESSAGES,
  isStaffRole,
  type StaffLocation,
  type StaffInfo,
  type StaffInviteBody,
  type StaffTeamMember,
} from '@taxfirm/contract';
import { randomBytes } from 'node:crypto';
import {
  and,
  asc,
  authTokens,
  eq,
  inArray,
  isNull,
  mfaRecoveryCodes,
  users,
  type Database,
} from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { createResetLink } from '../accounts/passwords.service.ts';
import { removeAllPasskeys } from '../accounts/passkeys.service.ts';
import { revokeUserSessions } from '../accounts/sessions.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';
import { audit } from '../../lib/audit.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { createStaffMember, StaffExistsError } from './staff-accounts.service.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { accessEnded, accessInForceSql } from '../accounts/access.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';

/** Who sends the e-mails, where the console is, and the keyring that seals their one-time links. */
type TeamDeps = { firm: Firm; appUrl: string; keyring: Keyring };

export async function listTeam(db: Database, now: Date = new Date()): Promise<StaffTeamMember[]> {
  const today = firmToday(now);
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, ['analyst', 'admin']))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.flatMap((row) =>
    isStaffRole(row.role)
      ? [
          {
            user_id: row.id,
            first_name: row.firstName,
            last_name: row.lastName,
            email: row.email,
            role: row.role,
            location: row.location,
            mfa_enabled: row.mfaEnabledAt !== null,
            password_set: row.passwordChangedAt !== null,
            active: row.deactivatedAt === null,
            access_ends_on: row.accessEndsOn,
            access_ended: accessEnded(row, now),
            access_ends_this_week:
              !accessEnded(row, now) && row.accessEndsOn !== null && row.accessEndsOn <= addDays(today, 6),
            created_at: row.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

/**
 * Team changes are for admins in the United States: an offshore admin could otherwise invite a "US" admin at a
 * mailbox they control, or move themselves and each other to 'us', and open every US-only file (§7216).
 */
export function assertManagesTeam(actor: StaffActor): void {
  if (actor.offshore) throw new AppError('FORBIDDEN', { message: MESSAGES.STAFF_TEAM_US_ONLY });
}

/** A last day of access is today or later (to end access now, deactivate). */
function assertAccessEnd(day: string | null | undefined): void {
  if (day && day < firmToday()) {
    throw AppError.onField('VALIDATION_FAILED', 'access_ends_on', MESSAGES.STAFF_ACCESS_END_INVALID);
  }
}

export async function inviteStaff(db: Database, deps: TeamDeps, actor: StaffActor, input: StaffInviteBody) {
  assertManagesTeam(actor);
  assertAccessEnd(input.access_ends_on);
  const [inviter] = await db.select().from(users).where(eq(users.id, actor.userId));
  try {
    await createStaffMember(db, deps.appUrl, input, async (tx, member) => {
      await enqueueEmail(
        tx,
        input.email,
        templates.staffInvite(
          deps.firm,
          input.first_name,
          inviter ? `${inviter.firstName} ${inviter.lastName}` : 'An administrator',
          member.role,
          member.setupLink,
        ),
        { url: member.setupLink, keyring: deps.keyring },
      );
      await audit(tx, { actor, action: 'staff.team.invite', subject: member.userId });
    });
  } catch (error) {
    if (error instanceof StaffExistsError) {
      throw new AppError('CONFLICT', {
        message: MESSAGES.STAFF_EXISTS,
        details: { email: MESSAGES.STAFF_EXISTS },
      });
    }
    throw error;
  }
}

/** Another staff member (never the admin acting), locked for the change. */
async function otherStaff(tx: Pick<Database, 'select'>, actor: StaffActor, userId: string) {
  assertManagesTeam(actor);
  if (userId === actor.userId) throw new AppError('VALIDATION_FAILED', { message: MESSAGES.STAFF_NOT_SELF });
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['analyst', 'admin'])))
    .for('update');
  if (!member) throw new AppError('NOT_FOUND', { message: MESSAGES.STAFF_NOT_FOUND });
  return member;
}

export async function setStaffActive(db: Database, actor: StaffActor, userId: string, active: boolean) {
  await db.transaction(async (tx) => {
    await otherStaff(tx, actor, userId);
    if (active) {
      await tx.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
    } else {
      await tx
        .update(users)
        .set({ deactivatedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
      await revokeUserSessions(tx, userId);
    }
    await audit(tx, {
      actor,
      action: active ? 'staff.team.reactivate' : 'staff.team.deactivate',
      subject: userId,
    });
  });
}

/**
 * Set or remove a seasonal member's last day of access (issue 36). Nothing has to happen on the day: from the
 * day after, sign-in, every session and every staff list read the date (`accessInForceSql`).
 */
export async function setStaffAccessEnd(
  db: Database,
  actor: StaffActor,
  userId: string,
  day: string | null | undefined,
) {
  assertAccessEnd(day);
  await db.transaction(async (tx) => {
    const member = await otherStaff(tx, actor, userId);
    const next = day ?? null;
    if (member.accessEndsOn === next) return;
    await tx.update(users).set({ accessEndsOn: next, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, {
      actor,
      action: 'staff.team.accessend',
      subject: `${userId} ${member.accessEndsOn ?? 'none'} -> ${next ?? 'none'}`,
    });
  });
}

/**
 * Set where a staff member works (issue 19). Their sessions read it on every request, so an offshore member
 * is refused on US-only files from their next call; files already assigned to them stay assigned.
 */
export async function setStaffLocation(
  db: Database,
  actor: StaffActor,
  userId: string,
  location: StaffLocation,
) {
  await db.transaction(async (tx) => {
    const member = await otherStaff(tx, actor, userId);
    if (member.location === location) return;
    await tx.update(users).set({ location, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, {
      actor,
      action: 'staff.team.location',
      subject: `${userId} ${member.location} -> ${location}`,
    });
  });
}

/**
 * Reset a lost authenticator (F-10): the authenticator, the recovery codes AND the password go, every session
 * ends, and a fresh one-time set-up link is e-mailed. Whoever knew the old password cannot enrol an
 * authenticator of their own: that now takes control of the member's mailbox.
 */
export async function resetStaffMfa(db: Database, deps: TeamDeps, actor: StaffActor, userId: string) {
  // Nobody knows this password: the set-up link replaces it (as for a new member).
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await db.transaction(async (tx) => {
    const member = await otherStaff(tx, actor, userId);
    await tx
      .update(users)
      .set({
        mfaSecret: null,
        mfaEnabledAt: null,
        mfaLastTimeStep: null,
        passwordHash: unusable,
        passwordChangedAt: null,
        // A fresh start: no lock left from wrong codes or passwords (the new password comes by e-mail).
        mfaFailures: 0,
        mfaLockedUntil: null,
        loginFailures: 0,
        loginLockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    // A passkey is both factors at once (issue 38): the lost device's passkeys go with the authenticator.
    await removeAllPasskeys(tx, userId);
    await revokeUserSessions(tx, userId);
    // Earlier links (an invitation, a reset) stop working; only the new one sets the password.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(authTokens.userId, userId), eq(authTokens.kind, 'staff_reset'), isNull(authTokens.usedAt)),
      );
    const link = await createResetLink(tx, deps.appUrl, userId);
    await enqueueEmail(tx, member.email, templates.staffMfaReset(deps.firm, member.firstName, link), {
      url: link,
      keyring: deps.keyring,
    });
    await audit(tx, { actor, action: 'staff.team.resetmfa', subject: userId });
  });
}

/** Active staff, by name: the analyst picker. */
export async function findActiveStaff(db: Database) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ['analyst', 'admin']), accessInForceSql()))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.flatMap((row) =>
    isStaffRole(row.role)
      ? [{ user_id: row.id, name: `${row.firstName} ${row.lastName}`, role: row.role }]
      : [],
  );
}

/** The signed-in staff member as the console shows them. */
export async function getStaffInfo(db: Database, userId: string): Promise<StaffInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !isStaffRole(user.role)) throw new AppError('UNAUTHORIZED');
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
  };
}
