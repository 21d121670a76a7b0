import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  and,
  auditLog,
  documents,
  eq,
  filings,
  messageAttachments,
  messages,
  messageThreads,
  staffActivity,
} from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { ObjectNotFoundError } from '../../lib/storage/object-storage.ts';
import { lastExpiredTaxYear, runRetentionPass } from './retention.service.ts';

/** Mid-2026: with 7 years, tax years up to 2018 are past keeping. */
const NOW = new Date('2026-06-01T12:00:00Z');
const OLD = 2017;
const EDGE = 2018;
const YOUNG = 2019;

/** A logger that keeps what it was given. */
function recordingLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const keep = (fields: Record<string, unknown>, message = '') => {
    lines.push({ fields, message });
  };
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const t = useTestApp();
let clientId: string;
let threadId: string;

async function exists(key: string): Promise<boolean> {
  try {
    (await t.storage.get(key)).destroy();
    return true;
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return false;
    throw error;
  }
}

async function stored(prefix: string): Promise<{ key: string; size: number; sha256: string }> {
  const key = `${prefix}${randomUUID()}`;
  const { size, sha256 } = await t.storage.put(key, Readable.from([Buffer.from(`contents of ${key}`)]));
  return { key, size, sha256 };
}

async function filingOf(taxYear: number): Promise<string> {
  const [existing] = await t.database.db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)));
  if (existing) return existing.id;
  const [row] = await t.database.db
    .insert(filings)
    .values({ clientId, taxYear })
    .returning({ id: filings.id });
  if (!row) throw new Error('no filing');
  return row.id;
}

/** When a year's records usually come in: the spring after it. */
const seasonOf = (taxYear: number) => new Date(Date.UTC(taxYear + 1, 2, 1));

/** A document of the year's filing, stored; with `unlocked`, also its unlocked copy. */
async function makeDocument(
  taxYear: number,
  { unlocked = false, uploadedAt = seasonOf(taxYear) }: { unlocked?: boolean; uploadedAt?: Date } = {},
) {
  const file = await stored('upload-uploaddocs/');
  const copy = unlocked ? await stored('account-requests-upload/') : null;
  const [row] = await t.database.db
    .insert(documents)
    .values({
      filingId: await filingOf(taxYear),
      clientId,
      category: 'W2',
      originalName: 'Asha W-2.pdf',
      size: file.size,
      contentType: 'application/pdf',
      storageKey: file.key,
      sha256: file.sha256,
      unlockedStorageKey: copy?.key ?? null,
      uploadedAt,
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('no document');
  return { id: row.id, keys: copy ? [file.key, copy.key] : [file.key] };
}

/** A client's message about the year, with one stored attachment. */
async function makeMessage(taxYear: number, createdAt = seasonOf(taxYear)) {
  const [message] = await t.database.db
    .insert(messages)
    .values({ threadId, clientId, taxYear, authorKind: 'client', body: `About ${taxYear}`, createdAt })
    .returning({ id: messages.id });
  if (!message) throw new Error('no message');
  const file = await stored('account-messages-send/');
  await t.database.db.insert(messageAttachments).values({
    messageId: message.id,
    clientId,
    originalName: 'photo.jpg',
    size: file.size,
    contentType: 'image/jpeg',
    storageKey: file.key,
    sha256: file.sha256,
  });
  return { id: message.id, key: file.key };
}

const rowsOf = async <T>(query: Promise<T[]>) => (await query).length;

beforeAll(async () => {
  ({ clientId } = await signUpAndLogIn(t, 'retention@example.com'));
  const [thread] = await t.database.db
    .insert(messageThreads)
    .values({ clientId })
    .returning({ id: messageThreads.id });
  if (!thread) throw new Error('no thread');
  threadId = thread.id;
});

describe('the retention rule', () => {
  it('keeps a tax year through December 31 of the N-th year after it, in the firm’s time zone', () => {
    expect(lastExpiredTaxYear(NOW, 7)).toBe(EDGE);
    expect(lastExpiredTaxYear(NOW, 3)).toBe(2022);
    // 11 pm on December 31, 2025 in Chicago is already 2026 in UTC: 2018 is still kept.
    expect(lastExpiredTaxYear(new Date('2026-01-01T05:30:00Z'), 7)).toBe(2017);
    expect(lastExpiredTaxYear(new Date('2026-01-01T06:30:00Z'), 7)).toBe(2018);
  });
});

describe('the records retention pass', () => {
  it('purges the documents, messages and activity of expired years with their stored objects, and keeps the rest', async () => {
    const oldDocument = await makeDocument(OLD, { unlocked: true });
    const edgeDocument = await makeDocument(EDGE);
    const youngDocument = await makeDocument(YOUNG, { unlocked: true });
    const oldMessage = await makeMessage(OLD);
    const youngMessage = await makeMessage(YOUNG);
    await t.database.db.insert(staffActivity).values([
      { clientId, taxYear: OLD, kind: 'upload', summary: 'Uploaded 1 file', createdAt: seasonOf(OLD) },
      { clientId, taxYear: EDGE, kind: 'payment', summary: 'Paid $350.00', createdAt: seasonOf(EDGE) },
      { clientId, taxYear: YOUNG, kind: 'message', summary: 'Sent a message', createdAt: seasonOf(YOUNG) },
    ]);
    const { log, lines } = recordingLog();

    const result = await runRetentionPass(t.database.db, t.storage, { now: NOW, years: 7, log });

    // 2017's records came in 2018: kept through 2025, gone now. 2018's came in 2019: kept through 2026.
    expect(result).toEqual({
      throughTaxYear: EDGE,
      documents: 1,
      messages: 1,
      attachments: 1,
      activity: 1,
      objects: 3,
    });
    // Old rows and their objects are gone.
    const db = t.database.db;
    expect(await rowsOf(db.select().from(documents).where(eq(documents.id, oldDocument.id)))).toBe(0);
    for (const key of [...oldDocument.keys, oldMessage.key]) {
      expect(await exists(key), key).toBe(false);
    }
    expect(await rowsOf(db.select().from(messages).where(eq(messages.id, oldMessage.id)))).toBe(0);
    expect(
      await rowsOf(
        db.select().from(messageAttachments).where(eq(messageAttachments.messageId, oldMessage.id)),
      ),
    ).toBe(0);
    expect(
      (await db.select({ taxYear: staffActivity.taxYear }).from(staffActivity))
        .map((row) => row.taxYear)
        .sort(),
    ).toEqual([EDGE, YOUNG]);
    expect(await rowsOf(db.select().from(documents).where(eq(documents.id, edgeDocument.id)))).toBe(1);
    for (const key of edgeDocument.keys) expect(await exists(key), key).toBe(true);

    // The younger year is kept, objects and all, and so is the client's thread.
    expect(await rowsOf(db.select().from(documents).where(eq(documents.id, youngDocument.id)))).toBe(1);
    for (const key of [...youngDocument.keys, youngMessage.key]) expect(await exists(key), key).toBe(true);
    expect(await rowsOf(db.select().from(messages).where(eq(messages.id, youngMessage.id)))).toBe(1);
    expect(await rowsOf(db.select().from(messageThreads).where(eq(messageThreads.id, threadId)))).toBe(1);
    // The filings themselves are not records of this rule.
    expect(await rowsOf(db.select().from(filings).where(eq(filings.taxYear, OLD)))).toBe(1);

    // One audit row with the counts, and a log line with counts only (no file name, no message text).
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'records.retention.purged'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: null,
      subject:
        'tax years to 2018: 1 documents, 1 messages (1 attachments), 1 activity entries, 3 stored objects',
    });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('records retention pass');
    expect(logged).not.toMatch(/W-2\.pdf|photo\.jpg|About 2017/);
  });

  it('runs again with nothing to do, and keeps an object a younger row still names', async () => {
    // A copy of an old attachment filed under the same key into a younger year's documents.
    const oldMessage = await makeMessage(OLD);
    const [row] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, oldMessage.id));
    if (!row) throw new Error('no attachment');
    await t.database.db.insert(documents).values({
      filingId: await filingOf(YOUNG),
      clientId,
      category: 'W2',
      originalName: row.originalName,
      size: row.size,
      contentType: row.contentType,
      storageKey: row.storageKey,
      sha256: row.sha256,
    });
    const { log } = recordingLog();

    const result = await runRetentionPass(t.database.db, t.storage, { now: NOW, years: 7, log });
    expect(result).toMatchObject({ documents: 0, messages: 1, attachments: 1, objects: 0 });
    expect(await exists(oldMessage.key)).toBe(true);

    const again = await runRetentionPass(t.database.db, t.storage, { now: NOW, years: 7, log });
    expect(again).toMatchObject({ documents: 0, messages: 0, attachments: 0, activity: 0, objects: 0 });
  });

  it("keeps a late filer's records of an expired tax year for N years from when they came", async () => {
    // 2017's return filed late: its W-2 and a message arrived in 2024, well within 7 years of NOW.
    const late = await makeDocument(OLD, { uploadedAt: new Date('2024-04-10T15:00:00Z') });
    const lateMessage = await makeMessage(OLD, new Date('2024-04-11T15:00:00Z'));
    const { log } = recordingLog();

    const result = await runRetentionPass(t.database.db, t.storage, { now: NOW, years: 7, log });

    expect(result).toMatchObject({ documents: 0, messages: 0 });
    const db = t.database.db;
    expect(await rowsOf(db.select().from(documents).where(eq(documents.id, late.id)))).toBe(1);
    expect(await rowsOf(db.select().from(messages).where(eq(messages.id, lateMessage.id)))).toBe(1);
    for (const key of [...late.keys, lateMessage.key]) expect(await exists(key), key).toBe(true);
    // Once they are 7 full years old (2032), they go.
    const later = await runRetentionPass(t.database.db, t.storage, {
      now: new Date('2032-01-02T12:00:00Z'),
      years: 7,
      log,
    });
    expect(later.throughTaxYear).toBe(2024);
    expect(await rowsOf(db.select().from(documents).where(eq(documents.id, late.id)))).toBe(0);
    expect(await rowsOf(db.select().from(messages).where(eq(messages.id, lateMessage.id)))).toBe(0);
    for (const key of [...late.keys, lateMessage.key]) expect(await exists(key), key).toBe(false);
  });

  it('runs from the app on its schedule when enabled', async () => {
    const app = await createTestApp({ retention: { firstRunMs: 0, intervalMs: 60_000, years: 3 } });
    try {
      const passes = () =>
        rowsOf(
          app.database.db.select().from(auditLog).where(eq(auditLog.action, 'records.retention.purged')),
        );
      for (let tries = 0; (await passes()) === 0 && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await passes()).toBe(1);
    } finally {
      await app.close();
    }
  });
});
