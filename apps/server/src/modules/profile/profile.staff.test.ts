import { auditLog, eq } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  useTestApp,
  type ClientSession as Session,
  type StaffSession,
} from '../../../test/helpers.ts';
import { TAXPAYER as TAXPAYER_SAMPLE } from '../../../test/samples.ts';

const t = useTestApp();
let admin: StaffSession;
let analyst: StaffSession;
let otherAnalyst: StaffSession;
let asha: Session;
let bare: Session;
let dependentIds: string[];

const TAXPAYER = { ...TAXPAYER_SAMPLE, email: 'asha.staffprofile@example.com' };

const view = (sid: string, clientId: string) =>
  t.postAs(sid, '/api/staff/clients/profile', { client_id: clientId });
/** A reveal by a session that has just stepped up (F-15; step-up.test.ts tests the refusal without it). */
const reveal = async (sid: string, clientId: string, subject: string) => {
  await stepUpSession(t, sid);
  return t.postAs(sid, '/api/staff/clients/profile/reveal', { client_id: clientId, subject });
};
const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  admin = await staffSession(t, 'admin.profile@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst.profile@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.profile@firm.example', 'analyst');
  asha = await signUpAndLogIn(t, 'asha.staffprofile@example.com');
  bare = await signUpAndLogIn(t, 'bare.staffprofile@example.com', { first: 'Bina', last: 'Das' });
  const saved = [
    await t.postAs(asha.sid, '/api/user/savetaxpayer', TAXPAYER),
    await t.postAs(asha.sid, '/api/user/savespouse', {
      first_name: 'Vik',
      last_name: 'Rao',
      ssn: '987654321',
      dob: '01-02-1987',
      visa_type: 'H4',
    }),
    await t.postAs(asha.sid, '/api/user/savedependents', {
      dependentinfo: [
        { first_name: 'Anika', last_name: 'Rao', ssn: '111-22-3333', occupation: 'Daughter' },
        { first_name: 'Dev', last_name: 'Rao', ssn: '944-55-6666', dob: '05-06-2015' },
      ],
    }),
    await t.postAs(asha.sid, '/api/user/saveemployer', {
      emploerinfo: [
        {
          company_name: 'Acme',
          client_name: 'Globex',
          proj_start_date: '01-01-2024',
          proj_end_date: '06-30-2024',
        },
      ],
    }),
  ];
  for (const res of saved) if (res.statusCode !== 200) throw new Error(`profile save failed: ${res.body}`);
  dependentIds = (await t.postAs(asha.sid, '/api/user/dependentinfo'))
    .json()
    .dinfo.map((d: { id: string }) => d.id);
  // Asha's file is the analyst's; Bina's the analyst took from To Be Assigned ("Take this file").
  await assignFiling(t, asha, analyst, 'Docs Upload Pending');
  const take = await t.postAs(analyst.sid, '/api/staff/clients/assign', {
    client_id: bare.clientId,
    analyst_id: analyst.userId,
  });
  if (take.statusCode !== 200) throw new Error(`take failed: ${take.body}`);
});

describe('staff/clients/profile', () => {
  it('shows the whole profile read-only, every identity number masked to its last four (audited)', async () => {
    const before = (await auditRows('staff.profile.view')).length;
    const res = await view(analyst.sid, asha.clientId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tinfo).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      ssnitin: '•••-••-6789',
      occupation: 'Engineer',
      dob: '04-15-1988',
      filling_status: 'Married Filing Jointly',
      email: 'asha.staffprofile@example.com',
    });
    expect(body.sinfo).toEqual({
      first_name: 'Vik',
      last_name: 'Rao',
      ssn: '•••-••-4321',
      occupation: null,
      dob: '01-02-1987',
      visa_type: 'H4',
    });
    expect(
      body.dinfo.map((d: { first_name: string; ssn: string; id: string }) => [d.first_name, d.ssn, d.id]),
    ).toEqual([
      ['Anika', '•••-••-3333', dependentIds[0]],
      ['Dev', '•••-••-6666', dependentIds[1]],
    ]);
    expect(body.empinfo).toEqual([
      {
        company_name: 'Acme',
        client_name: 'Globex',
        proj_start_date: '01-01-2024',
        proj_end_date: '06-30-2024',
      },
    ]);
    // No full number anywhere in the answer.
    for (const digits of ['123456789', '123-45-6789', '987654321', '987-65', '111-22', '944-55']) {
      expect(res.body).not.toContain(digits);
    }
    const rows = await auditRows('staff.profile.view');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorUserId: analyst.userId,
      clientId: asha.clientId,
      subject: 'profile',
    });
  });

  it('shows an empty profile from the registration details', async () => {
    const body = (await view(analyst.sid, bare.clientId)).json();
    expect(body.tinfo).toMatchObject({ first_name: 'Bina', last_name: 'Das', ssnitin: null });
    expect(body).toMatchObject({ sinfo: null, dinfo: [], empinfo: [] });
  });

  it("refuses another analyst's client (403), a client session (403) and no session (401), unaudited", async () => {
    const before = (await auditRows('staff.profile.view')).length;
    const other = await view(otherAnalyst.sid, asha.clientId);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('6789');
    expect((await view(asha.sid, asha.clientId)).statusCode).toBe(403);
    expect((await t.post('/api/staff/clients/profile', { client_id: asha.clientId })).statusCode).toBe(401);
    expect(await auditRows('staff.profile.view')).toHaveLength(before);
  });
});

describe('staff/clients/profile/reveal', () => {
  it('answers the one number asked for and writes exactly one audit row naming it', async () => {
    const cases = [
      ['taxpayer.ssn', '123-45-6789'],
      ['spouse.ssn', '987-65-4321'],
      [`dependents.${dependentIds[1]}.ssn`, '944-55-6666'],
      [`dependents.${dependentIds[0]}.ssn`, '111-22-3333'],
    ] as const;
    for (const [subject, value] of cases) {
      const before = await auditRows('staff.profile.reveal');
      const res = await reveal(analyst.sid, asha.clientId, subject);
      expect(res.statusCode, subject).toBe(200);
      expect(res.json()).toMatchObject({ subject, value });
      const after = await auditRows('staff.profile.reveal');
      expect(after).toHaveLength(before.length + 1);
      expect(after.filter((row) => !before.some((b) => b.id === row.id))).toEqual([
        expect.objectContaining({ actorUserId: analyst.userId, clientId: asha.clientId, subject }),
      ]);
    }
    // The client's own reveal action is not what staff write.
    expect(await auditRows('ssn.reveal')).toHaveLength(0);
  });

  it('lets an admin reveal on any file', async () => {
    const res = await reveal(admin.sid, asha.clientId, 'spouse.ssn');
    expect(res.json().value).toBe('987-65-4321');
  });

  it('refuses an analyst who may not work the file (403) with no audit row of a reveal', async () => {
    const before = (await auditRows('staff.profile.reveal')).length;
    for (const subject of ['taxpayer.ssn', 'spouse.ssn', `dependents.${dependentIds[0]}.ssn`]) {
      const res = await reveal(otherAnalyst.sid, asha.clientId, subject);
      expect(res.statusCode).toBe(403);
      expect(res.json().status_smessage).toBe('This client is assigned to another analyst.');
      expect(res.body).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    }
    expect((await reveal(asha.sid, asha.clientId, 'taxpayer.ssn')).statusCode).toBe(403);
    expect(
      (
        await t.post('/api/staff/clients/profile/reveal', {
          client_id: asha.clientId,
          subject: 'taxpayer.ssn',
        })
      ).statusCode,
    ).toBe(401);
    expect(await auditRows('staff.profile.reveal')).toHaveLength(before);
  });

  it("refuses a bad subject (400), another client's dependent and a number not stored (404), unaudited", async () => {
    const before = (await auditRows('staff.profile.reveal')).length;
    for (const subject of [
      'ssn',
      'taxpayer',
      'dependents.1.ssn',
      'spouse.ssn;drop',
      `dependents.${dependentIds[0]}`,
    ]) {
      const res = await reveal(analyst.sid, asha.clientId, subject);
      expect(res.statusCode, subject).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // Asha's dependent asked for through Bina's file (which this analyst has taken).
    const foreign = await reveal(analyst.sid, bare.clientId, `dependents.${dependentIds[0]}.ssn`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('3333');
    const none = await reveal(analyst.sid, bare.clientId, 'spouse.ssn');
    expect(none.statusCode).toBe(404);
    expect(none.json().status_smessage).toBe('No SSN/ITIN is stored here.');
    expect(await auditRows('staff.profile.reveal')).toHaveLength(before);
  });
});
