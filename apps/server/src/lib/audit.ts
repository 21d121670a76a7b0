/**
 * The one writer of the append-only audit log (DESIGN.md; the table refuses updates and deletes). Write it
 * in the same transaction as the change it records, so a change and its row commit or fail together.
 */
import { auditLog, type Database } from '@taxfirm/db';
import type { Actor } from './actor.ts';

export type AuditEntry = {
  actor: Actor;
  /** Dotted and past-free: `staff.client.status`, `profile.taxpayer.save`, `payment.recorded.webhook`. */
  action: string;
  /** The client whose data this touched, so the console can filter one client's history. */
  clientId?: string | null;
  /** What exactly: an id, a section, `from -> to`. Never a secret or an identity number. */
  subject?: string | null;
};

export async function audit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  const person = actor.kind === 'system' ? null : actor;
  await db.insert(auditLog).values({
    actorUserId: person?.userId ?? null,
    action: entry.action,
    clientId: entry.clientId ?? (actor.kind === 'client' ? actor.clientId : null),
    subject: entry.subject ?? null,
    ip: person?.ip ?? null,
    userAgent: person?.userAgent?.slice(0, 300) ?? null,
  });
}
