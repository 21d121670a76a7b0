/**
 * Whether an account's access is in force (issue 36): not deactivated, and a seasonal staff member's access end
 * date (their last day, the firm's calendar) not passed. One rule, with its SQL twin, for signing in, every
 * session's request, and every list of staff who may be given work or told of it: from the day after the end
 * date the member is, everywhere, as if deactivated, without anyone having to do it on the day.
 */
import { users, sql, type SQL } from '@taxfirm/db';
import { firmToday, firmTodaySql } from '../../lib/firm-time.ts';

/** The `users` row's access is in force at `now` (the database's `now()` when absent). */
export function accessInForceSql(now?: Date): SQL {
  return sql`(${users.deactivatedAt} is null and (${users.accessEndsOn} is null or ${users.accessEndsOn} >= ${firmTodaySql(now)}))`;
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
