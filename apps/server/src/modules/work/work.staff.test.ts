/**
 * staff/work/{list,counts,snooze} (issue 35): My work lists exactly what the data says, one rule per kind. Each
 * test below makes its kind's source true on Asha's file (the analyst's), sees the item, makes it false again
 * and sees it leave; Ravi's file (the other analyst's) never shows in the analyst's list.
 */
import { MESSAGES, type WorkItem, type WorkKind } from '@taxfirm/contract';
import {
  and,
  auditLog,
  deliverables,
  eq,
  inArray,
  filings,
  payments,
  requestItems,
  signatureDocuments,
  siteSettings,
  sql,
  workSnoozes,
} from '@taxfirm/db';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dueRulesOf } from '../../../test/due-rules.ts';
import { makeInvoice } from '../../../test/factories.ts';
import type { ClientSession, StaffSession } from '../../../test/helpers.ts';
import {
  admin,
  analyst,
  asha,
  filingOf,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import { sendAsClient, sendAsStaff } from '../messaging/testing/message-forms.ts';

useSeededFirm({ tag: 'work', status: 'Review Pending' });

const listOf = async (who: StaffSession, body: Record<string, unknown> = {}): Promise<WorkItem[]> => {
  const res = await t.postAs(who.sid, '/api/staff/work/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as WorkItem[];
};
/** The kind's items on a client's file, in the analyst's own list (or `who`'s). */
const itemsOf = async (kind: WorkKind, client: ClientSession, who: StaffSession = analyst) =>
  (await listOf(who, { kind })).filter((item) => item.client_id === client.clientId);
const countOf = async (kind: WorkKind, who: StaffSession = analyst) => {
  const res = await t.postAs(who.sid, '/api/staff/work/counts', {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().counts as { kind: WorkKind; count: number }[]).find((c) => c.kind === kind)?.count;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function checklistItem(client: ClientSession, values: Partial<typeof requestItems.$inferInsert>) {
  const filing = await filingOf(client);
  const [row] = await t.database.db
    .insert(requestItems)
    .values({
      filingId: filing.id,
      clientId: client.clientId,
      position: 1,
      type: 'w2',
      title: `W-2 (${randomUUID().slice(0, 6)})`,
      source: 'staff',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no item');
  return row;
}

describe('staff/work/list: one rule per kind', () => {
  it('lists an upload waiting for review until it is accepted', async () => {
    const item = await checklistItem(asha, { status: 'uploaded' });
    await checklistItem(ravi, { status: 'uploaded' });
    const [row] = await itemsOf('upload_review', asha);
    expect(row).toMatchObject({
      key: expect.stringMatching(new RegExp(`^upload_review:${item.id}@\\d+$`)),
      kind: 'upload_review',
      name: 'Asha Rao',
      tax_year: taxYear,
      summary: `Uploaded ${item.title}`,
      target_id: item.id,
      owner: { user_id: analyst.userId },
      snoozed: null,
    });
    expect(await itemsOf('upload_review', ravi)).toEqual([]);
    expect(await countOf('upload_review')).toBe(1);

    await t.database.db.update(requestItems).set({ status: 'accepted' }).where(eq(requestItems.id, item.id));
    expect(await itemsOf('upload_review', asha)).toEqual([]);
    expect(await countOf('upload_review')).toBe(0);
  });

  it("lists a client's unanswered messages, from the first one after the firm's last reply, until staff answer", async () => {
    expect((await sendAsClient(t, asha, { body: 'Did you get my W-2?' })).statusCode).toBe(200);
    expect((await sendAsClient(t, asha, { body: 'And the 1099?' })).statusCode).toBe(200);
    const [row] = await itemsOf('message_unanswered', asha);
    expect(row?.summary).toBe('Wrote 2 messages');
    expect(row?.at).not.toBeNull();

    // An internal note is no answer.
    expect(
      (await sendAsStaff(t, analyst, { client_id: asha.clientId, body: 'Call her', internal: 'true' }))
        .statusCode,
    ).toBe(200);
    expect(await itemsOf('message_unanswered', asha)).toHaveLength(1);
    expect((await sendAsStaff(t, analyst, { client_id: asha.clientId, body: 'Yes, both.' })).statusCode).toBe(
      200,
    );
    expect(await itemsOf('message_unanswered', asha)).toEqual([]);

    // She writes again: one message waits, since then.
    expect((await sendAsClient(t, asha, { body: 'Thanks!' })).statusCode).toBe(200);
    const [again] = await itemsOf('message_unanswered', asha);
    expect(again?.summary).toBe('Wrote a message');
    expect(Date.parse(again?.at ?? '')).toBeGreaterThan(Date.parse(row?.at ?? ''));
    expect(
      (await sendAsStaff(t, analyst, { client_id: asha.clientId, body: 'You are welcome.' })).statusCode,
    ).toBe(200);
  });

  it('lists a completed signature until the file moves to another status', async () => {
    const filing = await filingOf(asha);
    const [doc] = await t.database.db
      .insert(signatureDocuments)
      .values({
        filingId: filing.id,
        clientId: asha.clientId,
        kind: 'other',
        title: 'Engagement letter',
        status: 'signed',
        originalName: 'letter.pdf',
        size: 100,
        storageKey: `test/${randomUUID()}`,
        sha256: 'x'.repeat(64),
        signedAt: new Date(),
      })
      .returning();
    const [row] = await itemsOf('signature_completed', asha);
    expect(row).toMatchObject({ summary: 'Signed Engagement letter', target_id: doc?.id });

    const moved = await t.postAs(analyst.sid, '/api/staff/clients/status', {
      client_id: asha.clientId,
      status: 'Confirmation Pending',
      comment: 'Signed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await itemsOf('signature_completed', asha)).toEqual([]);
  });

  it('lists a payment received until the file moves to another status', async () => {
    const filing = await filingOf(asha);
    await t.database.db.insert(payments).values({
      clientId: asha.clientId,
      filingId: filing.id,
      provider: 'sandbox',
      orderId: `order_${randomUUID()}`,
      amountCents: 35_000,
      currency: 'USD',
      status: 'paid',
      paidAt: new Date(Date.now() + 1000),
    });
    const [row] = await itemsOf('payment_received', asha);
    expect(row?.summary).toBe('Paid $350.00');

    await t.database.db
      .update(filings)
      .set({ status: 'Review Pending', statusSince: sql`now() + interval '1 minute'` })
      .where(eq(filings.id, filing.id));
    expect(await itemsOf('payment_received', asha)).toEqual([]);
  });

  it('lists an open invoice past its due date, until it is paid', async () => {
    const today = firmToday();
    const late = await makeInvoice(t.database.db, {
      clientId: asha.clientId,
      taxYear,
      totalCents: 12_000,
      dueDate: addDays(today, -3),
    });
    // Due today is not past due yet.
    await makeInvoice(t.database.db, { clientId: asha.clientId, taxYear, totalCents: 5000, dueDate: today });
    const rows = await itemsOf('invoice_past_due', asha);
    expect(rows.map((r) => [r.target_id, r.due_on, r.summary])).toEqual([
      [late.id, addDays(today, -3), `Invoice ${late.number} past due, $120.00 open`],
    ]);

    await t.database.db.execute(
      sql`update invoices set status = 'paid', paid_cents = total_cents, paid_at = now() where id = ${late.id}`,
    );
    expect(await itemsOf('invoice_past_due', asha)).toEqual([]);
  });

  it('lists a checklist item whose "I\'ll send it by" day has passed, not one still to come', async () => {
    const today = firmToday();
    const late = await checklistItem(asha, { status: 'later', laterDate: addDays(today, -1) });
    await checklistItem(asha, { status: 'later', laterDate: today });
    const rows = await itemsOf('checklist_late', asha);
    expect(rows.map((r) => [r.target_id, r.due_on])).toEqual([[late.id, addDays(today, -1)]]);
    expect(rows[0]?.summary).toBe(`${late.title} promised by ${addDays(today, -1)}`);

    await t.database.db.update(requestItems).set({ status: 'uploaded' }).where(eq(requestItems.id, late.id));
    expect(await itemsOf('checklist_late', asha)).toEqual([]);
    await t.database.db.delete(requestItems).where(eq(requestItems.clientId, asha.clientId));
  });

  it("lists a file idle in its status longer than the firm's threshold for that status", async () => {
    const filing = await filingOf(asha);
    await t.database.db
      .update(filings)
      .set({ statusSince: daysAgo(9) })
      .where(eq(filings.id, filing.id));
    // Review Pending's default is 7 days.
    const [row] = await itemsOf('file_idle', asha);
    expect(row?.summary).toBe(`Idle 9 days in ${filing.status}`);

    const setIdle = (days: number) =>
      t.database.db
        .update(siteSettings)
        .set({ idleDays: { [filing.status]: days } })
        .where(eq(siteSettings.singleton, true));
    await setIdle(10);
    expect(await itemsOf('file_idle', asha)).toEqual([]);
    await setIdle(0);
    expect(await itemsOf('file_idle', asha)).toEqual([]);
    await setIdle(8);
    expect(await itemsOf('file_idle', asha)).toHaveLength(1);
    await t.database.db.update(siteSettings).set({ idleDays: {} }).where(eq(siteSettings.singleton, true));
    await t.database.db.update(filings).set({ statusSince: new Date() }).where(eq(filings.id, filing.id));
    expect(await itemsOf('file_idle', asha)).toEqual([]);
  });

  it('lists a file without an analyst in the unassigned list (admins), never in an analyst’s', async () => {
    const filing = await filingOf(asha);
    await t.database.db.update(filings).set({ assignedTo: null }).where(eq(filings.id, filing.id));
    const unassigned = async () =>
      (await listOf(admin, { who: 'unassigned', kind: 'file_unassigned' })).filter(
        (r) => r.client_id === asha.clientId,
      );
    const [row] = await unassigned();
    expect(row).toMatchObject({ key: `file_unassigned:${filing.id}`, owner: null });
    expect(await itemsOf('file_unassigned', asha)).toEqual([]);

    await t.database.db.update(filings).set({ assignedTo: analyst.userId }).where(eq(filings.id, filing.id));
    expect(await unassigned()).toEqual([]);
  });

  it('lists a deliverable due within 14 days or overdue until it is filed, for its owner', async () => {
    const today = firmToday();
    const filing = await filingOf(asha);
    // The federal return: the file's own date.
    await t.database.db
      .update(filings)
      .set({ dueOn: addDays(today, 15), dueReason: 'Test' })
      .where(eq(filings.id, filing.id));
    expect(await itemsOf('deliverable_due', asha)).toEqual([]);
    await t.database.db
      .update(filings)
      .set({ dueOn: addDays(today, 14) })
      .where(eq(filings.id, filing.id));
    const [federal] = await itemsOf('deliverable_due', asha);
    expect(federal).toMatchObject({
      key: `deliverable_due:federal-${filing.id}`,
      due_on: addDays(today, 14),
      summary: 'Federal return (Form 1040) due',
    });

    // An FBAR owned by the admin: in the admin's list, not the analyst's; overdue until filed.
    const [fbar] = await t.database.db
      .insert(deliverables)
      .values({
        filingId: filing.id,
        kind: 'fbar',
        ownerId: admin.userId,
        dueOn: addDays(today, -2),
        dueReason: 'Test',
      })
      .returning();
    expect((await itemsOf('deliverable_due', asha)).map((r) => r.target_id)).toEqual([null]);
    expect(await itemsOf('deliverable_due', asha, admin)).toMatchObject([
      { target_id: fbar?.id, due_on: addDays(today, -2), summary: 'FBAR (FinCEN 114) due' },
    ]);
    await t.database.db
      .update(deliverables)
      .set({ status: 'filed' })
      .where(eq(deliverables.id, fbar?.id ?? ''));
    expect(await itemsOf('deliverable_due', asha, admin)).toEqual([]);

    // The federal return leaves once the file is filed.
    await t.database.db.update(filings).set({ status: 'E-Filing Complete' }).where(eq(filings.id, filing.id));
    expect(await itemsOf('deliverable_due', asha)).toEqual([]);
    await t.database.db
      .update(filings)
      .set({ status: 'Review Pending', dueOn: null, dueReason: null })
      .where(eq(filings.id, filing.id));
  });

  it("lists a deliverable whose owner no longer works the file (the file was reassigned) for the file's analyst", async () => {
    const today = firmToday();
    const filing = await filingOf(asha);
    const [itr] = await t.database.db
      .insert(deliverables)
      .values({
        filingId: filing.id,
        kind: 'itr',
        ownerId: otherAnalyst.userId,
        dueOn: today,
        dueReason: 'Test',
      })
      .returning();
    expect((await itemsOf('deliverable_due', asha)).map((r) => r.target_id)).toContain(itr?.id);
    expect(
      (await listOf(otherAnalyst, { kind: 'deliverable_due' })).some((r) => r.target_id === itr?.id),
    ).toBe(false);
    // Nobody's yet: the file's analyst's too.
    const [state] = await t.database.db
      .insert(deliverables)
      .values({ filingId: filing.id, kind: 'state', label: 'CA', dueOn: today, dueReason: 'Test' })
      .returning();
    expect((await itemsOf('deliverable_due', asha)).map((r) => r.target_id)).toContain(state?.id);
    await t.database.db
      .delete(deliverables)
      .where(inArray(deliverables.id, [itr?.id ?? '', state?.id ?? '']));
  });

  it("dates a deliverable without staff's date by its kind's rule, October 15 once extended", async () => {
    const today = firmToday();
    const rule = dueRulesOf(taxYear);
    const filing = await filingOf(asha);
    const [itr] = await t.database.db
      .insert(deliverables)
      .values({ filingId: filing.id, kind: 'itr', ownerId: analyst.userId })
      .returning();
    const [state] = await t.database.db
      .insert(deliverables)
      .values({ filingId: filing.id, kind: 'state', label: 'NJ', ownerId: analyst.userId, extended: true })
      .returning();
    const listed = async (id: string | undefined) =>
      (await itemsOf('deliverable_due', asha)).find((r) => r.target_id === id)?.due_on ?? null;
    const horizon = addDays(today, 14);
    expect(await listed(itr?.id)).toBe(rule.july <= horizon ? rule.july : null);
    expect(await listed(state?.id)).toBe(rule.october <= horizon ? rule.october : null);
    await t.database.db.delete(deliverables).where(eq(deliverables.filingId, filing.id));
  });
});

describe('staff/work: whose list', () => {
  it("never shows an analyst another analyst's file, and refuses them anyone else's list", async () => {
    await checklistItem(ravi, { status: 'uploaded' });
    const mine = await listOf(analyst);
    expect(mine.some((r) => r.client_id === ravi.clientId)).toBe(false);
    const theirs = await listOf(otherAnalyst, { kind: 'upload_review' });
    expect(theirs.some((r) => r.client_id === ravi.clientId)).toBe(true);

    for (const who of ['unassigned', otherAnalyst.userId]) {
      const res = await t.postAs(analyst.sid, '/api/staff/work/list', { who });
      expect(res.statusCode).toBe(403);
      expect(res.json().status_smessage).toBe(MESSAGES.WORK_OTHERS_ADMIN_ONLY);
      const counts = await t.postAs(analyst.sid, '/api/staff/work/counts', { who });
      expect(counts.statusCode).toBe(403);
    }
    // An admin switches to the other analyst's list.
    const switched = await listOf(admin, { who: otherAnalyst.userId, kind: 'upload_review' });
    expect(switched.map((r) => r.client_id)).toContain(ravi.clientId);
    expect(switched.every((r) => r.owner?.user_id === otherAnalyst.userId)).toBe(true);
    await t.database.db.delete(requestItems).where(eq(requestItems.clientId, ravi.clientId));
  });

  it('refuses a bad `who` or kind with the message, and answers counts for every kind', async () => {
    const bad = await t.postAs(analyst.sid, '/api/staff/work/list', { who: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status_smessage).toBe(MESSAGES.WORK_WHO_INVALID);
    const kind = await t.postAs(analyst.sid, '/api/staff/work/list', { kind: 'coffee' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().status_smessage).toBe(MESSAGES.WORK_KIND_INVALID);
    const counts = await t.postAs(analyst.sid, '/api/staff/work/counts', {});
    expect(counts.json().counts.map((c: { kind: string }) => c.kind)).toHaveLength(9);
    // The firm's day, which the console counts ages from and a snooze must end after.
    expect(counts.json().today).toBe(firmToday());
  });
});

describe('staff/work/snooze', () => {
  it('hides an item until its day, with a note, lists it under snoozed, and wakes it', async () => {
    const item = await checklistItem(asha, { status: 'uploaded' });
    const [listed] = await itemsOf('upload_review', asha);
    const key = listed?.key ?? '';
    expect(key).toMatch(new RegExp(`^upload_review:${item.id}@`));
    const tomorrow = addDays(firmToday(), 1);
    const snooze = await t.postAs(analyst.sid, '/api/staff/work/snooze', {
      key,
      until: tomorrow,
      note: 'Client is sending a corrected copy',
    });
    expect(snooze.statusCode, snooze.body).toBe(200);
    expect(snooze.json().status_smessage).toBe(MESSAGES.WORK_SNOOZED);
    expect(await itemsOf('upload_review', asha)).toEqual([]);
    const snoozed = await listOf(analyst, { snoozed: true });
    expect(snoozed.find((r) => r.key === key)?.snoozed).toEqual({
      until: tomorrow,
      note: 'Client is sending a corrected copy',
    });
    const counts = await t.postAs(analyst.sid, '/api/staff/work/counts', {});
    expect(counts.json().snoozed).toBeGreaterThanOrEqual(1);

    // Sent again (rejected, then a new upload), it is a new item: the snooze of the last one does not hide it.
    await t.database.db
      .update(requestItems)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(requestItems.id, item.id));
    const [again] = await itemsOf('upload_review', asha);
    expect(again?.key).not.toBe(key);
    await t.database.db
      .update(requestItems)
      .set({ updatedAt: item.updatedAt })
      .where(eq(requestItems.id, item.id));
    expect(await itemsOf('upload_review', asha)).toEqual([]);

    // A snooze whose day has come no longer hides it.
    await t.database.db.update(workSnoozes).set({ until: firmToday() }).where(eq(workSnoozes.itemKey, key));
    expect(await itemsOf('upload_review', asha)).toHaveLength(1);

    await t.postAs(analyst.sid, '/api/staff/work/snooze', { key, until: tomorrow });
    const wake = await t.postAs(analyst.sid, '/api/staff/work/snooze', { key, until: null });
    expect(wake.json().status_smessage).toBe(MESSAGES.WORK_WOKEN);
    expect(await itemsOf('upload_review', asha)).toHaveLength(1);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, analyst.userId), sql`${auditLog.action} like 'staff.work.%'`));
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['staff.work.snooze', 'staff.work.wake', 'staff.work.list']),
    );
    await t.database.db.delete(requestItems).where(eq(requestItems.id, item.id));
  });

  it("refuses another analyst's item, an unknown key and a day that is not after today, storing nothing", async () => {
    const theirs = await checklistItem(ravi, { status: 'uploaded' });
    const [listed] = await itemsOf('upload_review', ravi, otherAnalyst);
    const theirKey = listed?.key ?? '';
    const tomorrow = addDays(firmToday(), 1);
    const refused = await t.postAs(analyst.sid, '/api/staff/work/snooze', {
      key: theirKey,
      until: tomorrow,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().status_smessage).toBe(MESSAGES.WORK_ITEM_NOT_FOUND);
    const unknown = await t.postAs(analyst.sid, '/api/staff/work/snooze', {
      key: 'coffee:1',
      until: tomorrow,
    });
    expect(unknown.statusCode).toBe(404);
    const today = await t.postAs(otherAnalyst.sid, '/api/staff/work/snooze', {
      key: theirKey,
      until: firmToday(),
    });
    expect(today.statusCode).toBe(422);
    expect(today.json().status_smessage).toBe(MESSAGES.WORK_SNOOZE_DATE_INVALID);
    const notADay = await t.postAs(otherAnalyst.sid, '/api/staff/work/snooze', {
      key: theirKey,
      until: '2026-02-30',
    });
    expect(notADay.statusCode).toBe(400);
    expect(await t.database.db.select().from(workSnoozes)).toEqual([]);
    // An admin may snooze anyone's.
    const byAdmin = await t.postAs(admin.sid, '/api/staff/work/snooze', {
      key: theirKey,
      until: tomorrow,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    await t.database.db.delete(requestItems).where(eq(requestItems.id, theirs.id));
  });
});
