/**
 * Whether an account's access is in force (issue 36): not deactivated, and a seasonal staff member's access end
 * date (their last day, the firm's calendar) not passed. One rule, with its SQL twin, for signing in, every
 * session's request, and every list of staff who may be given work or told of it: from the day after the end
 * date the member is, everywhere, as if deactivated, without anyone having to do it on the day.
 */
import { isStaffRole } from '@taxfirm/contract';
import { eq, users, sql, type Database, type SQL } from '@taxfirm/db';
import type { Origin, StaffActor } from '../../lib/actor.ts';
import { firmToday, firmTodaySql } from '../../lib/firm-time.ts';

/** The `users` row's access is in force at `now` (the database's `now()` when absent). */
export function accessInForceSql(now?: Date): SQL {
  return accessInForceOn(firmTodaySql(now));
}

/** The same rule on the firm's day `today` given as SQL (e.g. a prepared statement's placeholder). */
export function accessInForceOn(today: SQL): SQL {
  return sql`(${users.deactivatedAt} is null and (${users.accessEndsOn} is null or ${users.accessEndsOn} >= ${today}))`;
}

/** The same rule on a row already read. */
export function accessInForce(
  user: { deactivatedAt: Date | null; accessEndsOn: string | null },
  now: Date = new Date(),
): boolean {
  return user.deactivatedAt === null && (user.accessEndsOn === null || user.accessEndsOn >= firmToday(now));
}

/** The access has ended by its end date (not by deactivation): the team list says "access ended". */
export function accessEnded(user: { accessEndsOn: string | null }, now: Date = new Date()): boolean {
  return user.accessEndsOn !== null && user.accessEndsOn < firmToday(now);
}

/**
 * A staff member acting later on their own decision (a bulk job they started, an automation they saved), as
 * they are now: null when they are gone, not staff (or, with `adminOnly`, not an admin now), or their access
 * is not in force. The actions then run under their role and location as they are today.
 */
export async function staffActingNow(
  db: Pick<Database, 'select'>,
  userId: string | null,
  origin: Origin,
  { adminOnly = false }: { adminOnly?: boolean } = {},
): Promise<StaffActor | null> {
  if (!userId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !isStaffRole(user.role) || !accessInForce(user)) return null;
  if (adminOnly && user.role !== 'admin') return null;
  return {
    kind: 'staff',
    userId: user.id,
    role: user.role,
    offshore: user.location === 'offshore',
    ...origin,
  };
}
