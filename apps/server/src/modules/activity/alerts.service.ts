/**
 * A staff member's own alert choice (issue 18, part 4): an e-mail per new client message on their files
 * ('each', the default), or one daily digest of messages and activity ('digest', digest.service.ts).
 */
import type { StaffAlertChoice } from '@taxfirm/contract';
import { eq, sql, users, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';

/** The caller's choice. */
export async function getAlerts({
  db,
  actor,
}: {
  db: Database;
  actor: StaffActor;
}): Promise<StaffAlertChoice> {
  const [row] = await db.select({ alerts: users.staffAlerts }).from(users).where(eq(users.id, actor.userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row.alerts;
}

/**
 * Change the caller's choice, audited (an unchanged choice writes nothing). On choosing the digest, the
 * next one covers at most the last 24 hours: not everything since a digest of long ago (the messages of the
 * meantime were e-mailed one by one), and a digest already sent today still counts (no second one today).
 */
export async function saveAlerts({
  db,
  actor,
  alerts,
  now = new Date(),
}: {
  db: Database;
  actor: StaffActor;
  alerts: StaffAlertChoice;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ alerts: users.staffAlerts })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('no key update');
    if (!row) throw new AppError('UNAUTHORIZED');
    if (row.alerts === alerts) return;
    const dayBefore = new Date(now.getTime() - 24 * 60 * 60_000);
    await tx
      .update(users)
      .set({
        staffAlerts: alerts,
        ...(alerts === 'digest'
          ? { digestSentAt: sql`greatest(${users.digestSentAt}, ${dayBefore.toISOString()}::timestamptz)` }
          : {}),
      })
      .where(eq(users.id, actor.userId));
    await audit(tx, { actor, action: 'staff.alerts.save', subject: `${row.alerts} -> ${alerts}` });
  });
}
