import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, filings, taxSummaries } from '@taxfirm/db';
import type { TestApp } from './helpers.ts';

/**
 * A tax summary as the staff console will publish it: the file in storage and its row on the client's filing
 * for the tax year. Until the console exists, tests make summaries here.
 */
export async function makeTaxSummary(
  t: TestApp,
  options: {
    clientId: string;
    taxYear: number;
    title: string;
    bytes: Buffer;
    status?: 'draft' | 'published' | 'superseded';
    name?: string;
  },
): Promise<{ id: string; storageKey: string }> {
  const [filing] = await t.database.db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, options.clientId), eq(filings.taxYear, options.taxYear)));
  if (!filing) throw new Error(`no ${options.taxYear} filing for client ${options.clientId}`);
  const storageKey = `tax-summaries/${randomUUID()}`;
  const stored = await t.storage.put(storageKey, Readable.from([options.bytes]));
  const status = options.status ?? 'published';
  const [row] = await t.database.db
    .insert(taxSummaries)
    .values({
      filingId: filing.id,
      clientId: options.clientId,
      title: options.title,
      status,
      originalName: options.name ?? `${options.title}.pdf`,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey,
      publishedAt: status === 'draft' ? null : new Date(),
    })
    .returning({ id: taxSummaries.id });
  if (!row) throw new Error('tax summary not made');
  return { id: row.id, storageKey };
}
