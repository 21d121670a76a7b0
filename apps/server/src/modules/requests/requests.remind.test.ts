import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, eq, invoices, requestItemEvents } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import type { StaffSession } from '../../../test/helpers.ts';
import { useReminderFixtures } from './testing/reminder-fixtures.ts';

/** Staff "Remind now": the same reminder as the scheduled one, sent at once. */
const f = useReminderFixtures();
const { t, clientIn, addItems, remindersTo, loggedReminders } = f;
let admin: StaffSession;
let analyst: StaffSession;
let otherAnalyst: StaffSession;
beforeAll(() => {
  ({ admin, analyst, otherAnalyst } = f);
});

describe('staff/requests/remind', () => {
  const remind = (sid: string, clientId: string) =>
    t.postAs(sid, '/api/staff/requests/remind', { client_id: clientId });

  it("sends the assigned analyst's reminder now, logged as manual, and audited", async () => {
    const client = await clientIn('manual');
    const now = new Date();
    await addItems(client, now, [
      { title: 'W-2 from Wayne Enterprises', type: 'w2' },
      { title: 'Form 16 from TCS', type: 'form-16', status: 'accepted' },
    ]);
    const res = await remind(analyst.sid, client.clientId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.REQUEST_REMINDED);
    const [mail] = await remindersTo(client);
    expect(mail?.text).toContain('W-2 from Wayne Enterprises');
    expect(mail?.text).not.toContain('Form 16');
    const [logged] = await loggedReminders(client);
    expect(logged).toMatchObject({
      manual: true,
      sentBy: analyst.userId,
      itemTitles: ['W-2 from Wayne Enterprises'],
    });
    const events = await t.database.db
      .select()
      .from(requestItemEvents)
      .where(and(eq(requestItemEvents.clientId, client.clientId), eq(requestItemEvents.action, 'reminded')));
    expect(events).toEqual([expect.objectContaining({ actorKind: 'staff', actorId: analyst.userId })]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.requests.remind'), eq(auditLog.clientId, client.clientId)));
    expect(audits).toEqual([expect.objectContaining({ actorUserId: analyst.userId, ip: '127.0.0.1' })]);

    // Pressed again at once: refused (429), no second e-mail; another staff member (the admin) may.
    const again = await remind(analyst.sid, client.clientId);
    expect(again.statusCode).toBe(429);
    expect(await remindersTo(client)).toHaveLength(1);
    expect((await remind(admin.sid, client.clientId)).statusCode).toBe(200);
    expect(await remindersTo(client)).toHaveLength(2);
  });

  it("refuses another analyst's file (403), a client session (403) and an unknown client (404), sending nothing", async () => {
    const client = await clientIn('notyours');
    await addItems(client, new Date(), [{ title: 'W-2 from Stark Industries', type: 'w2' }]);
    const res = await remind(otherAnalyst.sid, client.clientId);
    expect(res.statusCode).toBe(403);
    expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
    expect((await remind(client.sid, client.clientId)).statusCode).toBe(403);
    const unknown = await remind(admin.sid, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(await remindersTo(client)).toEqual([]);
    const logged = await loggedReminders(client);
    expect(logged).toEqual([]);
  });

  it('answers 409 when nothing is open (a later item with its day ahead counts as not open)', async () => {
    const client = await clientIn('nothingopen');
    await addItems(client, new Date(), [
      { title: 'W-2 from Pied Piper', type: 'w2', status: 'accepted' },
      { title: 'K-1', type: 'k-1', status: 'later', laterDate: '2999-01-01' },
      { title: 'Removed', removedAt: new Date() },
    ]);
    const res = await remind(analyst.sid, client.clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_NOTHING_OPEN);
    expect(await remindersTo(client)).toEqual([]);
  });

  it('"Remind now" includes overdue invoices, and reminds with nothing else open', async () => {
    const client = await clientIn('remindpay', 'Review Pending');
    const invoice = await makeInvoice(t.database.db, {
      clientId: client.clientId,
      taxYear: client.taxYear,
      totalCents: 35000,
      dueDate: '2020-01-15',
    });
    const res = await remind(analyst.sid, client.clientId);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await remindersTo(client);
    expect(mail?.text).toContain(`• Pay: Invoice ${invoice.number} ($350.00 due)`);
    const [logged] = await loggedReminders(client);
    expect(logged).toMatchObject({
      manual: true,
      itemTitles: [`Pay: Invoice ${invoice.number} ($350.00 due)`],
    });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.remindersSent).toBe(1);
  });

  it('refuses a malformed body with a 400', async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/requests/remind', { client_id: 'nope' });
    expect(res.statusCode).toBe(400);
  });
});
