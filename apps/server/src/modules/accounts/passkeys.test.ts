import { eq, passkeys, webauthnChallenges } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { SoftAuthenticator, type Bend } from './testing/soft-authenticator.ts';
import { signInKit, sidOf } from './testing/sign-in-kit.ts';

/** The test app's public origin (APP_URL): the relying party. */
const ORIGIN = 'http://localhost:3000';

const t = useTestApp();
const kit = signInKit(t);

type Options = { challenge: string; user?: { id?: string } };

/** Add a passkey to the session's account the way the account page does: a step-up, the options, the answer. */
async function addPasskey(sid: string, name = 'My phone', bend: Bend = {}) {
  await stepUpSession(t, sid);
  const options = (await t.postAs(sid, '/api/account/passkeys/register/options')).json().options as Options;
  const authenticator = new SoftAuthenticator(ORIGIN);
  const res = await t.postAs(sid, '/api/account/passkeys/register/verify', {
    name,
    credential: authenticator.register(options, bend),
  });
  return { authenticator, res };
}

/** Sign in at the portal with a passkey alone, from a fresh IP. */
async function passkeySignIn(authenticator: SoftAuthenticator, bend: Bend = {}) {
  const c = kit.fromNewIp();
  const options = (await c.post('/api/login/passkey/options')).json().options as Options;
  return c.post('/api/login/passkey/verify', { credential: authenticator.assert(options, bend) });
}

const listOf = async (sid: string) =>
  (await t.postAs(sid, '/api/account/passkeys/list')).json().passkeys as {
    id: string;
    name: string;
    created_at: string;
    last_used_at: string | null;
  }[];

describe('passkeys: a client adds one from the account page', () => {
  it('adding a passkey needs a fresh step-up: without one the options answer 403 STEP_UP_REQUIRED', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.stepup@example.com');
    const res = await t.postAs(sid, '/api/account/passkeys/register/options');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('STEP_UP_REQUIRED');
  });

  it('registers a passkey (user verification, a resident key) and lists it by name with when it was added', async () => {
    const { sid, userId } = await signUpAndLogIn(t, 'pk.add@example.com');
    await stepUpSession(t, sid);
    const options = (await t.postAs(sid, '/api/account/passkeys/register/options')).json();
    expect(options.options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const res = await t.postAs(sid, '/api/account/passkeys/register/verify', {
      name: 'My phone',
      credential: authenticator.register(options.options as Options),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe('Your passkey is added. Next time you can sign in with it.');
    const list = await listOf(sid);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'My phone', last_used_at: null });
    expect(Date.parse(list[0]?.created_at ?? '')).not.toBeNaN();
    expect(await kit.auditOf(userId)).toContain('account.passkey.added: My phone');
    const [mail] = await kit.mailsTo('pk.add@example.com');
    expect(mail?.subject).toMatch(/A passkey was added/);
  });

  it('refuses a registration made on another origin (a phishing site) and keeps nothing', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.origin@example.com');
    const { res } = await addPasskey(sid, 'Phished', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe('That passkey could not be checked. Please try again.');
    expect(await listOf(sid)).toEqual([]);
  });

  it('refuses a registration answer replayed (its challenge is used up once)', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.replayreg@example.com');
    await stepUpSession(t, sid);
    const options = (await t.postAs(sid, '/api/account/passkeys/register/options')).json().options as Options;
    const authenticator = new SoftAuthenticator(ORIGIN);
    const credential = authenticator.register(options);
    const first = await t.postAs(sid, '/api/account/passkeys/register/verify', { name: 'One', credential });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.postAs(sid, '/api/account/passkeys/register/verify', { name: 'Two', credential });
    expect(again.statusCode).toBe(422);
    expect(await listOf(sid)).toHaveLength(1);
  });

  it("refuses another account's registration challenge", async () => {
    const a = await signUpAndLogIn(t, 'pk.chal.a@example.com');
    const b = await signUpAndLogIn(t, 'pk.chal.b@example.com');
    await stepUpSession(t, a.sid);
    await stepUpSession(t, b.sid);
    const options = (await t.postAs(a.sid, '/api/account/passkeys/register/options')).json()
      .options as Options;
    const res = await t.postAs(b.sid, '/api/account/passkeys/register/verify', {
      name: 'Stolen',
      credential: new SoftAuthenticator(ORIGIN).register(options),
    });
    expect(res.statusCode).toBe(422);
    expect(await listOf(b.sid)).toEqual([]);
  });

  it('refuses a name left empty, with the field message', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.noname@example.com');
    const { res } = await addPasskey(sid, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ name: 'Give this passkey a name, such as "My phone".' });
  });

  it('refuses the same authenticator added twice, and an eleventh passkey, with their messages', async () => {
    const { sid, userId } = await signUpAndLogIn(t, 'pk.twice@example.com');
    const { authenticator, res } = await addPasskey(sid);
    expect(res.statusCode, res.body).toBe(200);
    const options = (await t.postAs(sid, '/api/account/passkeys/register/options')).json().options as Options;
    const twice = await t.postAs(sid, '/api/account/passkeys/register/verify', {
      name: 'Same phone',
      credential: authenticator.register(options),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().status_smessage).toBe('This passkey is already added.');
    expect(await listOf(sid)).toHaveLength(1);

    // Nine more (written as the service keeps them), then the options for an eleventh are refused.
    await t.database.db.insert(passkeys).values(
      Array.from({ length: 9 }, (_, i) => ({
        userId,
        credentialId: `kept-${i}`,
        publicKey: 'AA',
        name: `Key ${i}`,
      })),
    );
    const eleventh = await t.postAs(sid, '/api/account/passkeys/register/options');
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().status_smessage).toBe('You can keep at most 10 passkeys. Remove one first.');
  });
});

describe('passkeys: a client signs in with a passkey alone', () => {
  it('signs in with no e-mail and no password; both factors at once: no second step even with MFA on', async () => {
    const { sid, userId } = await kit.clientWithMfa('pk.login@example.com');
    const { authenticator } = await addPasskey(sid);
    const res = await passkeySignIn(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().uinfo).toMatchObject({ user_id: userId, email: 'pk.login@example.com' });
    expect(res.json().mfa_required).toBeUndefined();
    const session = sidOf(res);
    expect(session).not.toBe('');
    expect((await t.postAs(session, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    expect(await kit.auditOf(userId)).toContain('signin.succeeded: passkey');
    const list = await listOf(session);
    expect(list[0]?.last_used_at).not.toBeNull();
    const [mail] = await kit.mailsTo('pk.login@example.com');
    expect(mail?.subject).toMatch(/New sign-in/);
  });

  it('refuses an assertion made on another origin: no session', async () => {
    const { sid, userId } = await signUpAndLogIn(t, 'pk.login.origin@example.com');
    const { authenticator } = await addPasskey(sid);
    const res = await passkeySignIn(authenticator, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(
      'That passkey did not sign you in. Please try again or use your password.',
    );
    expect(sidOf(res)).toBe('');
    expect((await kit.auditOf(userId)).some((row) => row.startsWith('signin.failed: passkey'))).toBe(true);
  });

  it('refuses an assertion signed for another RP ID', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.login.rpid@example.com');
    const { authenticator } = await addPasskey(sid);
    const res = await passkeySignIn(authenticator, { rpId: 'evil.example' });
    expect(res.statusCode).toBe(422);
    expect(sidOf(res)).toBe('');
  });

  it('refuses a replayed assertion: its challenge was used up by the first sign-in', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.replay@example.com');
    const { authenticator } = await addPasskey(sid);
    const c = kit.fromNewIp();
    const options = (await c.post('/api/login/passkey/options')).json().options as Options;
    const credential = authenticator.assert(options);
    const first = await c.post('/api/login/passkey/verify', { credential });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await c.post('/api/login/passkey/verify', { credential });
    expect(replay.statusCode).toBe(422);
    expect(sidOf(replay)).toBe('');
  });

  it('refuses an expired challenge', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.expired@example.com');
    const { authenticator } = await addPasskey(sid);
    const c = kit.fromNewIp();
    const options = (await c.post('/api/login/passkey/options')).json().options as Options;
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    const res = await c.post('/api/login/passkey/verify', { credential: authenticator.assert(options) });
    expect(res.statusCode).toBe(422);
  });

  it('answers junk as bad input: a shape that is no passkey 400, well-formed garbage 422; never a session', async () => {
    const c = kit.fromNewIp();
    const shapeless = await c.post('/api/login/passkey/verify', {
      credential: { id: 'x', type: 'password' },
    });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().code).toBe('VALIDATION_FAILED');
    const garbage = await c.post('/api/login/passkey/verify', {
      credential: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().status_smessage).toBe(
      'That passkey did not sign you in. Please try again or use your password.',
    );
    expect(sidOf(garbage)).toBe('');
  });

  it('refuses a signature counter that goes back (a cloned authenticator)', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.counter@example.com');
    const { authenticator } = await addPasskey(sid);
    expect((await passkeySignIn(authenticator, { counter: 5 })).statusCode).toBe(200);
    const back = await passkeySignIn(authenticator, { counter: 3 });
    expect(back.statusCode).toBe(422);
    expect(sidOf(back)).toBe('');
    const same = await passkeySignIn(authenticator, { counter: 5 });
    expect(same.statusCode).toBe(422);
    const [row] = await t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, authenticator.id));
    expect(row?.counter).toBe(5);
    expect((await passkeySignIn(authenticator, { counter: 6 })).statusCode).toBe(200);
  });

  it('refuses an assertion without user verification (a passkey is both factors only with it)', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.uv@example.com');
    const { authenticator } = await addPasskey(sid);
    const res = await passkeySignIn(authenticator, { userVerified: false });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a passkey nobody holds, with the same answer', async () => {
    const res = await passkeySignIn(new SoftAuthenticator(ORIGIN));
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(
      'That passkey did not sign you in. Please try again or use your password.',
    );
  });

  it('refuses a removed passkey; removing needs a step-up and never reaches another account’s', async () => {
    const a = await signUpAndLogIn(t, 'pk.remove.a@example.com');
    const b = await signUpAndLogIn(t, 'pk.remove.b@example.com');
    const { authenticator } = await addPasskey(a.sid);
    const [own] = await listOf(a.sid);
    const id = own?.id ?? '';
    // b's session, even stepped up, does not find a's passkey.
    await stepUpSession(t, b.sid);
    const foreign = await t.postAs(b.sid, '/api/account/passkeys/remove', { id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status_smessage).toBe('This passkey was not found.');
    // a's own session removes it once stepped up.
    const fresh = sidOf(await passkeySignIn(authenticator));
    const without = await t.postAs(fresh, '/api/account/passkeys/remove', { id });
    expect(without.statusCode).toBe(403);
    await stepUpSession(t, fresh);
    const removed = await t.postAs(fresh, '/api/account/passkeys/remove', { id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().status_smessage).toBe('The passkey is removed.');
    expect(await listOf(fresh)).toEqual([]);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(422);
  });
});

describe('passkeys: step-up', () => {
  it("steps up with the session's own passkey, and refuses another account's passkey even when valid", async () => {
    const a = await signUpAndLogIn(t, 'pk.su.a@example.com');
    const b = await signUpAndLogIn(t, 'pk.su.b@example.com');
    const { authenticator: aKey } = await addPasskey(a.sid);
    const { authenticator: bKey } = await addPasskey(b.sid);
    // Fresh sessions, not stepped up.
    const aSid = sidOf(await passkeySignIn(aKey));
    const bSid = sidOf(await passkeySignIn(bKey));
    const options = (await t.postAs(bSid, '/api/account/stepup/passkey/options')).json()
      .options as Options & {
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([bKey.id]);
    // a's passkey answering b's challenge: refused, b's session is not stepped up.
    const foreign = await t.postAs(bSid, '/api/account/stepup', { passkey: aKey.assert(options) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toMatchObject({
      passkey: 'That passkey could not be checked. Please try again.',
    });
    expect((await t.postAs(bSid, '/api/account/passkeys/register/options')).statusCode).toBe(403);
    // b's own passkey, to a new challenge.
    const next = (await t.postAs(bSid, '/api/account/stepup/passkey/options')).json().options as Options;
    const own = await t.postAs(bSid, '/api/account/stepup', { passkey: bKey.assert(next) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().status_smessage).toBe('Thank you. You can go on for the next 5 minutes.');
    expect((await t.postAs(bSid, '/api/account/passkeys/register/options')).statusCode).toBe(200);
    // a sign-in challenge is not a step-up challenge.
    const c = kit.fromNewIp();
    const login = (await c.post('/api/login/passkey/options')).json().options as Options;
    const wrongPurpose = await t.postAs(aSid, '/api/account/stepup', { passkey: aKey.assert(login) });
    expect(wrongPurpose.statusCode).toBe(400);
  });

  it('answers a step-up options call with no passkey on the account with a message', async () => {
    const { sid } = await signUpAndLogIn(t, 'pk.su.none@example.com');
    const res = await t.postAs(sid, '/api/account/stepup/passkey/options');
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe('There is no passkey on this account yet.');
  });
});
