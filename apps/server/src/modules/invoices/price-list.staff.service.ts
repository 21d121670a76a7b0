/**
 * The firm's price list (issue 20): staff read it to fill invoice lines; admins replace it. Invoices keep
 * their own copies of names and prices.
 */
import type { InvoiceCurrency, PriceItem } from '@taxfirm/contract';
import { asc, eq, inArray, priceItems, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

type Reader = Pick<Database, 'select'>;

export async function listPriceItems(db: Reader): Promise<PriceItem[]> {
  const rows = await db
    .select({
      id: priceItems.id,
      name: priceItems.name,
      amount: priceItems.amountCents,
      currency: priceItems.currency,
      active: priceItems.active,
    })
    .from(priceItems)
    .orderBy(asc(priceItems.position), asc(priceItems.createdAt), asc(priceItems.id));
  return rows;
}

/**
 * Replace the price list (admins), in the order given: an item that names an existing id keeps it (and is
 * changed in place), others are added, and items left out are removed. Invoices keep their own copies.
 */
export async function savePriceList(deps: {
  db: Database;
  actor: StaffActor;
  items: {
    id?: string | undefined;
    name: string;
    amount: number;
    currency: InvoiceCurrency;
    active: boolean;
  }[];
}): Promise<PriceItem[]> {
  const { db, actor, items } = deps;
  return db.transaction(async (tx) => {
    const existing = new Set(
      (await tx.select({ id: priceItems.id }).from(priceItems).for('update')).map((row) => row.id),
    );
    const kept = new Set<string>();
    for (const [position, item] of items.entries()) {
      const values = {
        name: item.name,
        amountCents: item.amount,
        currency: item.currency,
        active: item.active,
        position,
      };
      if (item.id && existing.has(item.id) && !kept.has(item.id)) {
        kept.add(item.id);
        await tx
          .update(priceItems)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(priceItems.id, item.id));
      } else {
        await tx.insert(priceItems).values(values);
      }
    }
    const removed = [...existing].filter((id) => !kept.has(id));
    if (removed.length > 0) await tx.delete(priceItems).where(inArray(priceItems.id, removed));
    await audit(tx, {
      actor,
      action: 'pricelist.save',
      subject: `${items.length} item${items.length === 1 ? '' : 's'} (${removed.length} removed)`,
    });
    return listPriceItems(tx);
  });
}
