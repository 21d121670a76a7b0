/**
 * The canned replies staff pick from when they write: every staff member reads them, admins save and delete
 * them (audited). A title is unique.
 */
import { MESSAGES } from '@taxfirm/contract';
import { asc, cannedReplies, eq, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/** Every canned reply, by title. */
export async function listCanned(db: Pick<Database, 'select'>) {
  const rows = await db
    .select({ reply_id: cannedReplies.id, title: cannedReplies.title, body: cannedReplies.body })
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.title));
  return rows;
}

export type CannedAction =
  | { action: 'list' }
  | { action: 'save'; reply_id?: string | undefined; title: string; body: string }
  | { action: 'delete'; reply_id: string };

const cannedNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_CANNED_NOT_FOUND });

/** List the canned replies (every staff member); save or delete one (admins only, audited). */
export async function manageCanned(deps: { db: Database; actor: StaffActor; input: CannedAction }) {
  const { db, actor, input } = deps;
  if (input.action === 'list') return { replies: await listCanned(db) };
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  if (input.action === 'delete') {
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(cannedReplies)
        .where(eq(cannedReplies.id, input.reply_id))
        .returning({ title: cannedReplies.title });
      if (gone.length === 0) throw cannedNotFound();
      await audit(tx, { actor, action: 'staff.messages.canned.delete', subject: input.reply_id });
    });
    return { message: MESSAGES.MESSAGE_CANNED_DELETED, replies: await listCanned(db) };
  }
  const values = { title: input.title.trim(), body: input.body.trim(), updatedBy: actor.userId };
  try {
    await db.transaction(async (tx) => {
      let id = input.reply_id;
      if (id) {
        const saved = await tx
          .update(cannedReplies)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(cannedReplies.id, id))
          .returning({ id: cannedReplies.id });
        if (saved.length === 0) throw cannedNotFound();
      } else {
        const [created] = await tx.insert(cannedReplies).values(values).returning({ id: cannedReplies.id });
        id = created?.id;
      }
      await audit(tx, { actor, action: 'staff.messages.canned.save', subject: id ?? null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', {
        message: MESSAGES.MESSAGE_CANNED_TITLE_TAKEN,
        details: { title: MESSAGES.MESSAGE_CANNED_TITLE_TAKEN },
      });
    }
    throw error;
  }
  return { message: MESSAGES.MESSAGE_CANNED_SAVED, replies: await listCanned(db) };
}
