import { eq, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../accounts/testing/soft-authenticator.ts';
import { signInKit, sidOf } from '../accounts/testing/sign-in-kit.ts';

const ORIGIN = 'http://localhost:3000';

const t = useTestApp();
const kit = signInKit(t);

type Options = { challenge: string; user?: { id?: string } };

/** Add a passkey through a door's own calls (`account/...` or `staff/...`), after a step-up. */
async function addPasskey(sid: string, prefix: 'account' | 'staff') {
  await stepUpSession(t, sid);
  const options = (await t.postAs(sid, `/api/${prefix}/passkeys/register/options`)).json().options as Options;
  const authenticator = new SoftAuthenticator(ORIGIN);
  const res = await t.postAs(sid, `/api/${prefix}/passkeys/register/verify`, {
    name: 'Desk key',
    credential: authenticator.register(options),
  });
  expect(res.statusCode, res.body).toBe(200);
  return authenticator;
}

async function signInAt(door: 'login' | 'staff/login', authenticator: SoftAuthenticator) {
  const c = kit.fromNewIp();
  const options = (await c.post(`/api/${door}/passkey/options`)).json().options as Options;
  return c.post(`/api/${door}/passkey/verify`, { credential: authenticator.assert(options) });
}

describe('staff passkeys (issue 38)', () => {
  it('a staff member adds a passkey after a step-up, lists it, and signs in with it alone (both factors)', async () => {
    const { sid, userId } = await kit.enrolledStaff('spk.one@firm.example');
    const blocked = await t.postAs(sid, '/api/staff/passkeys/register/options');
    expect(blocked.statusCode).toBe(403);
    const authenticator = await addPasskey(sid, 'staff');
    const list = (await t.postAs(sid, '/api/staff/passkeys/list')).json().passkeys as { name: string }[];
    expect(list.map((p) => p.name)).toEqual(['Desk key']);
    const res = await signInAt('staff/login', authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff).toMatchObject({ user_id: userId });
    const session = sidOf(res);
    expect((await t.postAs(session, '/api/staff/me')).statusCode).toBe(200);
    expect(await kit.auditOf(userId)).toContain('staff.signin.succeeded: passkey');
  });

  it("a client's passkey never opens the staff door, and a staff passkey never the portal's", async () => {
    const client = await signUpAndLogIn(t, 'spk.client@example.com');
    const clientKey = await addPasskey(client.sid, 'account');
    const atStaff = await signInAt('staff/login', clientKey);
    expect(atStaff.statusCode).toBe(422);
    expect(sidOf(atStaff)).toBe('');
    expect(await kit.auditOf(client.userId)).toContain(
      'staff.signin.failed: passkey: client account at the staff login',
    );
    // The portal door still takes it.
    expect((await signInAt('login', clientKey)).statusCode).toBe(200);

    const staff = await kit.enrolledStaff('spk.door@firm.example');
    const staffKey = await addPasskey(staff.sid, 'staff');
    const atPortal = await signInAt('login', staffKey);
    expect(atPortal.statusCode).toBe(422);
    expect(sidOf(atPortal)).toBe('');
  });

  it('a deactivated member’s passkey is refused', async () => {
    const { sid, userId } = await kit.enrolledStaff('spk.gone@firm.example');
    const key = await addPasskey(sid, 'staff');
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, userId));
    const res = await signInAt('staff/login', key);
    expect(res.statusCode).toBe(422);
    expect(sidOf(res)).toBe('');
  });

  it("an admin's reset of a member's second factor (a lost device) removes their passkeys too", async () => {
    const admin = await kit.enrolledStaff('spk.admin@firm.example', 'admin');
    const member = await kit.enrolledStaff('spk.lost@firm.example');
    const key = await addPasskey(member.sid, 'staff');
    expect((await signInAt('staff/login', key)).statusCode).toBe(200);
    const reset = await t.postAs(admin.sid, '/api/staff/team/resetmfa', { user_id: member.userId });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await signInAt('staff/login', key);
    expect(res.statusCode).toBe(422);
    expect(sidOf(res)).toBe('');
  });

  it('a staff sign-in challenge does not serve the client door', async () => {
    const client = await signUpAndLogIn(t, 'spk.chal@example.com');
    const key = await addPasskey(client.sid, 'account');
    const c = kit.fromNewIp();
    const options = (await c.post('/api/staff/login/passkey/options')).json().options as Options;
    const res = await c.post('/api/login/passkey/verify', { credential: key.assert(options) });
    expect(res.statusCode).toBe(422);
  });

  it('staff step up with their own passkey; remove needs a step-up', async () => {
    const { sid } = await kit.enrolledStaff('spk.su@firm.example');
    const key = await addPasskey(sid, 'staff');
    const fresh = sidOf(await signInAt('staff/login', key));
    const [passkey] = (await t.postAs(fresh, '/api/staff/passkeys/list')).json().passkeys as { id: string }[];
    expect((await t.postAs(fresh, '/api/staff/passkeys/remove', { id: passkey?.id })).statusCode).toBe(403);
    const options = (await t.postAs(fresh, '/api/staff/stepup/passkey/options')).json().options as Options;
    const up = await t.postAs(fresh, '/api/staff/stepup', { passkey: key.assert(options) });
    expect(up.statusCode, up.body).toBe(200);
    const removed = await t.postAs(fresh, '/api/staff/passkeys/remove', { id: passkey?.id });
    expect(removed.statusCode).toBe(200);
    // The e-mailed code is the client's: a staff step-up by e-mailed code is refused.
    const byMail = await t.postAs(fresh, '/api/staff/stepup', { email_code: '123456' });
    expect(byMail.statusCode).toBe(403);
  });
});
