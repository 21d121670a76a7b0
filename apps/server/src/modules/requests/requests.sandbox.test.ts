/**
 * Files that came from outside are decoded only in the sandbox (security review 2: S2-02, S2-03): through
 * the HTTP calls that take them, the bombs are refused or contained, the event loop stays responsive while
 * they are handled (measured with monitorEventLoopDelay), another client's read answers meanwhile, the
 * server's own memory does not grow, and the sandbox's queue limits answer 429/503 with nothing stored.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@taxfirm/contract';
import { documents, eq, filings, inArray, requestItems } from '@taxfirm/db';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flateBombPdf, heicDeclaring } from '../../../test/bombs.ts';
import { loopStallDuring } from '../../../test/event-loop.ts';
import { createTestApp, signUpAndLogIn, type TestApp } from '../../../test/helpers.ts';
import { encryptPdf } from '../../lib/files/pdf-lock.ts';
import { sandbox } from '../../lib/files/sandbox.ts';

type Session = { sid: string; userId: string; clientId: string };

const HEIC = readFileSync(new URL('../../../test/fixtures/photo.heic', import.meta.url));
/** The fixture's ispe rewritten to 10000 x 10000: 100 megapixels declared by a 27 KB file. */
const HEIC_100MP = heicDeclaring(HEIC, 10_000, 10_000);
const MB = 1024 * 1024;

let t: TestApp;
let asha: Session;
let ravi: Session;
let mei: Session;
let bombs: { comment: Buffer; encrypted: Buffer };

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[]) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const file of files) {
    data.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return data;
}
const pdfFile = (name: string, bytes: Buffer) => ({ name, bytes, type: 'application/pdf' });
const upload = (who: Session, itemId: string, files: { name: string; bytes: Buffer; type: string }[]) =>
  t.postFormAs(who.sid, '/api/account/requests/upload', form({ item_id: itemId }, files));

async function addItem(who: Session, title: string) {
  const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, who.clientId));
  if (!filing) throw new Error('no filing');
  const [row] = await t.database.db
    .insert(requestItems)
    .values({ filingId: filing.id, clientId: who.clientId, position: 60, type: 'w2', title, source: 'staff' })
    .returning({ id: requestItems.id });
  return row?.id ?? '';
}

async function storedObjects(): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(t.storageRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.meta')).length;
}

/**
 * Runs `work` while reading another client's profile in a loop and measuring the event loop's delay
 * (`loopStallDuring`: its budget comes from the same reads for half a second before the work): answers its
 * result, the loop's longest delay and its budget, the reads that answered 200 and the RSS growth.
 */
async function measured<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage().rss;
  let done = false;
  let reads = 0;
  const reader = (async () => {
    while (!done) {
      const res = await t.postAs(mei.sid, '/api/user/taxpayerinfo');
      if (res.statusCode === 200) reads += 1;
      await sleep(25);
    }
  })();
  const stall = await loopStallDuring(work);
  done = true;
  await reader;
  expect(stall.samples).toBeGreaterThan(0);
  return {
    result: stall.result,
    loopMaxMs: stall.maxMs,
    loopBudgetMs: stall.budgetMs,
    reads,
    rssGrowthMb: (process.memoryUsage().rss - rssBefore) / MB,
  };
}

beforeAll(async () => {
  // One child with a small cap: the bombs meet it quickly. A queue of one and one job per account, so the
  // limits can be reached with three clients.
  t = await createTestApp({
    sandbox: { processes: 1, queueLimit: 1, accountLimit: 1, memoryMb: 512, timeoutMs: 30_000 },
  });
  asha = await signUpAndLogIn(t, 'asha.sandbox@example.com', { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.sandbox@example.com', { first: 'Ravi', last: 'Kumar' });
  mei = await signUpAndLogIn(t, 'mei.sandbox@example.com', { first: 'Mei', last: 'Singh' });
  for (const who of [asha, ravi, mei]) await t.postAs(who.sid, '/api/account/requests/list', {});
  await t.database.db
    .update(filings)
    .set({ status: 'Docs Upload Pending' })
    .where(inArray(filings.clientId, [asha.clientId, ravi.clientId, mei.clientId]));
  bombs = { comment: flateBombPdf({ encrypted: false }), encrypted: flateBombPdf({ encrypted: true }) };
});
afterAll(async () => {
  await t.close();
});

describe('a HEIC photo declaring 100 megapixels', () => {
  it('is refused by account/requests/upload with a 400, before any decoding, storing nothing', async () => {
    const id = await addItem(asha, 'Photo ID (huge)');
    const before = await storedObjects();
    const started = sandbox().jobsStarted;
    const {
      result: res,
      loopMaxMs,
      loopBudgetMs,
      reads,
    } = await measured(() =>
      upload(asha, id, [{ name: 'IMG_1.HEIC', bytes: HEIC_100MP, type: 'image/heic' }]),
    );
    expect([res.statusCode, res.json().status_smessage]).toEqual([400, MESSAGES.PHOTO_TOO_LARGE]);
    expect(res.json().details).toEqual({ files: MESSAGES.PHOTO_TOO_LARGE });
    expect(sandbox().jobsStarted).toBe(started);
    expect(await storedObjects()).toBe(before);
    expect(await t.database.db.select().from(documents).where(eq(documents.requestItemId, id))).toEqual([]);
    expect(loopMaxMs).toBeLessThan(loopBudgetMs);
    expect(reads).toBeGreaterThan(0);
  });

  it('is refused by account/messages/send with a 400, storing nothing', async () => {
    const before = await storedObjects();
    const started = sandbox().jobsStarted;
    const res = await t.postFormAs(
      asha.sid,
      '/api/account/messages/send',
      form({ body: 'My photo ID' }, [{ name: 'IMG_2.HEIC', bytes: HEIC_100MP, type: 'image/heic' }]),
    );
    expect([res.statusCode, res.json().status_smessage]).toEqual([400, MESSAGES.PHOTO_TOO_LARGE]);
    expect(sandbox().jobsStarted).toBe(started);
    expect(await storedObjects()).toBe(before);
  });

  it('while an ordinary HEIC photo still converts (in the sandbox)', async () => {
    const id = await addItem(asha, 'Photo ID (ordinary)');
    const started = sandbox().jobsStarted;
    const res = await upload(asha, id, [{ name: 'IMG_3.HEIC', bytes: HEIC, type: 'image/heic' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(sandbox().jobsStarted).toBe(started + 1);
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.requestItemId, id));
    expect(doc).toMatchObject({ originalName: 'IMG_3.jpg', contentType: 'image/jpeg' });
  });
});

describe('the FlateDecode bomb PDF (an xref stream inflating to about 1.5 GB)', () => {
  it('with /Encrypt only in a comment: qpdf does not run, the upload is accepted as not locked', async () => {
    expect(bombs.comment.length).toBeLessThan(2 * MB);
    const id = await addItem(ravi, 'Statement (comment bomb)');
    const started = sandbox().jobsStarted;
    const {
      result: res,
      loopMaxMs,
      loopBudgetMs,
      reads,
      rssGrowthMb,
    } = await measured(() => upload(ravi, id, [pdfFile('statement.pdf', bombs.comment)]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.REQUEST_UPLOADED, locked: [] });
    expect(sandbox().jobsStarted).toBe(started);
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.requestItemId, id));
    expect(doc?.locked).toBe(false);
    expect(loopMaxMs).toBeLessThan(loopBudgetMs);
    expect(reads).toBeGreaterThan(0);
    expect(rssGrowthMb).toBeLessThan(200);
  });

  it('with /Encrypt in its trailer: qpdf runs in the sandbox, meets the cap, the upload gets a 400; the server keeps answering', async () => {
    const id = await addItem(ravi, 'Statement (encrypted bomb)');
    const before = await storedObjects();
    const started = sandbox().jobsStarted;
    const {
      result: res,
      loopMaxMs,
      loopBudgetMs,
      reads,
      rssGrowthMb,
    } = await measured(() => upload(ravi, id, [pdfFile('statement.pdf', bombs.encrypted)]));
    expect([res.statusCode, res.json().status_smessage]).toEqual([400, MESSAGES.FILE_NOT_PROCESSED]);
    expect(sandbox().jobsStarted).toBe(started + 1);
    expect(await storedObjects()).toBe(before);
    expect(loopMaxMs).toBeLessThan(loopBudgetMs);
    expect(reads).toBeGreaterThan(0);
    expect(rssGrowthMb).toBeLessThan(200);
    // The sandbox goes on: a real locked PDF is still detected afterwards.
    const doc = await PDFDocument.create();
    doc.addPage().drawText('NRO statement');
    const locked = await encryptPdf(Buffer.from(await doc.save()), 'ABCDE1234F', 'owner-pass');
    const next = await upload(ravi, id, [pdfFile('nro.pdf', locked)]);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().message).toBe(MESSAGES.REQUEST_PDF_LOCKED);
  });
});

describe('the sandbox queue limits', () => {
  it('answer 429 past the account limit and 503 past the instance queue, storing nothing', async () => {
    const [ashaItem, raviItem, meiItem] = await Promise.all([
      addItem(asha, 'Queue A'),
      addItem(ravi, 'Queue R'),
      addItem(mei, 'Queue M'),
    ]);
    const doc = await PDFDocument.create();
    doc.addPage().drawText('statement');
    const locked = await encryptPdf(Buffer.from(await doc.save()), 'pw-1234', 'owner-1234');
    const before = await storedObjects();
    // Asha's bomb occupies the only child; Ravi's locked PDF then fills the queue of one.
    const first = upload(asha, ashaItem, [pdfFile('bomb.pdf', bombs.encrypted)]);
    while (sandbox().load.running === 0) await sleep(5);
    const second = upload(ravi, raviItem, [pdfFile('nro.pdf', locked)]);
    while (sandbox().load.waiting === 0) await sleep(5);
    const account = await upload(asha, ashaItem, [pdfFile('again.pdf', locked)]);
    expect([account.statusCode, account.json().status_smessage]).toEqual([429, MESSAGES.FILES_BUSY_ACCOUNT]);
    const instance = await upload(mei, meiItem, [pdfFile('nro.pdf', locked)]);
    expect([instance.statusCode, instance.json().status_smessage]).toEqual([503, MESSAGES.FILES_BUSY]);
    const [bomb, queued] = await Promise.all([first, second]);
    expect(bomb.statusCode).toBe(400);
    expect([queued.statusCode, queued.json().message]).toEqual([200, MESSAGES.REQUEST_PDF_LOCKED]);
    // Only Ravi's file was recorded; the refused ones left nothing behind.
    expect(await storedObjects()).toBe(before + 1);
    for (const item of [ashaItem, meiItem]) {
      expect(await t.database.db.select().from(documents).where(eq(documents.requestItemId, item))).toEqual(
        [],
      );
    }
  });
});
