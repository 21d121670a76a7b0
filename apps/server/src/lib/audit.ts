/**
 * The one writer of the append-only audit log (DESIGN.md; the table refuses updates and deletes). Write it
 * in the same transaction as the change it records, so a change and its row commit or fail together. The row
 * is a plain insert that waits for nobody: the hash chain is sealed after commit by the audit sealer
 * (modules/audit/audit-sealer.ts, ADR 032).
 */
import { createHash } from 'node:crypto';
import { auditLog, clients, eq, sql, type Database } from '@taxfirm/db';
import type { Actor } from './actor.ts';

export type AuditEntry = {
  actor: Actor;
  /**
   * Dotted, area first: `staff.client.status`, `profile.update`, `payment.recorded.webhook`. Account events
   * say what happened: `signin.succeeded`, `signin.failed`, `mfa.locked`; the staff console's door is
   * prefixed `staff.` (`staff.signin.failed`).
   */
  action: string;
  /** The client whose data this touched, so the console can filter one client's history. */
  clientId?: string | null;
  /** What exactly: an id, a section, `from -> to`. Never a secret or an identity number. */
  subject?: string | null;
};

/** An e-mail address as an audit subject: its SHA-256 (normalised), so an address nobody owns is not kept. */
export function hashedEmail(email: string): string {
  return `email-sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

export async function audit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  const person = actor.kind === 'system' ? null : actor;
  // A visitor acting on a client's account (a sign-in, a reset) lands in that client's history too.
  const visitorsClient =
    actor.kind === 'visitor' && actor.userId
      ? sql`(select ${clients.id} from ${clients} where ${eq(clients.userId, actor.userId)})`
      : null;
  await db.insert(auditLog).values({
    actorUserId: person?.userId ?? null,
    action: entry.action,
    clientId: entry.clientId ?? (actor.kind === 'client' ? actor.clientId : visitorsClient),
    subject: entry.subject ?? null,
    ip: person?.ip ?? null,
    userAgent: person?.userAgent?.slice(0, 300) ?? null,
  });
}
