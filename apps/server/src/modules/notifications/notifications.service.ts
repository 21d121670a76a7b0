/**
 * The portal's bell: what happened to a client's file (a status change, a published tax summary, a
 * payment), written in the same transaction as the event and its e-mail, so the two always agree.
 */
import { MESSAGES, type NotificationsResponse } from '@taxfirm/contract';
import { and, count, desc, eq, isNull, messages, notifications, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';

type Writer = Pick<Database, 'insert'>;
export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** How many of the latest notifications the bell shows. */
const SHOWN = 20;

export async function notifyClient(
  db: Writer,
  clientId: string,
  kind: NotificationKind,
  title: string,
  body: string,
): Promise<void> {
  await db.insert(notifications).values({ clientId, kind, title, body });
}

export async function listNotifications(
  db: Database,
  clientId: string,
): Promise<Omit<NotificationsResponse, 'http_code' | 'status_smessage'>> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.clientId, clientId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(SHOWN);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.clientId, clientId), isNull(notifications.readAt)));
  const [messagesUnread] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.authorKind, 'staff'),
        eq(messages.internal, false),
        isNull(messages.readAt),
      ),
    );
  return {
    unread: unread?.n ?? 0,
    messages_unread: messagesUnread?.n ?? 0,
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Mark one of this client's notifications read (another client's is not found), or all of them, or all of
 * one kind (the "new message" entries once the conversation is read).
 */
export async function markNotificationsRead(
  db: Pick<Database, 'update'>,
  clientId: string,
  which: { id?: string; kind?: NotificationKind } = {},
): Promise<void> {
  const { id, kind } = which;
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.clientId, clientId),
        id ? eq(notifications.id, id) : isNull(notifications.readAt),
        kind ? eq(notifications.kind, kind) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (id && marked.length === 0) {
    throw new AppError('NOT_FOUND', { message: MESSAGES.NOTIFICATION_NOT_FOUND });
  }
}
