/** Who owns a file's deliverables when the file changes hands (issue 35). */
import { and, deliverables, eq, type Database } from '@taxfirm/db';

/**
 * The deliverables of a filing that `from` owned go to `to` (or to nobody): a file's work follows its analyst.
 * Answers the ids moved.
 */
export async function moveOwnedDeliverables(
  tx: Pick<Database, 'update'>,
  filingId: string,
  from: string,
  to: string | null,
): Promise<string[]> {
  const moved = await tx
    .update(deliverables)
    .set({ ownerId: to })
    .where(and(eq(deliverables.filingId, filingId), eq(deliverables.ownerId, from)))
    .returning({ id: deliverables.id });
  return moved.map((d) => d.id);
}
