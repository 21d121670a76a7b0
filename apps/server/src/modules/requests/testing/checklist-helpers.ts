/**
 * Helpers of the checklist tests (client and staff side): the checklist as each side lists it, an item by
 * its title, a client's filing, and a file sent for an item as the checklist upload stores it.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AccountRequests, StaffRequests } from '@taxfirm/contract';
import { and, documents, employers, eq, filings, requestItems, type Database } from '@taxfirm/db';
import type { ClientSession, StaffSession, TestApp } from '../../../../test/helpers.ts';

type Response = Awaited<ReturnType<TestApp['post']>>;

/** The answer of a call that must succeed. */
export async function ok(res: Response) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The item of a checklist with this title (throws, naming the titles there are, when there is none). */
export const itemNamed = <T extends { items: { title: string }[] }>(checklist: T, title: string) => {
  const item = checklist.items.find((i) => i.title === title);
  if (!item) throw new Error(`no item ${title} in ${checklist.items.map((i) => i.title).join(', ')}`);
  return item as T['items'][number];
};

/** An employer on a client's profile: the checklist suggests a W-2 from each. */
export type EmployerSpec = {
  companyName: string;
  clientName?: string;
  projectStart?: string;
  projectEnd?: string;
};

/**
 * Employers on the client's profile, in order from `firstPosition`: each is named for the client as the
 * company and worked the whole tax year, unless its spec says otherwise.
 */
export async function insertEmployers(
  db: Database,
  who: { clientId: string },
  taxYear: number,
  specs: EmployerSpec[],
  firstPosition = 0,
) {
  await db.insert(employers).values(
    specs.map((spec, n) => ({
      clientId: who.clientId,
      position: firstPosition + n,
      clientName: spec.companyName,
      projectStart: `${taxYear}-01-01`,
      projectEnd: `${taxYear}-12-31`,
      ...spec,
    })),
  );
}

/**
 * An item staff asked for, inserted straight into the client's checklist (on `filingId`, else on the client's
 * one filing; `requestedAt` when it was asked for, else now); answers its id.
 */
export async function insertStaffItem(
  db: Database,
  who: { clientId: string },
  item: Pick<typeof requestItems.$inferInsert, 'title' | 'type' | 'position' | 'requestedAt'> & {
    filingId?: string;
  },
): Promise<string> {
  const { filingId, ...fields } = item;
  const [filing] =
    filingId !== undefined
      ? [{ id: filingId }]
      : await db.select({ id: filings.id }).from(filings).where(eq(filings.clientId, who.clientId));
  const [row] = await db
    .insert(requestItems)
    .values({ filingId: filing?.id ?? '', clientId: who.clientId, source: 'staff', ...fields })
    .returning({ id: requestItems.id });
  return row?.id ?? '';
}

export function checklistHelpers(t: TestApp) {
  /** The client's own checklist (account/requests/list). */
  const clientList = async (who: ClientSession, body: Record<string, unknown> = {}) => {
    const res = await t.postAs(who.sid, '/api/account/requests/list', body);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
    return res.json() as AccountRequests;
  };
  /** A client's checklist as staff see it (staff/requests/list). */
  const staffList = async (who: StaffSession, client: ClientSession): Promise<StaffRequests> => {
    const res = await t.postAs(who.sid, '/api/staff/requests/list', { client_id: client.clientId });
    if (res.statusCode !== 200) throw new Error(`staff list failed: ${res.body}`);
    return res.json() as StaffRequests;
  };
  /** The client's filing of a tax year. */
  const filingOf = async (who: ClientSession, taxYear: number) => {
    const [filing] = await t.database.db
      .select()
      .from(filings)
      .where(and(eq(filings.clientId, who.clientId), eq(filings.taxYear, taxYear)));
    if (!filing) throw new Error('no filing');
    return filing;
  };
  /** A PDF sent for an item, as the checklist upload stores it; the item is then 'uploaded'. */
  const attachFile = async (
    who: ClientSession,
    options: { itemId: string; taxYear: number; bytes: Buffer; name: string },
  ) => {
    const filing = await filingOf(who, options.taxYear);
    const storageKey = `account-requests-upload/${randomUUID()}`;
    const stored = await t.storage.put(storageKey, Readable.from([options.bytes]));
    const [doc] = await t.database.db
      .insert(documents)
      .values({
        filingId: filing.id,
        clientId: who.clientId,
        category: 'W2',
        originalName: options.name,
        size: stored.size,
        contentType: 'application/pdf',
        storageKey,
        sha256: stored.sha256,
        requestItemId: options.itemId,
      })
      .returning({ id: documents.id });
    await t.database.db
      .update(requestItems)
      .set({ status: 'uploaded' })
      .where(eq(requestItems.id, options.itemId));
    return doc?.id ?? '';
  };
  return { clientList, staffList, filingOf, attachFile };
}
