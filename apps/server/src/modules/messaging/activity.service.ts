/**
 * What a client did that their analyst should hear about: a message, an upload, a payment, a signature, an
 * answer to a checklist item. Written in the caller's transaction, so the feed never shows what was rolled back.
 * It says what happened ("Uploaded 2 files for W-2"), never the content of a message or a file.
 */
import type { ActivityKind } from '@taxfirm/contract';
import { staffActivity, type Database } from '@taxfirm/db';

type Writer = Pick<Database, 'insert'>;

export async function recordActivity(
  tx: Writer,
  event: { clientId: string; taxYear: number; kind: ActivityKind; summary: string },
): Promise<void> {
  await tx.insert(staffActivity).values(event);
}
