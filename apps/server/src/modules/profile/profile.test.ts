import { auditLog, clients, dependents, eq, filings, spouses, taxpayerProfiles } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { TAXPAYER as TAXPAYER_SAMPLE } from '../../../test/samples.ts';
import { expectFieldErrors } from '../../../test/answers.ts';

const t = useTestApp();
let asha: { sid: string; clientId: string; userId: string };
let ravi: { sid: string; clientId: string; userId: string };
beforeAll(async () => {
  asha = await signUpAndLogIn(t, 'asha.profile@example.com', { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.profile@example.com', { first: 'Ravi', last: 'Kumar' });
});

const TAXPAYER = { unique_code: 'x', ...TAXPAYER_SAMPLE, email: 'someone.else@example.com' };

describe('the taxpayer section', () => {
  it('starts from the registration details, with the login e-mail', async () => {
    const res = await t.postAs(asha.sid, '/api/user/taxpayerinfo', { user_id: ravi.userId });
    expect(res.json().tinfo).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha.profile@example.com',
      phone: '4695550100',
      ssnitin: null,
    });
  });

  it('saves, answers the SSN masked and the date as MM-DD-YYYY, and keeps no SSN in clear', async () => {
    const save = await t.postAs(asha.sid, '/api/user/savetaxpayer', TAXPAYER);
    expect(save.statusCode).toBe(200);
    expect(save.json().status_smessage).toBe('Your details have been saved.');
    const { tinfo } = (await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json();
    expect(tinfo).toMatchObject({
      ssnitin: '***-**-6789',
      dob: '04-15-1988',
      filling_status: 'Married Filing Jointly',
      // The e-mail is always the login's, not what the body said.
      email: 'asha.profile@example.com',
    });
    const rows = JSON.stringify(await t.database.db.select().from(taxpayerProfiles));
    expect(rows).not.toContain('123456789');
    expect(rows).not.toContain('123-45-6789');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.clientId, asha.clientId));
    expect(audit.map((a) => a.subject)).toContain('taxpayer');
    expect(JSON.stringify(audit)).not.toContain('6789');
  });

  it('keeps the stored number when the field is left blank, and replaces it when typed again', async () => {
    await t.postAs(asha.sid, '/api/user/savetaxpayer', { ...TAXPAYER, ssnitin: '' });
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.ssnitin).toBe('***-**-6789');
    await t.postAs(asha.sid, '/api/user/savetaxpayer', { ...TAXPAYER, ssnitin: '912-70-1234' });
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.ssnitin).toBe('***-**-1234');
  });

  it("refuses the spec's invalid input with its messages, changing nothing", async () => {
    const res = await t.postAs(asha.sid, '/api/user/savetaxpayer', {
      ...TAXPAYER,
      first_name: 'A5ha',
      last_name: '',
      ssnitin: '12345',
    });
    expectFieldErrors(res, {
      first_name: 'First name should consist of Alphabets only',
      last_name: 'Last name is required',
      ssnitin: 'SSN/ITIN must be 9 digits',
    });
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.first_name).toBe('Asha');
  });
});

describe("one client never reaches another's profile", () => {
  it('reads and writes only the session’s client, whatever ids the body carries', async () => {
    const theirs = await t.postAs(ravi.sid, '/api/user/taxpayerinfo', {
      user_id: asha.userId,
      client_id: asha.clientId,
    });
    expect(theirs.json().tinfo).toMatchObject({
      first_name: 'Ravi',
      email: 'ravi.profile@example.com',
      ssnitin: null,
    });
    await t.postAs(ravi.sid, '/api/user/savespouse', {
      s_user_id: asha.userId,
      first_name: 'Priya',
      last_name: 'Kumar',
    });
    await t.postAs(ravi.sid, '/api/user/savedependents', {
      d_user_id: asha.userId,
      dependentinfo: [{ first_name: 'Anu', last_name: 'Kumar' }],
    });
    const ashaSpouse = await t.database.db.select().from(spouses).where(eq(spouses.clientId, asha.clientId));
    const ashaDependents = await t.database.db
      .select()
      .from(dependents)
      .where(eq(dependents.clientId, asha.clientId));
    expect(ashaSpouse).toHaveLength(0);
    expect(ashaDependents).toHaveLength(0);
    const raviSpouse = await t.database.db.select().from(spouses).where(eq(spouses.clientId, ravi.clientId));
    expect(raviSpouse[0]?.firstName).toBe('Priya');
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.first_name).toBe('Asha');
  });

  it('answers 401 without a session', async () => {
    const res = await t.post('/api/user/taxpayerinfo', { user_id: asha.userId });
    expect(res.statusCode).toBe(401);
    expect(res.json().status_smessage).toBe('Unauthorized access');
  });
});

describe('spouse, dependents and employers', () => {
  it('saves the spouse with a masked SSN and checks the date format', async () => {
    const bad = await t.postAs(asha.sid, '/api/user/savespouse', {
      first_name: 'Vik',
      last_name: 'Rao',
      dob: '1988-04-15',
    });
    expect(bad.json().details).toEqual({ dob: 'Invalid date format. Please use MM-DD-YYYY.' });
    await t.postAs(asha.sid, '/api/user/savespouse', {
      first_name: 'Vik',
      last_name: 'Rao',
      ssn: '987654321',
      dob: '01-02-1987',
    });
    expect((await t.postAs(asha.sid, '/api/user/spouseinfo')).json().sinfo).toEqual({
      first_name: 'Vik',
      last_name: 'Rao',
      ssn: '***-**-4321',
      occupation: null,
      dob: '01-02-1987',
      visa_type: null,
    });
  });

  it('replaces the dependents list, keeps a blank number for the same dependent, and refuses a seventh', async () => {
    const anika = { first_name: 'Anika', last_name: 'Rao', ssn: '111-22-3333', occupation: 'Daughter' };
    const dev = { first_name: 'Dev', last_name: 'Rao', ssn: '944-55-6666', dob: '05-06-2015' };
    await t.postAs(asha.sid, '/api/user/savedependents', { dependentinfo: [anika, dev] });
    const stored = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo;
    expect(stored.map((d: { ssn: string }) => d.ssn)).toEqual(['***-**-3333', '***-**-6666']);

    // Anika is removed; Dev moves up with his number left blank and keeps his own, not hers.
    await t.postAs(asha.sid, '/api/user/savedependents', {
      dependentinfo: [{ ...dev, id: stored[1].id, ssn: '' }],
    });
    const after = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo;
    // The same dependent keeps its id, so a form still open elsewhere saves onto it.
    expect(after[0].id).toBe(stored[1].id);
    expect(after).toEqual([
      {
        id: expect.any(String),
        first_name: 'Dev',
        last_name: 'Rao',
        ssn: '***-**-6666',
        occupation: null,
        dob: '05-06-2015',
        visa_type: null,
      },
    ]);
    // A blank number on a row with no id (a new dependent) stores none.
    await t.postAs(asha.sid, '/api/user/savedependents', {
      dependentinfo: [
        { ...dev, id: after[0].id, ssn: '' },
        { ...anika, ssn: '' },
      ],
    });
    expect(
      (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo.map((d: { ssn: string }) => d.ssn),
    ).toEqual(['***-**-6666', null]);

    const seven = Array.from({ length: 7 }, (_, i) => ({ first_name: `Kid${i}`, last_name: 'Rao' }));
    const res = await t.postAs(asha.sid, '/api/user/savedependents', { dependentinfo: seven });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_smessage).toBe('You can add at most 6 dependents.');
    expect((await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo).toHaveLength(2);
    const raw = JSON.stringify(await t.database.db.select().from(dependents));
    expect(raw).not.toContain('111223333');
    expect(raw).not.toContain('944556666');
  });

  it("never lends another client's stored number to a row that names their dependent's id", async () => {
    const ashas = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo;
    expect(ashas[0].ssn).toBe('***-**-6666');
    const res = await t.postAs(ravi.sid, '/api/user/savedependents', {
      dependentinfo: [{ id: ashas[0].id, first_name: 'Anu', last_name: 'Kumar', ssn: '' }],
    });
    expect(res.statusCode).toBe(200);
    expect((await t.postAs(ravi.sid, '/api/user/dependentinfo')).json().dinfo[0].ssn).toBeNull();
    expect((await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo).toEqual(ashas);
  });

  it('saves employers in order and refuses an end before the start', async () => {
    const bad = await t.postAs(asha.sid, '/api/user/saveemployer', {
      emploerinfo: [
        {
          company_name: 'Acme',
          client_name: 'Globex',
          proj_start_date: '03-01-2024',
          proj_end_date: '02-01-2024',
        },
      ],
    });
    expect(bad.json().details).toEqual({
      'emploerinfo.0.proj_end_date': 'Project end date cannot be before the start date.',
    });
    const list = [
      {
        company_name: 'Acme',
        client_name: 'Globex',
        proj_start_date: '01-01-2024',
        proj_end_date: '06-30-2024',
      },
      {
        company_name: 'Initech',
        client_name: 'Umbrella',
        proj_start_date: '07-01-2024',
        proj_end_date: '12-31-2024',
      },
    ];
    await t.postAs(asha.sid, '/api/user/saveemployer', { user_id: ravi.userId, emploerinfo: list });
    expect((await t.postAs(asha.sid, '/api/user/employerinfo')).json().empinfo).toEqual(list);
    expect((await t.postAs(ravi.sid, '/api/user/employerinfo')).json().empinfo).toEqual([]);
  });
});

describe('revealing a stored number', () => {
  beforeAll(async () => {
    // A reveal needs a fresh step-up of the session (F-15; step-up.test.ts tests the refusal without it).
    for (const sid of [asha.sid, ravi.sid]) {
      const res = await t.postAs(sid, '/api/account/stepup', { password: 'a long test password' });
      if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.body}`);
    }
  });

  it("shows the client's own number in full and writes the reveal to the audit log", async () => {
    const res = await t.postAs(asha.sid, '/api/account/revealssn', { section: 'taxpayer' });
    expect(res.json().ssn).toBe('912-70-1234');
    const dependent = await t.postAs(asha.sid, '/api/account/revealssn', { section: 'dependent', index: 0 });
    expect(dependent.json().ssn).toBe('944-55-6666');
    const [dev] = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo;
    const byId = await t.postAs(asha.sid, '/api/account/revealssn', { section: 'dependent', id: dev.id });
    expect(byId.json().ssn).toBe('944-55-6666');
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ssn.reveal'));
    expect(rows.map((r) => [r.actorUserId, r.clientId, r.subject])).toEqual([
      [asha.userId, asha.clientId, 'taxpayer.ssn'],
      [asha.userId, asha.clientId, 'dependents.#0.ssn'],
      [asha.userId, asha.clientId, `dependents.${dev.id}.ssn`],
    ]);
    expect(rows[0]?.ip).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('1234');
  });

  it("never reveals another client's number, and says when none is stored", async () => {
    const res = await t.postAs(ravi.sid, '/api/account/revealssn', {
      section: 'taxpayer',
      client_id: asha.clientId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_smessage).toBe('No SSN/ITIN is stored here.');
    expect(res.body).not.toContain('1234');

    // With numbers of his own stored, he still gets only his own, whatever the body names.
    await t.postAs(ravi.sid, '/api/user/savetaxpayer', {
      ...TAXPAYER,
      first_name: 'Ravi',
      last_name: 'Kumar',
      ssnitin: '555-12-3456',
    });
    const ashasDependent = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo[0];
    const own = await t.postAs(ravi.sid, '/api/account/revealssn', {
      section: 'taxpayer',
      user_id: asha.userId,
    });
    expect(own.json().ssn).toBe('555-12-3456');
    const theirs = await t.postAs(ravi.sid, '/api/account/revealssn', {
      section: 'dependent',
      id: ashasDependent.id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('6666');
  });
});

describe('the editing lock', () => {
  it('refuses saves once the filing reaches Preparation Pending, and says why', async () => {
    await t.database.db
      .update(filings)
      .set({ status: 'Preparation Pending' })
      .where(eq(filings.clientId, asha.clientId));
    const res = await t.postAs(asha.sid, '/api/user/savetaxpayer', { ...TAXPAYER, first_name: 'Changed' });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(
      'Your profile can no longer be changed while we prepare your return. Please contact us to make a change.',
    );
    expect(res.json().code).toBe('PROFILE_LOCKED');
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.first_name).toBe('Asha');
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, asha.clientId));
    expect(client).toBeDefined();
  });

  it("tells the page the filing's current status and whether editing is open", async () => {
    const open = (await t.postAs(ravi.sid, '/api/user/taxpayerinfo')).json();
    expect(open).toMatchObject({ filestatus: 'To Be Assigned', editable: true });
    await t.database.db
      .update(filings)
      .set({ status: 'Other Docs Pending' })
      .where(eq(filings.clientId, ravi.clientId));
    expect((await t.postAs(ravi.sid, '/api/user/taxpayerinfo')).json()).toMatchObject({
      filestatus: 'Other Docs Pending',
      editable: true,
    });
    // asha's filing was moved to Preparation Pending above.
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json()).toMatchObject({
      filestatus: 'Preparation Pending',
      editable: false,
    });
  });

  it('refuses a save that races a status change: the lock is checked inside the save, not before it', async () => {
    const kiran = await signUpAndLogIn(t, 'kiran.race@example.com', { first: 'Kiran', last: 'Shah' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Staff move the filing out of the editable statuses in a transaction that has not committed yet.
    const change = t.database.db.transaction(async (tx) => {
      await tx.select().from(filings).where(eq(filings.clientId, kiran.clientId)).for('update');
      await tx
        .update(filings)
        .set({ status: 'Preparation Pending' })
        .where(eq(filings.clientId, kiran.clientId));
      locked();
      await held;
    });
    await isLocked;
    let answered = false;
    const save = t
      .postAs(kiran.sid, '/api/user/savetaxpayer', { ...TAXPAYER, first_name: 'Raced' })
      .finally(() => (answered = true));
    // The save waits for the status change (on PostgreSQL, on the filing's lock) instead of slipping past.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    release();
    await change;
    const res = await save;
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(
      'Your profile can no longer be changed while we prepare your return. Please contact us to make a change.',
    );
    expect(res.json().code).toBe('PROFILE_LOCKED');
    const rows = await t.database.db
      .select()
      .from(taxpayerProfiles)
      .where(eq(taxpayerProfiles.clientId, kiran.clientId));
    expect(rows).toEqual([]);
  });
});
