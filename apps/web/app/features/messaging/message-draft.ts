/**
 * The message the client is writing, kept in sessionStorage as they type. A forced logout (the session
 * ended while they wrote) clears only localStorage and reloads the page, so the words survive it and come
 * back in the composer after they sign in again. Attachments cannot be kept (a File does not survive a
 * reload). Only the client who wrote it gets it back, and signing out on purpose throws it away.
 */
export const MESSAGE_DRAFT_KEY = 'taxfirm:message-draft';

type Draft = { user: string; body: string };

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

/** Keep what `user` is writing; an empty text forgets it. */
export function keepDraft(user: string, body: string): void {
  const store = storage();
  if (!store) return;
  if (body.trim() === '') store.removeItem(MESSAGE_DRAFT_KEY);
  else store.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ user, body } satisfies Draft));
}

/** The text `user` was writing, or null; another user's draft is thrown away, never shown. */
export function readDraft(user: string): string | null {
  const store = storage();
  const raw = store?.getItem(MESSAGE_DRAFT_KEY);
  if (!store || !raw) return null;
  let draft: Partial<Draft> | null = null;
  try {
    draft = JSON.parse(raw) as Partial<Draft>;
  } catch {
    // A damaged value is dropped below.
  }
  if (draft?.user === user && typeof draft.body === 'string' && draft.body.trim() !== '') return draft.body;
  store.removeItem(MESSAGE_DRAFT_KEY);
  return null;
}

/** Forget the draft (sent, discarded, or the client signed out). */
export function forgetDraft(): void {
  storage()?.removeItem(MESSAGE_DRAFT_KEY);
}
