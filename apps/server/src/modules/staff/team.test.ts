import { MESSAGES } from '@taxfirm/contract';
import { auditLog, emailOutbox, eq, mfaRecoveryCodes, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sentText,
  setPasswordByLink,
  signUpAndLogIn,
  staffSession,
  type StaffSession,
  useTestApp,
} from '../../../test/helpers.ts';

const t = useTestApp();
let admin: StaffSession;
let analyst: StaffSession;
const PASSWORD = 'a long staff passphrase';

beforeAll(async () => {
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
});

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
/** E-mails to `email`, with their text as sent (one-time links opened). */
const mailsTo = async (email: string) =>
  (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((row) => ({
    ...row,
    text: sentText(row),
  }));
const auditsOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** The team's invite call made as the session `sid`: a new staff member `name` ('First Last') with `role`. */
const inviteAs = (sid: string, email: string, role: string, name: string, location?: string) => {
  const [first_name, last_name] = name.split(' ');
  return t.postAs(sid, '/api/staff/team/invite', {
    email,
    role,
    first_name,
    last_name,
    ...(location && { location }),
  });
};

/** The invited member uses the e-mailed link, then logs in and enrols: the session cookie. */
async function acceptInvitation(email: string) {
  const [mail] = await mailsTo(email);
  const token = /resetpasswordlink\/([\w-]+)/.exec(sentText(mail))?.[1] ?? '';
  const set = await setPasswordByLink(t, token, PASSWORD);
  expect(set.json().status_smessage).toBe('Password updated successfully');
  const login = await t.post('/api/staff/login', { email, password: PASSWORD });
  expect(login.json().step).toBe('enrol');
  const mfaToken = login.json().mfa_token as string;
  const secret = (await t.post('/api/staff/login/enrol', { mfa_token: mfaToken })).json().secret as string;
  const confirm = await t.post('/api/staff/login/enrolconfirm', {
    mfa_token: mfaToken,
    code: await generate({ secret }),
  });
  expect(confirm.statusCode).toBe(200);
  return confirm.cookies.find((c) => c.name === 'sid')?.value ?? '';
}

/** The admin invites an analyst, who accepts: their session cookie and their user row. */
async function analystJoins(email: string, name: string) {
  await inviteAs(admin.sid, email, 'analyst', name);
  const sid = await acceptInvitation(email);
  const member = await userByEmail(email);
  return { sid, member };
}

describe('staff/team: admins manage the staff', () => {
  it('an admin invites an analyst: the account exists, the set-up link is e-mailed (never answered), audited', async () => {
    const res = await inviteAs(admin.sid, 'Neha.Joshi@firm.example', 'analyst', 'Neha Joshi');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/resetpasswordlink/);
    const member = await userByEmail('Neha.Joshi@firm.example');
    expect(member).toMatchObject({ role: 'analyst', deactivatedAt: null, mfaEnabledAt: null });
    const mails = await mailsTo('Neha.Joshi@firm.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/invited to the .* staff console/);
    expect(mails[0]?.text).toMatch(/Ada Shah has given you a staff account \(analyst\)/);
    const audits = await auditsOf('staff.team.invite');
    expect(audits.map((a) => [a.actorUserId, a.subject])).toEqual([[admin.userId, member?.id]]);

    const list = await t.postAs(admin.sid, '/api/staff/team/list', {});
    const row = list.json().staff.find((s: { email: string }) => s.email === 'Neha.Joshi@firm.example');
    expect(row).toMatchObject({ role: 'analyst', active: true, mfa_enabled: false, password_set: false });

    // The invited analyst sets the password through the link and must enrol an authenticator.
    const sid = await acceptInvitation('Neha.Joshi@firm.example');
    expect((await t.postAs(sid, '/api/staff/me', {})).json().staff.role).toBe('analyst');
    const after = (await t.postAs(admin.sid, '/api/staff/team/list', {})).json().staff;
    expect(after.find((s: { email: string }) => s.email === 'Neha.Joshi@firm.example')).toMatchObject({
      mfa_enabled: true,
      password_set: true,
    });
  });

  it('refuses an existing e-mail (any case) and bad input, with nothing stored or sent', async () => {
    const before = await t.database.db.select().from(users);
    const outboxBefore = await t.database.db.select().from(emailOutbox);
    const dup = await inviteAs(admin.sid, 'ANALYST@firm.example', 'admin', 'Dup Licate');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().status_smessage).toBe('An account with this e-mail address already exists.');
    for (const body of [
      { email: 'x@firm.example', role: 'client', first_name: 'A', last_name: 'B' },
      { email: 'x@firm.example', role: 'owner', first_name: 'A', last_name: 'B' },
      { email: 'not-an-email', role: 'analyst', first_name: 'A', last_name: 'B' },
      { email: 'x@firm.example', role: 'analyst', first_name: '', last_name: 'B' },
      { email: 'x@firm.example', role: 'analyst', first_name: 'A1', last_name: 'B' },
    ]) {
      const res = await t.postAs(admin.sid, '/api/staff/team/invite', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(outboxBefore.length);
  });

  it('deactivating ends every session and refuses the login like a wrong password; reactivating restores it', async () => {
    const { sid, member } = await analystJoins('temp@firm.example', 'Tara Nair');
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(200);
    // Not in the analyst picker once deactivated.
    const off = await t.postAs(admin.sid, '/api/staff/team/deactivate', { user_id: member?.id });
    expect(off.statusCode).toBe(200);
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(401);
    const login = await t.post('/api/staff/login', { email: 'temp@firm.example', password: PASSWORD });
    const wrong = await t.post('/api/staff/login', {
      email: 'temp@firm.example',
      password: 'wrong password!!',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(wrong.json());
    const picker = (await t.postAs(admin.sid, '/api/staff/members/list', {})).json().staff;
    expect(picker.map((s: { user_id: string }) => s.user_id)).not.toContain(member?.id);
    expect((await auditsOf('staff.team.deactivate')).map((a) => a.subject)).toContain(member?.id);

    expect(
      (await t.postAs(admin.sid, '/api/staff/team/reactivate', { user_id: member?.id })).statusCode,
    ).toBe(200);
    const again = await t.post('/api/staff/login', { email: 'temp@firm.example', password: PASSWORD });
    expect(again.json().step).toBe('mfa');
  });

  it('F-10: resetting MFA removes the authenticator, recovery codes and password, signs the member out, e-mails a set-up link; only the mailbox re-enrols', async () => {
    const { sid, member } = await analystJoins('lost.phone@firm.example', 'Lata Pillai');
    expect(
      await t.database.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, member?.id ?? '')),
    ).not.toHaveLength(0);
    const res = await t.postAs(admin.sid, '/api/staff/team/resetmfa', { user_id: member?.id });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail('lost.phone@firm.example')).toMatchObject({
      mfaSecret: null,
      mfaEnabledAt: null,
    });
    expect(
      await t.database.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, member?.id ?? '')),
    ).toHaveLength(0);
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(401);
    // The old password stops working at once: whoever knew it cannot enrol an authenticator of their own.
    const oldPassword = await t.post('/api/staff/login', {
      email: 'lost.phone@firm.example',
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().code).toBe('LOGIN_INVALID');
    expect((await userByEmail('lost.phone@firm.example'))?.passwordChangedAt).toBeNull();
    const row = (await t.postAs(admin.sid, '/api/staff/team/list', {}))
      .json()
      .staff.find((s: { email: string }) => s.email === 'lost.phone@firm.example');
    expect(row).toMatchObject({ mfa_enabled: false, password_set: false });

    // The e-mail carries a fresh one-time set-up link; the invitation's earlier link no longer works.
    const mails = await mailsTo('lost.phone@firm.example');
    const reset = mails.find((m) => m.subject === 'Your staff two-step verification was reset');
    const invitation = mails.find((m) => m.subject !== 'Your staff two-step verification was reset');
    const token = /resetpasswordlink\/([\w-]+)/.exec(reset?.text ?? '')?.[1] ?? '';
    const oldToken = /resetpasswordlink\/([\w-]+)/.exec(invitation?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(token).not.toBe(oldToken);
    expect(res.body).not.toContain(token);
    expect((await t.post('/api/settings/checkresetpwdlink', { tokenid: token })).json().status_smessage).toBe(
      'Activate',
    );
    const set = await setPasswordByLink(t, token, 'a brand new staff passphrase');
    expect(set.statusCode).toBe(200);
    const login = await t.post('/api/staff/login', {
      email: 'lost.phone@firm.example',
      password: 'a brand new staff passphrase',
    });
    expect(login.json().step).toBe('enrol');
    expect((await auditsOf('staff.team.resetmfa')).map((a) => a.subject)).toEqual([member?.id]);
  });

  it('an admin cannot deactivate or reset themselves; unknown and client ids are 404; nothing changes', async () => {
    for (const path of ['deactivate', 'resetmfa']) {
      const self = await t.postAs(admin.sid, `/api/staff/team/${path}`, { user_id: admin.userId });
      expect(self.statusCode).toBe(400);
      expect(self.json().status_smessage).toBe('You cannot do this to your own account.');
    }
    await signUpAndLogIn(t, 'a.client@example.com');
    const clientUser = await userByEmail('a.client@example.com');
    for (const userId of ['7f1d4a56-0000-4000-8000-000000000000', clientUser?.id]) {
      const res = await t.postAs(admin.sid, '/api/staff/team/deactivate', { user_id: userId });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.postAs(admin.sid, '/api/staff/team/deactivate', { user_id: 'x' })).statusCode).toBe(400);
    expect((await userByEmail('admin@firm.example'))?.deactivatedAt).toBeNull();
  });

  it('is for admins only: an analyst gets 403 and changes nothing, a client 403, no session 401', async () => {
    const client = await signUpAndLogIn(t, 'b.client@example.com');
    const calls: [string, object][] = [
      ['list', {}],
      ['invite', { email: 'sneaky@firm.example', role: 'admin', first_name: 'Sneaky', last_name: 'Pete' }],
      ['deactivate', { user_id: admin.userId }],
      ['reactivate', { user_id: admin.userId }],
      ['resetmfa', { user_id: admin.userId }],
    ];
    for (const [path, body] of calls) {
      expect((await t.postAs(analyst.sid, `/api/staff/team/${path}`, body)).statusCode, path).toBe(403);
      expect((await t.postAs(client.sid, `/api/staff/team/${path}`, body)).statusCode, path).toBe(403);
      expect((await t.post(`/api/staff/team/${path}`, body)).statusCode, path).toBe(401);
    }
    expect(await userByEmail('sneaky@firm.example')).toBeUndefined();
    expect((await userByEmail('admin@firm.example'))?.deactivatedAt).toBeNull();
  });
});

describe('staff/team location (issue 19)', () => {
  it('invites an offshore member, lists the location, and lets an admin change it (audited)', async () => {
    const invite = await inviteAs(
      admin.sid,
      'priya.offshore@firm.example',
      'analyst',
      'Priya Nair',
      'offshore',
    );
    expect(invite.statusCode, invite.body).toBe(200);
    const member = await userByEmail('priya.offshore@firm.example');
    expect(member?.location).toBe('offshore');
    const listed = (await t.postAs(admin.sid, '/api/staff/team/list', {})).json().staff as {
      user_id: string;
      location: string;
    }[];
    expect(listed.find((m) => m.user_id === member?.id)?.location).toBe('offshore');
    expect(listed.find((m) => m.user_id === analyst.userId)?.location).toBe('us');

    const moved = await t.postAs(admin.sid, '/api/staff/team/location', {
      user_id: member?.id,
      location: 'us',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status_smessage).toBe(MESSAGES.STAFF_LOCATION_SAVED);
    expect((await userByEmail('priya.offshore@firm.example'))?.location).toBe('us');
    const audits = await auditsOf('staff.team.location');
    expect(audits.map((a) => [a.actorUserId, a.subject])).toEqual([
      [admin.userId, `${member?.id} offshore -> us`],
    ]);
  });

  it('is for admins only, never on oneself, and refuses an unknown location', async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/team/location', {
      user_id: admin.userId,
      location: 'offshore',
    });
    expect(res.statusCode).toBe(403);
    const self = await t.postAs(admin.sid, '/api/staff/team/location', {
      user_id: admin.userId,
      location: 'offshore',
    });
    expect(self.statusCode).toBe(400);
    const bad = await t.postAs(admin.sid, '/api/staff/team/location', {
      user_id: analyst.userId,
      location: 'mars',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MESSAGES.STAFF_LOCATION_REQUIRED);
    expect((await userByEmail('analyst@firm.example'))?.location).toBe('us');
  });

  it('refuses every team change to an offshore admin: they cannot make a "US" admin, or move anyone to US', async () => {
    const offshore = await staffSession(t, 'offshore.admin@firm.example', 'admin');
    await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshore.userId));
    const invite = await inviteAs(offshore.sid, 'friend.admin@example.com', 'admin', 'Friend Admin');
    expect(invite.statusCode).toBe(403);
    expect(invite.body).toContain(MESSAGES.STAFF_TEAM_US_ONLY);
    expect(await userByEmail('friend.admin@example.com')).toBeUndefined();
    const peer = await staffSession(t, 'offshore.peer@firm.example', 'admin');
    await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, peer.userId));
    const move = await t.postAs(offshore.sid, '/api/staff/team/location', {
      user_id: peer.userId,
      location: 'us',
    });
    expect(move.statusCode).toBe(403);
    expect((await userByEmail('offshore.peer@firm.example'))?.location).toBe('offshore');
    const deactivate = await t.postAs(offshore.sid, '/api/staff/team/deactivate', {
      user_id: analyst.userId,
    });
    expect(deactivate.statusCode).toBe(403);
  });
});
