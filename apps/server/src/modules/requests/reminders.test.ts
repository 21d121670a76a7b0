import {
  and,
  eq,
  inArray,
  invoices,
  requestItemEvents,
  requestItems,
  signatureDocuments,
  sql,
  users,
} from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import { CHECKLIST_PATH } from './reminders.service.ts';
import { APP_URL, at, useReminderFixtures } from './testing/reminder-fixtures.ts';

/** The scheduled pass: who is reminded of what, when, and what the e-mail says. */
const { t, clientIn, addItems, remindersTo, loggedReminders, itemOf, addDocumentsToSign, documentOf, pass } =
  useReminderFixtures();

describe('the reminder schedule', () => {
  it('reminds at day 3 listing only open items, then weekly, and stops at the maximum', async () => {
    const client = await clientIn('schedule');
    const t0 = new Date('2026-02-02T15:00:00Z');
    const [acme, chase] = await addItems(client, t0, [
      { title: 'W-2 from Acme Corp', type: 'w2' },
      { title: '1099-INT from Chase', type: '1099-int', status: 'rejected', reason: 'Page 2 is missing' },
      { title: 'Form 16 from Infosys', status: 'accepted' },
      { title: 'Prior-year return', status: 'not_applicable' },
      { title: 'Brokerage statement', status: 'uploaded' },
      { title: 'A removed item', removedAt: t0 },
    ]);

    expect((await pass(at(t0, 3, -1))).filingIds).not.toContain(client.filingId);
    expect(await remindersTo(client)).toEqual([]);

    const first = await pass(at(t0, 3));
    expect(first.filingIds).toContain(client.filingId);
    const [mail] = await remindersTo(client);
    expect(mail?.subject).toBe(`We still need 2 documents for your ${client.taxYear} return`);
    expect(mail?.text).toContain('• W-2 from Acme Corp');
    expect(mail?.text).toContain('• 1099-INT from Chase');
    for (const closed of ['Form 16', 'Prior-year return', 'Brokerage statement', 'A removed item']) {
      expect(mail?.text).not.toContain(closed);
      expect(mail?.html).not.toContain(closed);
    }
    expect(mail?.text).toContain(`${APP_URL}${CHECKLIST_PATH}`);
    expect(await itemOf(acme?.id)).toMatchObject({ remindersSent: 1, lastRemindedAt: at(t0, 3) });
    expect(await itemOf(chase?.id)).toMatchObject({ remindersSent: 1, status: 'rejected' });

    const logged = await loggedReminders(client);
    expect(logged).toEqual([
      expect.objectContaining({
        manual: false,
        sentBy: null,
        itemTitles: ['W-2 from Acme Corp', '1099-INT from Chase'],
        createdAt: at(t0, 3),
      }),
    ]);
    const events = await t.database.db
      .select()
      .from(requestItemEvents)
      .where(and(eq(requestItemEvents.clientId, client.clientId), eq(requestItemEvents.action, 'reminded')));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.actorKind === 'system' && e.actorId === null)).toBe(true);

    // The same moment again (a second pass, a restarted instance): nothing more.
    await pass(at(t0, 3));
    expect(await remindersTo(client)).toHaveLength(1);

    // Then every 7 days from the last one.
    await pass(at(t0, 10, -1));
    expect(await remindersTo(client)).toHaveLength(1);
    await pass(at(t0, 10));
    expect(await remindersTo(client)).toHaveLength(2);
    for (const day of [17, 24, 31]) await pass(at(t0, day));
    expect(await remindersTo(client)).toHaveLength(5);
    expect(await itemOf(acme?.id)).toMatchObject({ remindersSent: 5 });

    // At most 5 (the default): never again, however long the items stay open.
    for (const day of [38, 45, 100]) await pass(at(t0, day));
    expect(await remindersTo(client)).toHaveLength(5);
  });

  it('stops the moment nothing is open', async () => {
    const client = await clientIn('allin');
    const t0 = new Date('2026-03-02T15:00:00Z');
    const [w2] = await addItems(client, t0, [{ title: 'W-2 from Globex', type: 'w2' }]);
    await pass(at(t0, 3));
    expect(await remindersTo(client)).toHaveLength(1);
    await t.database.db
      .update(requestItems)
      .set({ status: 'uploaded' })
      .where(eq(requestItems.id, w2?.id ?? ''));
    for (const day of [10, 17, 24]) await pass(at(t0, day));
    expect(await remindersTo(client)).toHaveLength(1);
  });

  it("neither lists nor is triggered by a 'later' item before its day, and reminds of it once the day comes", async () => {
    const client = await clientIn('later');
    // 09:00 in Chicago.
    const t0 = new Date('2026-04-01T14:00:00Z');
    const [w2, k1] = await addItems(client, t0, [
      { title: 'W-2 from Initech', type: 'w2' },
      { title: 'K-1 from the partnership', type: 'k-1', status: 'later', laterDate: '2026-04-20' },
    ]);

    await pass(at(t0, 3));
    const [first] = await remindersTo(client);
    expect(first?.text).toContain('W-2 from Initech');
    expect(first?.text).not.toContain('K-1');
    expect(await itemOf(k1?.id)).toMatchObject({ remindersSent: 0, lastRemindedAt: null });

    // The W-2 arrives: only the item put off is left, and its day is still ahead.
    await t.database.db
      .update(requestItems)
      .set({ status: 'uploaded' })
      .where(eq(requestItems.id, w2?.id ?? ''));
    await pass(at(t0, 10));
    await pass(at(t0, 17));
    expect(await remindersTo(client)).toHaveLength(1);

    // 2026-04-20 03:00 UTC is still the 19th in the firm's time zone (Chicago): not yet.
    await pass(new Date('2026-04-20T03:00:00Z'));
    expect(await remindersTo(client)).toHaveLength(1);
    // Its day has come in Chicago: it is due (requested more than 3 days ago) and listed alone.
    await pass(new Date('2026-04-20T06:00:00Z'));
    const mails = await remindersTo(client);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`We still need 1 document for your ${client.taxYear} return`);
    expect(mails[1]?.text).toContain('• K-1 from the partnership');
    expect(mails[1]?.text).not.toContain('Initech');
    expect(await itemOf(k1?.id)).toMatchObject({ remindersSent: 1 });
  });

  it('follows the schedule the firm set, and sends nothing when it sets the maximum to 0', async () => {
    const client = await clientIn('firmschedule');
    const t0 = new Date('2026-05-04T15:00:00Z');
    await addItems(client, t0, [{ title: '1098 from the bank', type: '1098' }]);
    await t.database.db.execute(
      sql`update site_settings set reminder_first_days = 1, reminder_every_days = 2, reminder_max = 2`,
    );
    try {
      await pass(at(t0, 1));
      await pass(at(t0, 2));
      expect(await remindersTo(client)).toHaveLength(1);
      await pass(at(t0, 3));
      await pass(at(t0, 5));
      expect(await remindersTo(client)).toHaveLength(2);

      const off = await clientIn('remindersoff');
      await addItems(off, t0, [{ title: 'ID or passport', type: 'id' }]);
      await t.database.db.execute(sql`update site_settings set reminder_max = 0`);
      await pass(at(t0, 30));
      expect(await remindersTo(off)).toEqual([]);
    } finally {
      await t.database.db.execute(
        sql`update site_settings set reminder_first_days = 3, reminder_every_days = 7, reminder_max = 5`,
      );
    }
  });

  it('skips filings past collecting documents and clients whose e-mail is not verified', async () => {
    const t0 = new Date('2026-06-01T15:00:00Z');
    const preparing = await clientIn('preparing', 'Preparation Pending');
    const unverified = await clientIn('unverified');
    await t.database.db.update(users).set({ verifiedAt: null }).where(eq(users.id, unverified.userId));
    await addItems(preparing, t0, [{ title: 'W-2 from Umbrella', type: 'w2' }]);
    await addItems(unverified, t0, [{ title: 'W-2 from Hooli', type: 'w2' }]);
    const result = await pass(at(t0, 3));
    expect(result.filingIds).not.toContain(preparing.filingId);
    expect(result.filingIds).not.toContain(unverified.filingId);
    expect(await remindersTo(preparing)).toEqual([]);
    expect(await remindersTo(unverified)).toEqual([]);
  });

  it('reminds of a document waiting for a signature at any status, in the same e-mail and log row', async () => {
    const t0 = new Date('2026-09-01T15:00:00Z');
    // Past collecting documents (a Form 8879 is signed late): its open items are not reminded, the document is.
    const client = await clientIn('tosign', 'Confirmation Pending');
    await addItems(client, t0, [{ title: 'W-2 from Initech', type: 'w2' }]);
    const [letter, form] = await addDocumentsToSign(client, 'test', [
      { title: 'Engagement letter 2025', kind: 'engagement', requestedAt: t0 },
      // The 8879 was put up a day later: not yet due at day 3.
      { title: 'Form 8879 for 2025', kind: '8879', requestedAt: at(t0, 1) },
      { title: 'Withdrawn letter', kind: 'other', status: 'void', requestedAt: t0 },
    ]);

    expect((await pass(at(t0, 3, -1))).filingIds).not.toContain(client.filingId);
    expect((await pass(at(t0, 3))).filingIds).toContain(client.filingId);
    const [mail] = await remindersTo(client);
    expect(mail?.text).toContain('• Sign: Engagement letter 2025');
    expect(mail?.text).toContain('• Sign: Form 8879 for 2025');
    // Nothing to upload: the subject counts items, not documents.
    expect(mail?.subject).toBe(`We still need 2 items for your ${client.taxYear} return`);
    expect(mail?.text).not.toContain('Initech');
    expect(mail?.text).not.toContain('Withdrawn letter');
    const logged = await loggedReminders(client);
    expect(logged.map((row) => row.itemTitles)).toEqual([
      ['Sign: Engagement letter 2025', 'Sign: Form 8879 for 2025'],
    ]);
    // Only the due one is counted; the other keeps its own schedule.
    expect(await documentOf(letter?.id)).toMatchObject({ remindersSent: 1, lastRemindedAt: at(t0, 3) });
    expect(await documentOf(form?.id)).toMatchObject({ remindersSent: 0, lastRemindedAt: null });

    await pass(at(t0, 4));
    expect(await remindersTo(client)).toHaveLength(2);
    expect(await documentOf(form?.id)).toMatchObject({ remindersSent: 1 });

    // Signed (or void, or paper): no longer reminded.
    await t.database.db
      .update(signatureDocuments)
      .set({ status: 'paper' })
      .where(inArray(signatureDocuments.id, [letter?.id ?? '', form?.id ?? '']));
    for (const day of [10, 11, 20]) await pass(at(t0, day));
    expect(await remindersTo(client)).toHaveLength(2);
  });

  it('neither reminds of nor lists a document locked after too many wrong codes, until staff reopen it', async () => {
    const t0 = new Date('2026-09-05T15:00:00Z');
    const client = await clientIn('locked', 'Confirmation Pending');
    const [locked, open] = await addDocumentsToSign(client, 'locked', [
      { title: 'Locked Form 8879', kind: '8879', requestedAt: t0, lockedAt: at(t0, 1) },
      // The letter was put up two days later: due at day 5, when the locked one is still locked.
      { title: 'Engagement letter', kind: 'engagement', requestedAt: at(t0, 2) },
    ]);

    // Locked and alone: no reminder at its day, nor after.
    for (const day of [3, 4]) expect((await pass(at(t0, day))).filingIds).not.toContain(client.filingId);
    expect(await remindersTo(client)).toEqual([]);
    expect(await documentOf(locked?.id)).toMatchObject({ remindersSent: 0, lastRemindedAt: null });

    // Another document's reminder does not list it, nor count it.
    expect((await pass(at(t0, 5))).filingIds).toContain(client.filingId);
    const [mail] = await remindersTo(client);
    expect(mail?.text).toContain('• Sign: Engagement letter');
    expect(mail?.text).not.toContain('Locked Form 8879');
    expect(await documentOf(open?.id)).toMatchObject({ remindersSent: 1 });
    expect(await documentOf(locked?.id)).toMatchObject({ remindersSent: 0 });

    // Staff reopen it (locked_at cleared): reminded again on its schedule.
    await t.database.db
      .update(signatureDocuments)
      .set({ lockedAt: null })
      .where(eq(signatureDocuments.id, locked?.id ?? ''));
    expect((await pass(at(t0, 6))).filingIds).toContain(client.filingId);
    const mails = await remindersTo(client);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('• Sign: Locked Form 8879');
    expect(await documentOf(locked?.id)).toMatchObject({ remindersSent: 1, lastRemindedAt: at(t0, 6) });
  });

  it('reminds of an overdue invoice from its due date, listed as "Pay: …" in the same e-mail and log row', async () => {
    // At 05:00 UTC it is midnight in Chicago (daylight time): the firm's day starts.
    const dueDay = '2026-09-01';
    const midnight = new Date('2026-09-01T05:00:00Z');
    const client = await clientIn('overdue', 'Review Pending');
    const invoice = (status: 'draft' | 'sent' | 'paid' | 'void', dueDate: string, totalCents = 35000) =>
      makeInvoice(t.database.db, {
        clientId: client.clientId,
        taxYear: client.taxYear,
        totalCents,
        status,
        dueDate,
      });
    const partly = await invoice('sent', dueDay);
    await t.database.db
      .update(invoices)
      .set({ status: 'partly_paid', paidCents: 20000 })
      .where(eq(invoices.id, partly.id));
    const later = await invoice('sent', '2026-09-10', 12000);
    const paid = await invoice('paid', dueDay);
    await t.database.db.update(invoices).set({ paidCents: 35000 }).where(eq(invoices.id, paid.id));
    await invoice('draft', dueDay);
    await invoice('void', dueDay);
    const invoiceOf = async (id: string) =>
      (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
    const payLine = `Pay: Invoice ${partly.number} ($150.00 due)`;

    // Day 3 after the due date, in the firm's time zone: not a minute before.
    expect((await pass(at(midnight, 3, -1))).filingIds).not.toContain(client.filingId);
    expect((await pass(at(midnight, 3))).filingIds).toContain(client.filingId);
    const [first] = await remindersTo(client);
    expect(first?.text).toContain(`• ${payLine}`);
    expect(first?.subject).toBe(`We still need 1 item for your ${client.taxYear} return`);
    expect(first?.text).toContain('sign and pay in your client portal');
    for (const other of [later, paid]) expect(first?.text).not.toContain(other.number);
    expect(first?.text).not.toMatch(/INV-\d{4}-\d{4} \(\$350\.00/);
    const logged = async () => (await loggedReminders(client)).map((row) => row.itemTitles);
    expect(await logged()).toEqual([[payLine]]);
    expect(await invoiceOf(partly.id)).toMatchObject({ remindersSent: 1, lastRemindedAt: at(midnight, 3) });

    // A week later: reminded again; the other invoice, overdue since the 10th, is listed but not yet counted.
    expect((await pass(at(midnight, 9))).filingIds).not.toContain(client.filingId);
    expect((await pass(at(midnight, 10))).filingIds).toContain(client.filingId);
    expect(await logged()).toEqual([[payLine], [payLine, `Pay: Invoice ${later.number} ($120.00 due)`]]);
    expect(await invoiceOf(partly.id)).toMatchObject({ remindersSent: 2 });
    expect(await invoiceOf(later.id)).toMatchObject({ remindersSent: 0, lastRemindedAt: null });

    // Paid: no longer listed nor reminded; the other keeps its own schedule (due on the 10th + 3 days).
    await t.database.db
      .update(invoices)
      .set({ status: 'paid', paidCents: 35000 })
      .where(eq(invoices.id, partly.id));
    expect((await pass(at(midnight, 12))).filingIds).toContain(client.filingId);
    expect((await logged()).at(-1)).toEqual([`Pay: Invoice ${later.number} ($120.00 due)`]);
    expect(await invoiceOf(partly.id)).toMatchObject({ remindersSent: 2 });
  });

  it('writes titles and the link only: no note, no document content, no identity number', async () => {
    const client = await clientIn('private');
    const t0 = new Date('2026-07-01T15:00:00Z');
    await addItems(client, t0, [
      { title: 'ITIN documents', type: 'itin', note: 'Spouse SSN 123-45-6789 is on page 2' },
      { title: 'Bank statement (NRE)', type: 'bank-nre-nro', reason: 'Account 0012345678 was cut off' },
    ]);
    await pass(at(t0, 3));
    const [mail] = await remindersTo(client);
    expect(mail?.text).toContain('ITIN documents');
    expect(mail?.text).toContain('Bank statement (NRE)');
    for (const body of [mail?.text ?? '', mail?.html ?? '', mail?.subject ?? '']) {
      expect(body).not.toMatch(/\d{3}-\d{2}-\d{4}/);
      expect(body).not.toContain('page 2');
      expect(body).not.toContain('0012345678');
    }
    const links = (mail?.text ?? '').match(/https?:\/\/\S+/g);
    expect(links).toEqual([`${APP_URL}${CHECKLIST_PATH}`]);
  });
});
