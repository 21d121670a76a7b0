import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  authTokens,
  clients,
  desc,
  emailOutbox,
  eq,
  filingStatusHistory,
  filings,
  sql,
  users,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import {
  sentText,
  setPasswordByLink,
  signUpAndLogIn,
  staffSession,
  useTestApp,
} from '../../../test/helpers.ts';
import { CLIENT_INVITE_TTL_MS } from './accounts.staff.service.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let taxYear: number;

const body = (email: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Meena',
  last_name: 'Iyer',
  email,
  phone_ext: 'US',
  phone: '(469) 555-0142',
  ...overrides,
});

async function lastMail(to: string) {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

const count = async (table: typeof users | typeof clients | typeof filings | typeof emailOutbox) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

beforeAll(async () => {
  admin = await staffSession(t, 'invite.admin@firm.example', 'admin');
  analyst = await staffSession(t, 'invite.analyst@firm.example', 'analyst');
  taxYear = await currentTaxYear(t);
});

describe('staff/clients/invite', () => {
  it("an analyst's invitation makes the account, client and filing, takes the file and e-mails a sealed set-up link", async () => {
    const db = t.database.db;
    const res = await t.postAs(analyst.sid, '/api/staff/clients/invite', body('meena@example.com'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_INVITED);
    const clientId: string = res.json().client_id;

    const [row] = await db
      .select({ user: users, client: clients })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, clientId));
    expect(row?.user).toMatchObject({ email: 'meena@example.com', role: 'client', verifiedAt: null });
    expect(row?.client).toMatchObject({
      firstName: 'Meena',
      lastName: 'Iyer',
      phone: '4695550142',
      phoneExt: 'US',
    });

    const [filing] = await db.select().from(filings).where(eq(filings.clientId, clientId));
    expect(filing).toMatchObject({ taxYear, status: 'To Be Assigned', assignedTo: analyst.userId });
    const history = await db
      .select()
      .from(filingStatusHistory)
      .where(eq(filingStatusHistory.filingId, filing?.id ?? ''));
    expect(history).toMatchObject([{ toStatus: 'To Be Assigned', changedBy: analyst.userId }]);

    const audits = await db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.clientId, clientId));
    expect(audits).toContainEqual({ action: 'staff.client.invite', actor: analyst.userId });

    // Nobody can sign in before the link: the random password is unknown, the account unverified.
    const early = await t.post('/api/login/check', {
      email: 'meena@example.com',
      password: 'a long test password',
    });
    expect(early.json().uinfo).toBeUndefined();

    const mail = await lastMail('meena@example.com');
    expect(mail?.secret).toMatch(/^v1\./);
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/resetpasswordlink\//);
    const text = sentText(mail);
    expect(text).toContain('Ravi Shah');
    expect(text).toContain('7 days');
    const secret = /resetpasswordlink\/([\w-]{40,})/.exec(text)?.[1] ?? '';
    expect(secret).not.toBe('');
    const [token] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, row?.user.id ?? ''), eq(authTokens.kind, 'staff_reset')));
    const lifetime = (token?.expiresAt.getTime() ?? 0) - (token?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - CLIENT_INVITE_TTL_MS)).toBeLessThan(60_000);

    const set = await setPasswordByLink(t, secret, 'meena chooses a passphrase');
    expect(set.statusCode, set.body).toBe(200);
    const [after] = await db
      .select()
      .from(users)
      .where(eq(users.id, row?.user.id ?? ''));
    expect(after?.verifiedAt).not.toBeNull();

    const login = await t.post('/api/login/check', {
      email: 'meena@example.com',
      password: 'meena chooses a passphrase',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().uinfo).toMatchObject({ client_id: clientId, filestatus: 'To Be Assigned' });
  });

  it("an admin's invitation leaves the file To Be Assigned, with nobody on it", async () => {
    const res = await t.postAs(admin.sid, '/api/staff/clients/invite', body('walkin@example.com'));
    expect(res.statusCode, res.body).toBe(200);
    const [filing] = await t.database.db
      .select()
      .from(filings)
      .where(eq(filings.clientId, res.json().client_id));
    expect(filing).toMatchObject({ status: 'To Be Assigned', assignedTo: null });
    expect(sentText(await lastMail('walkin@example.com'))).toContain('Ada Shah');
  });

  it('refuses a taken e-mail in any case with 409 and the registration message, changing nothing', async () => {
    await signUpAndLogIn(t, 'taken@example.com');
    const before = await Promise.all([count(users), count(clients), count(filings), count(emailOutbox)]);
    const res = await t.postAs(admin.sid, '/api/staff/clients/invite', body('TAKEN@Example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status_smessage: MESSAGES.EMAIL_IN_USE,
      details: { email: MESSAGES.EMAIL_IN_USE },
    });
    expect(await Promise.all([count(users), count(clients), count(filings), count(emailOutbox)])).toEqual(
      before,
    );
  });

  it('refuses bad fields with 400 and the field messages', async () => {
    const res = await t.postAs(
      admin.sid,
      '/api/staff/clients/invite',
      body('not-an-email', { first_name: 'M3ena', last_name: '', phone: '12' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      first_name: MESSAGES.FIRST_NAME_ALPHABETS,
      last_name: MESSAGES.LAST_NAME_REQUIRED,
      email: expect.any(String),
      phone: expect.any(String),
    });
    const bad = await t.postAs(
      admin.sid,
      '/api/staff/clients/invite',
      body('ok@example.com', { phone_ext: 'UK' }),
    );
    expect(bad.statusCode).toBe(400);
    const [none] = await t.database.db.select().from(users).where(eq(users.email, 'ok@example.com'));
    expect(none).toBeUndefined();
  });

  it('refuses a client session with 403 and no session with 401', async () => {
    const client = await signUpAndLogIn(t, 'curious.client@example.com');
    const asClient = await t.postAs(client.sid, '/api/staff/clients/invite', body('byclient@example.com'));
    expect(asClient.statusCode).toBe(403);
    const anonymous = await t.post('/api/staff/clients/invite', body('anonymous@example.com'));
    expect(anonymous.statusCode).toBe(401);
    const made = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.email} in ('byclient@example.com', 'anonymous@example.com')`);
    expect(made).toEqual([]);
  });
});
