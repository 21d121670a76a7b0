/**
 * The e-mail a client gets when their filing moves to a status: the admin's wording where there is one,
 * else the built-in one. Placeholders are filled in here; the staff comment is never part of it.
 */
import {
  DEFAULT_STATUS_EMAILS,
  FILE_STATUSES,
  STATUS_EMAIL_PLACEHOLDERS,
  renderStatusEmail,
  type FileStatus,
  type StatusEmailTemplate,
  type StatusEmailVariables,
} from '@taxfirm/contract';
import { eq, statusEmailTemplates, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

export async function statusEmailFor(
  db: Pick<Database, 'select'>,
  status: FileStatus,
  variables: StatusEmailVariables,
): Promise<StatusEmailTemplate> {
  const [row] = await db.select().from(statusEmailTemplates).where(eq(statusEmailTemplates.status, status));
  const template = row ?? DEFAULT_STATUS_EMAILS[status];
  return {
    subject: renderStatusEmail(template.subject, variables),
    body: renderStatusEmail(template.body, variables),
  };
}

export async function listStatusTemplates(db: Database) {
  const rows = await db.select().from(statusEmailTemplates);
  const edited = new Map(rows.map((row) => [row.status, row]));
  return {
    placeholders: STATUS_EMAIL_PLACEHOLDERS.map((name) => `{${name}}`),
    templates: FILE_STATUSES.map((status) => {
      const row = edited.get(status);
      const template = row ?? DEFAULT_STATUS_EMAILS[status];
      return { status, subject: template.subject, body: template.body, customised: row !== undefined };
    }),
  };
}

export async function saveStatusTemplate(
  db: Database,
  actor: StaffActor,
  input: { status: FileStatus } & StatusEmailTemplate,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      subject: input.subject,
      body: input.body,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(statusEmailTemplates)
      .values({ status: input.status, ...values })
      .onConflictDoUpdate({ target: statusEmailTemplates.status, set: values });
    await audit(tx, { actor, action: 'staff.templates.save', subject: input.status });
  });
}

export async function resetStatusTemplate(
  db: Database,
  actor: StaffActor,
  status: FileStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(statusEmailTemplates).where(eq(statusEmailTemplates.status, status));
    await audit(tx, { actor, action: 'staff.templates.reset', subject: status });
  });
}
