import { MESSAGES, type FileStatus, type StaffActivity } from '@taxfirm/contract';
import { asc, clients, eq, filings, staffActivity } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { insertStaffItem } from '../requests/testing/checklist-helpers.ts';
import { ACTIVITY_PAGE_SIZE } from './activity.service.ts';

type Client = { sid: string; userId: string; clientId: string; taxYear: number; filingId: string };

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let otherAnalyst: { sid: string; userId: string };

beforeAll(async () => {
  admin = await staffSession(t, 'admin.activity@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst.activity@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.activity@firm.example', 'analyst');
});

let counter = 0;
/** A verified client whose current filing is in `status` and assigned to `analystId` (or nobody). */
async function clientIn(
  status: FileStatus,
  analystId: string | null = analyst.userId,
  name = { first: 'Asha', last: 'Rao' },
): Promise<Client> {
  const account = await signUpAndLogIn(t, `activity${++counter}@example.com`, name);
  const [filing] = await t.database.db
    .update(filings)
    .set({ status, assignedTo: analystId })
    .where(eq(filings.clientId, account.clientId))
    .returning();
  if (!filing) throw new Error('no filing');
  return { ...account, taxYear: filing.taxYear, filingId: filing.id };
}

/** The client's activity rows, oldest first. */
const activityOf = (client: Client) =>
  t.database.db
    .select({ kind: staffActivity.kind, summary: staffActivity.summary, taxYear: staffActivity.taxYear })
    .from(staffActivity)
    .where(eq(staffActivity.clientId, client.clientId))
    .orderBy(asc(staffActivity.createdAt), asc(staffActivity.id));

const addItem = (client: Client, title: string) =>
  insertStaffItem(t.database.db, client, { title, type: 'w2', position: 50, filingId: client.filingId });

function pdfForm(fields: Record<string, string>, field: string, count: number): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (let n = 0; n < count; n += 1) {
    form.append(
      field,
      new Blob([new Uint8Array(samplePdf(4000 + n))], { type: 'application/pdf' }),
      `p${n}.pdf`,
    );
  }
  return form;
}

describe('what a client does shows in the activity, in the same transaction as the change', () => {
  it('upload/uploaddocs: "Uploaded 2 files (1099 B-G)", with the filing\'s tax year', async () => {
    const client = await clientIn('Docs Upload Pending');
    const res = await t.postFormAs(
      client.sid,
      '/api/upload/uploaddocs',
      pdfForm({ folderPath: `${client.clientId}/1099B-G/`, upt_id: '2' }, 'uploadedImages', 2),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await activityOf(client)).toEqual([
      { kind: 'upload', summary: 'Uploaded 2 files (1099 B-G)', taxYear: client.taxYear },
    ]);
    // A refused upload (the wrong category number) records nothing.
    const refused = await t.postFormAs(
      client.sid,
      '/api/upload/uploaddocs',
      pdfForm({ folderPath: `${client.clientId}/W2/`, upt_id: '2' }, 'uploadedImages', 1),
    );
    expect(refused.statusCode).toBe(400);
    expect(await activityOf(client)).toHaveLength(1);
  });

  it('account/requests/upload: "Uploaded 1 file for <item title>"', async () => {
    const client = await clientIn('Docs Upload Pending');
    const itemId = await addItem(client, 'W-2 from Acme');
    const res = await t.postFormAs(
      client.sid,
      '/api/account/requests/upload',
      pdfForm({ item_id: itemId }, 'files', 1),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await activityOf(client)).toEqual([
      { kind: 'upload', summary: 'Uploaded 1 file for W-2 from Acme', taxYear: client.taxYear },
    ]);
  });

  it('account/requests/notapplicable and later: what the client answered, the date as MM-DD-YYYY', async () => {
    const client = await clientIn('Docs Upload Pending');
    const initech = await addItem(client, 'W-2 from Initech');
    const globex = await addItem(client, '1099-INT from Globex');
    const na = await t.postAs(client.sid, '/api/account/requests/notapplicable', {
      item_id: initech,
      reason: 'Never worked there',
    });
    expect(na.statusCode, na.body).toBe(200);
    const [year, month, day] = firmToday().split('-').map(Number);
    const next = new Date(Date.UTC(year ?? 2026, (month ?? 1) - 1, (day ?? 1) + 10));
    const date = next.toISOString().slice(0, 10);
    const later = await t.postAs(client.sid, '/api/account/requests/later', { item_id: globex, date });
    expect(later.statusCode, later.body).toBe(200);
    // A refused answer (a day already past) records nothing.
    const past = await t.postAs(client.sid, '/api/account/requests/later', {
      item_id: globex,
      date: '2001-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(await activityOf(client)).toEqual([
      { kind: 'answer', summary: 'Said W-2 from Initech does not apply', taxYear: client.taxYear },
      {
        kind: 'answer',
        summary: `Will send 1099-INT from Globex by ${date.slice(5)}-${date.slice(0, 4)}`,
        taxYear: client.taxYear,
      },
    ]);
    // The reason the client gave is theirs and the checklist's: the feed says only what they did.
    expect(JSON.stringify(await activityOf(client))).not.toContain('Never worked');
  });

  it('a payment becoming paid: "Paid $150.25 with no open invoice" (issue 20: it says where the money went), once', async () => {
    const client = await clientIn('Payment Pending');
    const order = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 15025, currency: 'USD' });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = (order.json() as { id: string }).id;
    const pay = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: orderId,
      card_number: '4111 1111 1111 1111',
      expiry: '12/39',
      cvv: '123',
      name: 'Asha Rao',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const result = pay.json().result as { razorpay_payment_id: string; razorpay_signature: string };
    const verify = () =>
      t.postAs(client.sid, '/api/payment/verifyOrder', {
        order_id: orderId,
        payment_id: result.razorpay_payment_id,
        signature: result.razorpay_signature,
      });
    expect((await verify()).statusCode).toBe(200);
    // Replayed: already recorded, and no second row.
    expect((await verify()).statusCode).toBe(409);
    expect(await activityOf(client)).toEqual([
      { kind: 'payment', summary: 'Paid $150.25 with no open invoice', taxYear: client.taxYear },
    ]);
  });
});

describe('staff/activity/list', () => {
  const feed = async (sid: string, page?: number): Promise<StaffActivity> => {
    const res = await t.postAs(sid, '/api/staff/activity/list', page ? { page } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StaffActivity;
  };
  let mine: Client;
  let theirs: Client;
  let lastYear: Client;

  beforeAll(async () => {
    mine = await clientIn('Docs Upload Pending', analyst.userId, { first: 'Meera', last: 'Iyer' });
    theirs = await clientIn('Docs Upload Pending', otherAnalyst.userId, { first: 'Kiran', last: 'Das' });
    // The analyst's file this year; last year's file of the same client is another analyst's.
    lastYear = await clientIn('Docs Upload Pending', analyst.userId, { first: 'Noor', last: 'Khan' });
    await t.database.db.insert(filings).values({
      clientId: lastYear.clientId,
      taxYear: lastYear.taxYear - 1,
      status: 'Filing Docs Sent',
      assignedTo: otherAnalyst.userId,
    });
    await t.database.db
      .update(clients)
      .set({ fileNumber: 'TF-ACT-0001' })
      .where(eq(clients.id, mine.clientId));
    const base = Date.now() - 60 * 60_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await t.database.db.insert(staffActivity).values([
      {
        clientId: mine.clientId,
        taxYear: mine.taxYear,
        kind: 'upload',
        summary: 'Uploaded 1 file (W2)',
        createdAt: at(1),
      },
      {
        clientId: theirs.clientId,
        taxYear: theirs.taxYear,
        kind: 'payment',
        summary: 'Paid $10.00',
        createdAt: at(2),
      },
      {
        clientId: lastYear.clientId,
        taxYear: lastYear.taxYear - 1,
        kind: 'answer',
        summary: 'Said K-1 does not apply',
        createdAt: at(3),
      },
      {
        clientId: mine.clientId,
        taxYear: mine.taxYear,
        kind: 'message',
        summary: 'Sent a message',
        createdAt: at(4),
      },
    ]);
  });

  it("shows an analyst what their own files' clients did, newest first, with name and file number", async () => {
    const answer = await feed(analyst.sid);
    const own = answer.items.filter((item) =>
      [mine.clientId, theirs.clientId, lastYear.clientId].includes(item.client_id),
    );
    expect(own).toEqual([
      {
        client_id: mine.clientId,
        name: 'Meera Iyer',
        file_number: 'TF-ACT-0001',
        tax_year: mine.taxYear,
        kind: 'message',
        summary: 'Sent a message',
        at: expect.any(String),
      },
      expect.objectContaining({ client_id: mine.clientId, kind: 'upload', summary: 'Uploaded 1 file (W2)' }),
    ]);
    // Nothing of another analyst's file, nor of this client's earlier year, which is another analyst's.
    expect(answer.items.every((item) => item.client_id !== theirs.clientId)).toBe(true);
    expect(answer.items.some((item) => item.summary === 'Said K-1 does not apply')).toBe(false);
    const other = await feed(otherAnalyst.sid);
    expect(other.items.map((item) => item.summary)).toEqual(
      expect.arrayContaining(['Paid $10.00', 'Said K-1 does not apply']),
    );
    expect(other.items.some((item) => item.client_id === mine.clientId)).toBe(false);
  });

  it('shows an admin every row', async () => {
    const answer = await feed(admin.sid);
    expect(answer.items.map((item) => item.summary)).toEqual(
      expect.arrayContaining([
        'Uploaded 1 file (W2)',
        'Paid $10.00',
        'Said K-1 does not apply',
        'Sent a message',
      ]),
    );
  });

  it('pages by 20 with `more`', async () => {
    const client = await clientIn('Docs Upload Pending', null, { first: 'Page', last: 'Turner' });
    const old = Date.now() - 400 * 24 * 60 * 60_000;
    await t.database.db.insert(staffActivity).values(
      Array.from({ length: ACTIVITY_PAGE_SIZE + 5 }, (_, n) => ({
        clientId: client.clientId,
        taxYear: client.taxYear,
        kind: 'upload' as const,
        summary: `Row ${n + 1}`,
        createdAt: new Date(old + n * 60_000),
      })),
    );
    const first = await feed(admin.sid);
    expect(first).toMatchObject({ page: 1, page_size: ACTIVITY_PAGE_SIZE, more: true });
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    const times = first.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    const total = (await t.database.db.select().from(staffActivity)).length;
    const lastPage = Math.ceil(total / ACTIVITY_PAGE_SIZE);
    const last = await feed(admin.sid, lastPage);
    expect(last.more).toBe(false);
    // The oldest row of all is the last one of the last page.
    expect(last.items.at(-1)?.summary).toBe('Row 1');
    expect((await feed(admin.sid, lastPage + 1)).items).toEqual([]);
  });

  it('refuses a client session (403) and no session (401); a bad page is a 400', async () => {
    const client = await clientIn('Docs Upload Pending');
    expect((await t.postAs(client.sid, '/api/staff/activity/list', {})).statusCode).toBe(403);
    const anonymous = await t.post('/api/staff/activity/list', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status_smessage).toBe(MESSAGES.UNAUTHORIZED);
    expect((await t.postAs(admin.sid, '/api/staff/activity/list', { page: 0 })).statusCode).toBe(400);
  });
});
