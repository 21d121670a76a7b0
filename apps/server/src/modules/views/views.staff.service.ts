/**
 * Saved views of the work queues (issue 36): one's own, and the firm's shared ones (which admins make and
 * change). Each is listed with how many files it holds now for the person reading it, counted by the queue's
 * own rule (handed in by the app: modules do not import `staff/`), so a view never shows what its reader may
 * not work.
 */
import {
  MESSAGES,
  SAVED_VIEWS_MAX,
  type SavedView,
  type SavedViewQuery,
  type StaffViewSaveBody,
} from '@taxfirm/contract';
import { and, asc, count, desc, eq, or, savedViews, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/** How many files a view's filters hold for this person in the tax year (the queue's own count). */
export type ViewCount = (actor: StaffActor, taxYear: number, query: SavedViewQuery) => Promise<number>;

/** The views this person sees: their own and the shared ones. */
const seenBy = (actor: StaffActor) => or(eq(savedViews.ownerId, actor.userId), eq(savedViews.shared, true));

/** One's own views, then the shared ones, each with its count now. */
export async function listViews(
  db: Database,
  actor: StaffActor,
  taxYear: number,
  countOf: ViewCount,
): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(seenBy(actor))
    .orderBy(asc(savedViews.shared), asc(savedViews.name), desc(savedViews.createdAt));
  return Promise.all(
    rows.map(async (row) => {
      const query = row.query as SavedViewQuery;
      // A view made by an admin may narrow to an owner an analyst may not: it counts what they may see.
      const counted = actor.role === 'admin' ? query : { ...query, owner: undefined };
      return {
        view_id: row.id,
        name: row.name,
        shared: row.shared,
        editable: row.shared ? actor.role === 'admin' : row.ownerId === actor.userId,
        query,
        count: await countOf(actor, taxYear, counted),
      };
    }),
  );
}

/** Refuse what only an admin may do: share a view, or change or remove a shared one. */
function assertMayChange(actor: StaffActor, view: { shared: boolean; ownerId: string }): void {
  if (view.shared && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.VIEW_SHARE_ADMIN_ONLY });
  }
  if (!view.shared && view.ownerId !== actor.userId) {
    throw new AppError('NOT_FOUND', { message: MESSAGES.VIEW_NOT_FOUND });
  }
}

/** Save a new view, or change one of one's own (a shared one: admins); audited. */
export async function saveView(db: Database, actor: StaffActor, input: StaffViewSaveBody): Promise<string> {
  const shared = input.shared ?? false;
  if (shared && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.VIEW_SHARE_ADMIN_ONLY });
  }
  if (input.query.owner && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.QUEUE_OWNER_ADMIN_ONLY });
  }
  try {
    return await db.transaction(async (tx) => {
      let id = input.view_id;
      if (id) {
        const [view] = await tx.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
        if (!view) throw new AppError('NOT_FOUND', { message: MESSAGES.VIEW_NOT_FOUND });
        assertMayChange(actor, view);
        await tx
          .update(savedViews)
          .set({ name: input.name, shared, query: input.query, updatedAt: new Date() })
          .where(eq(savedViews.id, id));
      } else {
        const [mine] = await tx
          .select({ n: count() })
          .from(savedViews)
          .where(and(eq(savedViews.ownerId, actor.userId)));
        if ((mine?.n ?? 0) >= SAVED_VIEWS_MAX)
          throw new AppError('CONFLICT', { message: MESSAGES.VIEW_LIMIT });
        const [view] = await tx
          .insert(savedViews)
          .values({ name: input.name, ownerId: actor.userId, shared, query: input.query })
          .returning({ id: savedViews.id });
        id = view?.id ?? '';
      }
      await audit(tx, { actor, action: 'staff.views.save', subject: `${id} ${shared ? 'shared' : 'own'}` });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw AppError.onField('CONFLICT', 'name', MESSAGES.VIEW_NAME_TAKEN);
    }
    throw error;
  }
}

/** Remove one of one's own views (a shared one: admins); audited. */
export async function removeView(db: Database, actor: StaffActor, viewId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [view] = await tx.select().from(savedViews).where(eq(savedViews.id, viewId)).for('update');
    if (!view) throw new AppError('NOT_FOUND', { message: MESSAGES.VIEW_NOT_FOUND });
    assertMayChange(actor, view);
    await tx.delete(savedViews).where(eq(savedViews.id, viewId));
    await audit(tx, { actor, action: 'staff.views.remove', subject: viewId });
  });
}
