/**
 * The file signals (file-signals.ts): each one's value for several files, read in one query, on both engines.
 * Asha's current file has some of everything (and a few rows that must not count); her previous year's file
 * has a little of its own; Ravi's file has nothing, so every signal's zero or none.
 */
import {
  eq,
  filings,
  inArray,
  invoices,
  messages,
  messageThreads,
  requestItems,
  signatureDocuments,
  staffActivity,
} from '@taxfirm/db';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeInvoice, seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  balanceDueSql,
  checklistProgressSql,
  lastClientActivitySql,
  unreadMessagesSql,
  unsignedDocumentsSql,
} from './file-signals.ts';

const t = useTestApp();
let firm: Firm;
let ashaFile: string;
let ashaLastYear: string;
let raviFile: string;
const LATEST = new Date('2026-03-02T10:00:00.000Z');
const EARLIER = new Date('2026-02-01T10:00:00.000Z');
const LAST_YEAR = new Date('2025-03-01T10:00:00.000Z');

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'signals' });
  const { db } = t.database;
  const { asha, ravi, analyst, taxYear } = firm;
  const fileOf = async (clientId: string) => {
    const [row] = await db.select({ id: filings.id }).from(filings).where(eq(filings.clientId, clientId));
    if (!row) throw new Error('no filing');
    return row.id;
  };
  ashaFile = await fileOf(asha.clientId);
  raviFile = await fileOf(ravi.clientId);
  const [old] = await db
    .insert(filings)
    .values({ clientId: asha.clientId, taxYear: taxYear - 1, status: 'E-Filing Complete' })
    .returning({ id: filings.id });
  if (!old) throw new Error('no previous filing');
  ashaLastYear = old.id;

  // The checklist: two accepted of three required; "doesn't apply", removed and optional items do not count.
  const items = [
    { status: 'accepted' },
    { status: 'accepted' },
    { status: 'uploaded' },
    { status: 'not_applicable' },
    { status: 'requested', removedAt: new Date() },
    { status: 'accepted', required: false },
  ] as const;
  await db.insert(requestItems).values(
    items.map((item, position) => ({
      filingId: ashaFile,
      clientId: asha.clientId,
      position,
      type: 'w2' as const,
      title: `Item ${position}`,
      source: 'staff' as const,
      ...item,
    })),
  );
  await db.insert(requestItems).values({
    filingId: ashaLastYear,
    clientId: asha.clientId,
    position: 0,
    type: 'w2',
    title: 'Last year',
    source: 'staff',
    status: 'requested',
  });

  // Documents to sign: two waiting; signed, on paper and void ones are not.
  const statuses = ['pending', 'pending', 'signed', 'paper', 'void'] as const;
  await db.insert(signatureDocuments).values(
    statuses.map((status) => ({
      filingId: ashaFile,
      clientId: asha.clientId,
      kind: 'other' as const,
      title: `To sign (${status})`,
      status,
      originalName: 'form.pdf',
      size: 1,
      storageKey: `signatures/${randomUUID()}`,
      sha256: '0'.repeat(64),
      voidedAt: status === 'void' ? new Date() : null,
    })),
  );

  // Invoices: 10,000 open, 5,000 of which 2,000 paid; paid, draft and void ones owe nothing.
  const invoice = (totalCents: number, status: 'draft' | 'sent' | 'partly_paid' | 'paid' | 'void') =>
    makeInvoice(db, { clientId: asha.clientId, taxYear, totalCents, status });
  await invoice(10_000, 'sent');
  const partly = await invoice(5_000, 'partly_paid');
  await db.update(invoices).set({ paidCents: 2_000 }).where(eq(invoices.id, partly.id));
  const paid = await invoice(7_000, 'paid');
  await db.update(invoices).set({ paidCents: 7_000 }).where(eq(invoices.id, paid.id));
  await invoice(4_000, 'draft');
  await invoice(9_000, 'void');

  // Messages: two of Asha's unread this year, one read; staff's own unread one does not count; one last year.
  const [thread] = await db
    .insert(messageThreads)
    .values({ clientId: asha.clientId })
    .returning({ id: messageThreads.id });
  if (!thread) throw new Error('no thread');
  const message = (authorKind: 'client' | 'staff', year: number, readAt: Date | null) => ({
    threadId: thread.id,
    clientId: asha.clientId,
    taxYear: year,
    authorKind,
    authorId: authorKind === 'client' ? asha.userId : analyst.userId,
    body: 'Hello',
    readAt,
    readBy: readAt ? (authorKind === 'client' ? analyst.userId : asha.userId) : null,
  });
  await db
    .insert(messages)
    .values([
      message('client', taxYear, null),
      message('client', taxYear, null),
      message('client', taxYear, new Date()),
      message('staff', taxYear, null),
      message('client', taxYear - 1, null),
    ]);

  // What Asha did, as the activity feed heard it: the latest of each year is the signal.
  await db.insert(staffActivity).values([
    { clientId: asha.clientId, taxYear, kind: 'upload', summary: 'Uploaded 1 file', createdAt: EARLIER },
    { clientId: asha.clientId, taxYear, kind: 'message', summary: 'Sent a message', createdAt: LATEST },
    { clientId: asha.clientId, taxYear: taxYear - 1, kind: 'payment', summary: 'Paid', createdAt: LAST_YEAR },
  ]);
});

describe('file signals', () => {
  it('reads every signal of several files in one query, zero or none where a file has nothing', async () => {
    const rows = await t.database.db
      .select({
        id: filings.id,
        progress: checklistProgressSql,
        unsigned: unsignedDocumentsSql,
        balanceDue: balanceDueSql,
        unread: unreadMessagesSql,
        lastActivity: lastClientActivitySql,
      })
      .from(filings)
      .where(inArray(filings.id, [ashaFile, ashaLastYear, raviFile]));
    const byFile = Object.fromEntries(rows.map(({ id, ...signals }) => [id, signals]));

    expect(byFile[ashaFile]).toEqual({
      progress: { accepted: 2, required: 3 },
      unsigned: 2,
      balanceDue: 13_000,
      unread: 2,
      lastActivity: LATEST,
    });
    expect(byFile[ashaLastYear]).toEqual({
      progress: { accepted: 0, required: 1 },
      unsigned: 0,
      balanceDue: 0,
      unread: 1,
      lastActivity: LAST_YEAR,
    });
    expect(byFile[raviFile]).toEqual({
      progress: { accepted: 0, required: 0 },
      unsigned: 0,
      balanceDue: 0,
      unread: 0,
      lastActivity: null,
    });
  });
});
