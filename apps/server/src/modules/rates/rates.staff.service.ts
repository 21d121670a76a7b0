/**
 * Year-end exchange rates (issue 37): every staff member reads them (the worksheets name them), admins set
 * them, each with its source; a change is audited with the old and new value.
 */
import type { Rate, StaffRatesSaveBody } from '@taxfirm/contract';
import { and, desc, eq, exchangeRates, sql, users, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

export async function listRates(db: Pick<Database, 'select'>): Promise<Rate[]> {
  const rows = await db
    .select({
      currency: exchangeRates.currency,
      year: exchangeRates.year,
      unitsPerUsd: exchangeRates.unitsPerUsd,
      source: exchangeRates.source,
      updatedAt: exchangeRates.updatedAt,
      updatedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.updatedBy))
    .orderBy(desc(exchangeRates.year), exchangeRates.currency);
  return rows.map((r) => ({
    currency: r.currency,
    year: r.year,
    units_per_usd: r.unitsPerUsd,
    source: r.source,
    updated_at: r.updatedAt.toISOString(),
    updated_by: r.updatedBy,
  }));
}

export async function saveRate(db: Database, actor: StaffActor, body: StaffRatesSaveBody): Promise<void> {
  const year = Number(body.year);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ unitsPerUsd: exchangeRates.unitsPerUsd })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, body.currency), eq(exchangeRates.year, year)))
      .for('update');
    const values = {
      unitsPerUsd: body.units_per_usd,
      source: body.source,
      updatedBy: actor.userId,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(exchangeRates)
      .values({ currency: body.currency, year, ...values })
      .onConflictDoUpdate({ target: [exchangeRates.currency, exchangeRates.year], set: values });
    await audit(tx, {
      actor,
      action: 'staff.rates.save',
      subject: `${body.currency} ${year}: ${before?.unitsPerUsd ?? 'none'} -> ${body.units_per_usd}`,
    });
  });
}
