/**
 * Saved views of the work queues (issue 36): one's own, and the firm's shared ones (which admins make and
 * change). Each is listed with how many files it holds now for the person reading it, counted by the queue's
 * own rule (handed in by the app: modules do not import `staff/`), so a view never shows what its reader may
 * not work.
 */
import {
  MESSAGES,
  SAVED_VIEWS_MAX,
  savedViewQuerySchema,
  type SavedView,
  type SavedViewQuery,
  type StaffViewSaveBody,
} from '@taxfirm/contract';
import { and, asc, count, desc, eq, or, savedViews, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/**
 * How many files a view's filters hold for this person in the tax year (the queue's own count), as shown: up
 * to a bound, and whether it holds more (ADR 034).
 */
export type ViewCount = (
  actor: StaffActor,
  taxYear: number,
  query: SavedViewQuery,
) => Promise<{ count: number; more: boolean }>;

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
  // A view whose filters no longer read (saved under an older contract) is left out, not a failed menu; a
  // shared view narrowed to an owner is an admin's (an analyst's queue refuses that filter).
  const readable = rows.flatMap((row) => {
    const query = savedViewQuerySchema.safeParse(row.query).data;
    return query && (actor.role === 'admin' || !query.owner) ? [{ row, query }] : [];
  });
  const views: SavedView[] = [];
  // One count at a time: a person's menu does not take the pool's connections from everyone else.
  for (const { row, query } of readable) {
    views.push({
      view_id: row.id,
      name: row.name,
      shared: row.shared,
      editable: row.shared ? actor.role === 'admin' : row.ownerId === actor.userId,
      query,
      ...(await countOf(actor, taxYear, query)),
    });
  }
  return views;
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
