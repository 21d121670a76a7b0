/**
 * Per-staff limits on opening client secrets (review F-04): identity-number reveals, and document downloads
 * (one document or a filing's ZIP), counted per staff user and hour. Past the alert level, every active
 * admin is e-mailed once in that hour (through the outbox, audited); past the limit the call answers 429.
 */
import { and, eq, users, type Database } from '@taxfirm/db';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { staffActorOf, type StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { accessInForceSql } from '../accounts/access.ts';

export const STAFF_ACCESS_LIMITS = {
  reveal: { max: 60, alertAfter: 30, what: 'identity-number reveals' },
  download: { max: 200, alertAfter: 100, what: 'document downloads' },
} as const;
export type StaffAccessKind = keyof typeof STAFF_ACCESS_LIMITS;

/** The preHandler of a call or route that opens client secrets of this kind (after the access check). */
export function staffAccessLimit(
  app: FastifyInstance,
  kind: StaffAccessKind,
  settings: SettingsCache,
): preHandlerAsyncHookHandler[] {
  const rule = STAFF_ACCESS_LIMITS[kind];
  return limits(app, {
    name: `staff-${kind}`,
    max: rule.max,
    window: '1 hour',
    // Staff routes run only with a staff session; the session's user is the key.
    key: byUser,
    alert: {
      after: rule.alertAfter,
      run: async (request) => alertAdmins(app.db, staffActorOf(request), kind, await settings.firm()),
    },
  });
}

/** E-mail every active admin that this staff member passed the alert level, and audit it (one transaction). */
export async function alertAdmins(
  db: Database,
  actor: StaffActor,
  kind: StaffAccessKind,
  firm: Firm,
): Promise<void> {
  const rule = STAFF_ACCESS_LIMITS[kind];
  await db.transaction(async (tx) => {
    const [staff] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    const admins = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.role, 'admin'), accessInForceSql()));
    const who = staff
      ? { name: `${staff.firstName} ${staff.lastName}`.trim(), email: staff.email }
      : { name: 'A staff member', email: actor.userId };
    for (const admin of admins) {
      await enqueueEmail(
        tx,
        admin.email,
        templates.staffAccessBurst(firm, admin.firstName, who, rule.what, rule.alertAfter),
      );
    }
    await audit(tx, {
      actor,
      action: 'staff.access.alert',
      subject: `${kind}: more than ${rule.alertAfter} in an hour; ${admins.length} admin(s) e-mailed`,
    });
  });
}
