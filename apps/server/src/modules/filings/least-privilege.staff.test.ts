/**
 * Review F-04: a file waiting in To Be Assigned gives an analyst its triage view only, until they take it;
 * reveals and downloads are limited per staff member, and the admins are alerted on a burst.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, emailOutbox, eq, filings, inArray, users } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { TAXPAYER } from '../../../test/samples.ts';

type Staff = { sid: string; userId: string };
type Client = { sid: string; userId: string; clientId: string };

const t = useTestApp();
let admin: Staff;
let analyst: Staff;
let otherAnalyst: Staff;
let taxYear: number;

const post = (who: { sid: string }, path: string, body: object) => t.postAs(who.sid, `/api/${path}`, body);

async function uploadW2(client: Client) {
  const form = new FormData();
  form.append('folderPath', `${client.clientId}/W2/`);
  form.append('client_id', client.clientId);
  form.append('upt_id', '1');
  form.append(
    'uploadedImages',
    new Blob([new Uint8Array(samplePdf(3000))], { type: 'application/pdf' }),
    'w2.pdf',
  );
  const res = await t.postFormAs(client.sid, '/api/upload/uploaddocs', form);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
}

/** A registered client with a taxpayer SSN and one W-2: their filing waits, unassigned, in To Be Assigned. */
async function newClient(email: string): Promise<Client> {
  const client = await signUpAndLogIn(t, email, { first: 'Asha', last: 'Rao' });
  const saved = await t.postAs(client.sid, '/api/user/savetaxpayer', { ...TAXPAYER, email });
  if (saved.statusCode !== 200) throw new Error(`profile save failed: ${saved.body}`);
  await uploadW2(client);
  return client;
}

/** Every call that works the file, as an analyst would make it on this client. */
const workingCalls = (clientId: string) =>
  [
    ['staff/clients/profile', { client_id: clientId }],
    ['staff/clients/profile/reveal', { client_id: clientId, subject: 'taxpayer.ssn' }],
    ['staff/clients/documents', { client_id: clientId }],
    ['staff/clients/status', { client_id: clientId, status: 'Basic Info Pending', comment: 'Call booked' }],
    ['staff/clients/filenumber', { client_id: clientId, file_number: 'TF-F04-1' }],
    ['staff/clients/nextfilenumber', { client_id: clientId }],
    ['staff/clients/verify', { client_id: clientId }],
    ['staff/clients/resetlink', { client_id: clientId }],
    ['staff/clients/notes/add', { client_id: clientId, body: 'A note' }],
    ['staff/summaries/list', { client_id: clientId }],
  ] as const;

const auditCount = async (actorUserId: string, actions: string[]) =>
  (
    await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, actorUserId), inArray(auditLog.action, actions)))
  ).length;

beforeAll(async () => {
  admin = await staffSession(t, 'admin.f04@firm.example', 'admin');
  await staffSession(t, 'admin2.f04@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst.f04@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.f04@firm.example', 'analyst');
  // Reveals also need a fresh step-up (F-15); these tests are about who may work the file.
  for (const member of [admin, analyst, otherAnalyst]) await stepUpSession(t, member.sid);
  taxYear = await currentTaxYear(t);
});

describe('F-04: an unassigned To Be Assigned file', () => {
  let asha: Client;
  beforeAll(async () => {
    asha = await newClient('asha.f04@example.com');
  });

  it('F-04: shows an analyst its triage view only: name, contact, status, tax year (audited as triage)', async () => {
    const res = await post(analyst, 'staff/clients/get', { client_id: asha.clientId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      access: 'triage',
      client: {
        client_id: asha.clientId,
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha.f04@example.com',
        file_number: null,
      },
      filing: { tax_year: taxYear, status: 'To Be Assigned', assigned_to: null },
      history: [],
      notes: [],
      payments: [],
      referrals: [],
    });
    expect(body.client.phone).toBeTruthy();
    expect(await auditCount(analyst.userId, ['staff.client.triage'])).toBe(1);
    expect(await auditCount(analyst.userId, ['staff.client.view'])).toBe(0);
    // An admin sees the whole file.
    expect((await post(admin, 'staff/clients/get', { client_id: asha.clientId })).json().access).toBe('full');
  });

  it('F-04: refuses an analyst every working call with 403 and a clear message, changing nothing', async () => {
    for (const [path, body] of workingCalls(asha.clientId)) {
      const res = await post(analyst, path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().status_smessage, path).toBe(MESSAGES.CLIENT_NOT_TAKEN);
      expect(res.body, path).not.toContain('6789');
    }
    const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, asha.clientId));
    expect(filing).toMatchObject({ status: 'To Be Assigned', assignedTo: null });
    expect(
      await auditCount(analyst.userId, [
        'staff.profile.view',
        'staff.profile.reveal',
        'staff.documents.list',
        'staff.client.status',
      ]),
    ).toBe(0);
  });

  it('F-04: refuses the download and ZIP links of an analyst whose file went back to To Be Assigned', async () => {
    // The analyst had the file and listed its documents; an admin then put it back, unassigned.
    await post(admin, 'staff/clients/assign', { client_id: asha.clientId, analyst_id: analyst.userId });
    const listing = (await post(analyst, 'staff/clients/documents', { client_id: asha.clientId })).json();
    const link = listing.categories[0].documents[0].download_url as string;
    const zip = listing.zip_url as string;
    expect((await t.getAs(analyst.sid, link)).statusCode).toBe(200);
    await post(admin, 'staff/clients/assign', { client_id: asha.clientId, analyst_id: null });
    for (const url of [link, zip]) {
      const res = await t.getAs(analyst.sid, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_NOT_TAKEN);
    }
  });

  it('F-04: once the analyst takes it, the file is theirs: the working calls answer, another analyst may not take it', async () => {
    const take = await post(analyst, 'staff/clients/assign', {
      client_id: asha.clientId,
      analyst_id: analyst.userId,
    });
    expect(take.statusCode, take.body).toBe(200);
    const file = (await post(analyst, 'staff/clients/get', { client_id: asha.clientId })).json();
    expect(file).toMatchObject({ access: 'full', filing: { assigned_to: { user_id: analyst.userId } } });
    const reveal = await post(analyst, 'staff/clients/profile/reveal', {
      client_id: asha.clientId,
      subject: 'taxpayer.ssn',
    });
    expect(reveal.json().value).toBe('123-45-6789');
    const listing = (await post(analyst, 'staff/clients/documents', { client_id: asha.clientId })).json();
    expect((await t.getAs(analyst.sid, listing.zip_url)).statusCode).toBe(200);
    for (const [path, body] of workingCalls(asha.clientId)) {
      expect((await post(analyst, path, body)).statusCode, path).toBe(200);
    }
    // Another analyst: neither the triage view nor the take.
    const other = await post(otherAnalyst, 'staff/clients/get', { client_id: asha.clientId });
    expect(other.statusCode).toBe(403);
    expect(other.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
    const grab = await post(otherAnalyst, 'staff/clients/assign', {
      client_id: asha.clientId,
      analyst_id: otherAnalyst.userId,
    });
    expect(grab.statusCode).toBe(409);
    expect(grab.json().status_smessage).toBe(MESSAGES.CLIENT_ALREADY_TAKEN);
    const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, asha.clientId));
    expect(filing?.assignedTo).toBe(analyst.userId);
  });

  it('F-04: an admin works an unassigned file without taking it', async () => {
    const bina = await newClient('bina.f04@example.com');
    const reveal = await post(admin, 'staff/clients/profile/reveal', {
      client_id: bina.clientId,
      subject: 'taxpayer.ssn',
    });
    expect(reveal.json().value).toBe('123-45-6789');
    const listing = await post(admin, 'staff/clients/documents', { client_id: bina.clientId });
    expect(listing.statusCode).toBe(200);
    expect((await t.getAs(admin.sid, listing.json().zip_url)).statusCode).toBe(200);
    expect((await post(admin, 'staff/clients/profile', { client_id: bina.clientId })).statusCode).toBe(200);
  });

  it("F-04: a returning client's upload in a new tax year opens a To Be Assigned filing that reopens nothing", async () => {
    // Chitra's file was the analyst's last year; this year has no filing until she uploads.
    const chitra = await newClient('chitra.f04@example.com');
    await t.database.db
      .update(filings)
      .set({ taxYear: taxYear - 1, status: 'Filing Docs Sent', assignedTo: analyst.userId })
      .where(eq(filings.clientId, chitra.clientId));
    await uploadW2(chitra);
    const [current] = await t.database.db
      .select()
      .from(filings)
      .where(and(eq(filings.clientId, chitra.clientId), eq(filings.taxYear, taxYear)));
    expect(current).toMatchObject({ status: 'To Be Assigned', assignedTo: null });
    for (const who of [analyst, otherAnalyst]) {
      for (const [path, body] of workingCalls(chitra.clientId)) {
        const res = await post(who, path, body);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().status_smessage, path).toBe(MESSAGES.CLIENT_NOT_TAKEN);
      }
    }
  });
});

describe('F-04: per-staff limits on reveals and downloads, and the alert to admins', () => {
  it('F-04: past 30 reveals in an hour every active admin is e-mailed once (audited); past 60 the answer is 429', async () => {
    const heavy = await staffSession(t, 'heavy.reveals@firm.example', 'analyst');
    await stepUpSession(t, heavy.sid);
    const deactivated = await staffSession(t, 'gone.admin@firm.example', 'admin');
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, deactivated.userId));
    const dina = await newClient('dina.f04@example.com');
    await post(heavy, 'staff/clients/assign', { client_id: dina.clientId, analyst_id: heavy.userId });
    const alerts = () =>
      t.database.db
        .select()
        .from(emailOutbox)
        .where(
          inArray(emailOutbox.to, [
            'admin.f04@firm.example',
            'admin2.f04@firm.example',
            'gone.admin@firm.example',
          ]),
        );
    const alertsBefore = (await alerts()).length;
    const reveal = () =>
      post(heavy, 'staff/clients/profile/reveal', { client_id: dina.clientId, subject: 'taxpayer.ssn' });
    for (let n = 1; n <= 30; n += 1) expect((await reveal()).statusCode).toBe(200);
    expect(await alerts()).toHaveLength(alertsBefore);
    expect((await reveal()).statusCode).toBe(200);
    const sent = (await alerts()).slice(alertsBefore);
    expect(sent.map((m) => m.to).sort()).toEqual(['admin.f04@firm.example', 'admin2.f04@firm.example']);
    expect(sent[0]?.subject).toBe('Alert: Ravi Shah passed 30 identity-number reveals in an hour');
    expect(sent[0]?.text).toContain('heavy.reveals@firm.example');
    expect(sent[0]?.text).not.toContain('123-45');
    expect(await auditCount(heavy.userId, ['staff.access.alert'])).toBe(1);
    for (let n = 32; n <= 60; n += 1) expect((await reveal()).statusCode).toBe(200);
    // One e-mail per admin in the hour, however many more.
    expect(await alerts()).toHaveLength(alertsBefore + 2);
    const refused = await reveal();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status_smessage: MESSAGES.TOO_MANY_REQUESTS,
    });
    expect(refused.body).not.toContain('6789');
    expect(await auditCount(heavy.userId, ['staff.profile.reveal'])).toBe(60);
    // The limit is the staff member's own: another analyst's reveals still answer.
    const elsa = await newClient('elsa.f04@example.com');
    await post(otherAnalyst, 'staff/clients/assign', {
      client_id: elsa.clientId,
      analyst_id: otherAnalyst.userId,
    });
    expect(
      (
        await post(otherAnalyst, 'staff/clients/profile/reveal', {
          client_id: elsa.clientId,
          subject: 'taxpayer.ssn',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('F-04: document and ZIP downloads share one counter: the admins are alerted past 100, 429 past 200', async () => {
    const heavy = await staffSession(t, 'heavy.downloads@firm.example', 'analyst');
    const fay = await newClient('fay.f04@example.com');
    await post(heavy, 'staff/clients/assign', { client_id: fay.clientId, analyst_id: heavy.userId });
    const listing = (await post(heavy, 'staff/clients/documents', { client_id: fay.clientId })).json();
    const link = listing.categories[0].documents[0].download_url as string;
    const zip = listing.zip_url as string;
    const alertRows = () => auditCount(heavy.userId, ['staff.access.alert']);
    for (let n = 1; n <= 100; n += 1) {
      expect((await t.getAs(heavy.sid, n % 10 === 0 ? zip : link)).statusCode).toBe(200);
    }
    expect(await alertRows()).toBe(0);
    expect((await t.getAs(heavy.sid, link)).statusCode).toBe(200);
    expect(await alertRows()).toBe(1);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Alert: Ravi Shah passed 100 document downloads in an hour'));
    expect(mails.map((m) => m.to).sort()).toEqual(['admin.f04@firm.example', 'admin2.f04@firm.example']);
    for (let n = 102; n <= 200; n += 1) expect((await t.getAs(heavy.sid, link)).statusCode).toBe(200);
    for (const url of [link, zip]) {
      const refused = await t.getAs(heavy.sid, url);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().status_smessage).toBe(MESSAGES.TOO_MANY_REQUESTS);
    }
    expect(await alertRows()).toBe(1);
    expect(await auditCount(heavy.userId, ['staff.document.download', 'staff.documents.zip'])).toBe(200);
  });
});
