/**
 * Seasonal staff (issue 36): a last day of access, after which the member cannot sign in, their sessions end,
 * and nobody can give them work; admins see who ends this week, and the access review says who works what.
 */
import { MESSAGES, STAFF_ACCESS_REVIEW_PATH } from '@taxfirm/contract';
import { auditLog, eq, users } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/parse-csv.ts';
import { assignFiling, seedFirm, type Firm } from '../../../test/factories.ts';
import { staffSession, useTestApp } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import { findSession } from '../accounts/sessions.service.ts';

const t = useTestApp();
let firm: Firm;
const today = firmToday();

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'season' });
});

const setEnd = (sid: string, userId: string, day: string | null) =>
  t.postAs(sid, '/api/staff/team/accessend', { user_id: userId, access_ends_on: day });
const memberOf = async (userId: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row;
};
/** Moves a member's last day straight in the database (the call refuses a day already past). */
const endedOn = (userId: string, day: string | null) =>
  t.database.db.update(users).set({ accessEndsOn: day }).where(eq(users.id, userId));
/** The CSV's records as objects by its header. */
const records = (text: string) => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
};
const teamRow = async (userId: string) =>
  (await t.postAs(firm.admin.sid, '/api/staff/team/list', {}))
    .json()
    .staff.find((s: { user_id: string }) => s.user_id === userId);

describe("staff/team/accessend: a seasonal member's last day", () => {
  it('an admin sets it (audited), the team list shows it and whether it ends this week, and removes it', async () => {
    const inFive = addDays(today, 5);
    const res = await setEnd(firm.admin.sid, firm.otherAnalyst.userId, inFive);
    expect(res.statusCode).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.STAFF_ACCESS_END_SAVED);
    expect(await teamRow(firm.otherAnalyst.userId)).toMatchObject({
      access_ends_on: inFive,
      access_ended: false,
      access_ends_this_week: true,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.team.accessend'));
    expect(audits.map((a) => a.subject)).toContain(`${firm.otherAnalyst.userId} none -> ${inFive}`);

    await setEnd(firm.admin.sid, firm.otherAnalyst.userId, addDays(today, 7));
    expect((await teamRow(firm.otherAnalyst.userId)).access_ends_this_week).toBe(false);

    const cleared = await setEnd(firm.admin.sid, firm.otherAnalyst.userId, null);
    expect(cleared.json().status_smessage).toBe(MESSAGES.STAFF_ACCESS_END_CLEARED);
    expect((await memberOf(firm.otherAnalyst.userId))?.accessEndsOn).toBeNull();
  });

  it('refuses a day already past or not a day (400 with the message, nothing stored), and is for admins only', async () => {
    for (const day of [addDays(today, -1), '2026-02-30', 'soon']) {
      const res = await setEnd(firm.admin.sid, firm.otherAnalyst.userId, day);
      expect(res.statusCode).toBe(400);
      expect(res.json().status_smessage).toBe(MESSAGES.STAFF_ACCESS_END_INVALID);
    }
    const byAnalyst = await setEnd(firm.analyst.sid, firm.otherAnalyst.userId, addDays(today, 3));
    expect(byAnalyst.statusCode).toBe(403);
    const self = await setEnd(firm.admin.sid, firm.admin.userId, addDays(today, 3));
    expect(self.json().status_smessage).toBe(MESSAGES.STAFF_NOT_SELF);
    expect((await memberOf(firm.otherAnalyst.userId))?.accessEndsOn).toBeNull();
    expect((await memberOf(firm.admin.userId))?.accessEndsOn).toBeNull();
  });

  it('an invitation can carry the last day; a day already past is refused and nobody is invited', async () => {
    const day = addDays(today, 60);
    const ok = await t.postAs(firm.admin.sid, '/api/staff/team/invite', {
      email: 'seasonal.season@firm.example',
      role: 'analyst',
      first_name: 'Sita',
      last_name: 'Menon',
      access_ends_on: day,
    });
    expect(ok.statusCode).toBe(200);
    const [member] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'seasonal.season@firm.example'));
    expect(member?.accessEndsOn).toBe(day);

    const past = await t.postAs(firm.admin.sid, '/api/staff/team/invite', {
      email: 'late.season@firm.example',
      role: 'analyst',
      first_name: 'Late',
      last_name: 'Member',
      access_ends_on: addDays(today, -3),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual({ access_ends_on: MESSAGES.STAFF_ACCESS_END_INVALID });
    const none = await t.database.db.select().from(users).where(eq(users.email, 'late.season@firm.example'));
    expect(none).toHaveLength(0);
  });
});

describe('after the last day', () => {
  it('the session works through the last day and ends the day after; sign-in is refused like a wrong password', async () => {
    // A member on their last day works; the same session, read on the next day, is gone.
    await endedOn(firm.otherAnalyst.userId, today);
    expect((await t.postAs(firm.otherAnalyst.sid, '/api/staff/me', {})).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await findSession(t.database.db, firm.otherAnalyst.sid, tomorrow)).toBeNull();
    expect(await findSession(t.database.db, firm.otherAnalyst.sid)).not.toBeNull();

    const password = 'a long staff passphrase';
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
      .where(eq(users.id, firm.otherAnalyst.userId));
    await endedOn(firm.otherAnalyst.userId, addDays(today, -1));
    expect((await t.postAs(firm.otherAnalyst.sid, '/api/staff/me', {})).statusCode).toBe(401);
    const login = await t.post('/api/staff/login', { email: 'other.season@firm.example', password });
    const wrong = await t.post('/api/staff/login', {
      email: 'other.season@firm.example',
      password: 'not the passphrase!!',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(wrong.json());
    expect(await teamRow(firm.otherAnalyst.userId)).toMatchObject({ access_ended: true, active: true });
    // With the end removed the same password signs in (to the second step): the end date was the refusal.
    await endedOn(firm.otherAnalyst.userId, null);
    const again = await t.post('/api/staff/login', { email: 'other.season@firm.example', password });
    expect(again.json().step).toBe('enrol');
  });

  it('nobody can give them work: gone from the analyst picker, an assignment to them is refused', async () => {
    await endedOn(firm.otherAnalyst.userId, addDays(today, -1));
    const picker = (await t.postAs(firm.admin.sid, '/api/staff/members/list', {})).json().staff;
    expect(picker.map((s: { user_id: string }) => s.user_id)).not.toContain(firm.otherAnalyst.userId);
    const assign = await t.postAs(firm.admin.sid, '/api/staff/clients/assign', {
      client_id: firm.ravi.clientId,
      taxy: firm.taxYear,
      analyst_id: firm.otherAnalyst.userId,
    });
    expect(assign.statusCode).toBe(400);
    expect(assign.json().status_smessage).toBe(MESSAGES.ANALYST_INVALID);
    await endedOn(firm.otherAnalyst.userId, null);
  });
});

describe('the access review (CSV)', () => {
  it('says who can work which files: admins every file, an analyst their own files and the triage queue, an ended member none', async () => {
    await assignFiling(t, firm.asha, firm.analyst, 'Preparation Pending');
    await assignFiling(t, firm.ravi, firm.otherAnalyst, 'Preparation Pending');
    await endedOn(firm.otherAnalyst.userId, addDays(today, -1));
    const res = await t.getAs(firm.admin.sid, STAFF_ACCESS_REVIEW_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`access-review-${today}.csv`);
    const rows = records(res.body);
    const of = (email: string) => rows.filter((r) => r['E-mail'] === email);

    expect(of('admin.season@firm.example')).toEqual([
      expect.objectContaining({ Role: 'admin', Access: 'active', Files: 'every file' }),
    ]);
    const analyst = of('analyst.season@firm.example');
    expect(analyst.map((r) => r.Files)).toEqual(['unassigned files in To Be Assigned (to take)', 'assigned']);
    expect(analyst[1]).toMatchObject({
      Client: 'Asha Rao',
      'Tax year': String(firm.taxYear),
      Status: 'Preparation Pending',
    });
    // Ravi's file is the other analyst's, whose access has ended: they work nothing, and nobody else lists it.
    expect(of('other.season@firm.example')).toEqual([
      expect.objectContaining({ Access: 'access ended', Files: 'none' }),
    ]);
    expect(rows.filter((r) => r.Client === 'Ravi Kumar')).toHaveLength(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.export.accessreview'));
    expect(audits).toHaveLength(1);
    await endedOn(firm.otherAnalyst.userId, null);
  });

  it('is for admins who manage the team: an analyst, a client and an offshore admin get 403', async () => {
    const offshore = await staffSession(t, 'offshore.season@firm.example', 'admin');
    await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshore.userId));
    const refused = await t.getAs(offshore.sid, STAFF_ACCESS_REVIEW_PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Asha');
    expect((await t.getAs(firm.analyst.sid, STAFF_ACCESS_REVIEW_PATH)).statusCode).toBe(403);
    expect((await t.getAs(firm.asha.sid, STAFF_ACCESS_REVIEW_PATH)).statusCode).toBe(403);
  });
});
