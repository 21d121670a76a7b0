/**
 * Issue 19: staff marked offshore (the India team) cannot open a file whose client has no §7216 Yes in force,
 * by any staff call that takes a file, admins included and without a triage view; once the client says Yes
 * they can, but still never see an identity number in full.
 */
import { randomUUID } from 'node:crypto';
import { CALLS, MESSAGES, type CallDefinition } from '@taxfirm/contract';
import { eq, filings, payments, referrals, siteSettings, staffActivity, users } from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { TAXPAYER } from '../../../test/samples.ts';

const t = useTestApp();
type Member = { sid: string; userId: string };
let usAdmin: Member;
let offshoreAdmin: Member;
let offshoreAnalyst: Member;
let currentTaxYear = 0;
let client: { sid: string; userId: string; clientId: string };

type CallMaker = (sid: string, clientId: string) => Promise<LightMyRequestResponse>;
const post =
  (path: string, body: (clientId: string) => object): CallMaker =>
  (sid, clientId) =>
    t.postAs(sid, `/api/${path}`, body(clientId));
const form =
  (path: string, fields: (clientId: string) => Record<string, string>, file?: string): CallMaker =>
  (sid, clientId) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields(clientId))) data.append(name, value);
    if (file) {
      data.append(
        file,
        new Blob([new Uint8Array(samplePdf(2000))], { type: 'application/pdf' }),
        `${file}.pdf`,
      );
    }
    return t.postFormAs(sid, `/api/${path}`, data);
  };

/** How each staff call that takes a client is made (the keys must cover every such call in CALLS). */
const CLIENT_CALLS: Record<string, CallMaker> = {
  staffSummaries: post('staff/summaries/list', (id) => ({ client_id: id })),
  staffSummaryUpload: form(
    'staff/summaries/upload',
    (id) => ({ client_id: id, title: 'Summary' }),
    'summary',
  ),
  staffClient: post('staff/clients/get', (id) => ({ client_id: id })),
  staffChangeStatus: post('staff/clients/status', (id) => ({
    client_id: id,
    status: 'Basic Info Pending',
    comment: 'Call booked',
  })),
  staffSetFileNumber: post('staff/clients/filenumber', (id) => ({ client_id: id, file_number: 'TF-OFF-1' })),
  staffAssign: post('staff/clients/assign', (id) => ({ client_id: id, analyst_id: null })),
  staffAddNote: post('staff/clients/notes/add', (id) => ({ client_id: id, body: 'A note' })),
  staffSendResetLink: post('staff/clients/resetlink', (id) => ({ client_id: id })),
  staffClientContact: post('staff/clients/contact', (id) => ({
    client_id: id,
    email: 'offshore.file@example.com',
    phone_ext: 'US',
    phone: '4695550100',
  })),
  staffVerifyClient: post('staff/clients/verify', (id) => ({ client_id: id })),
  staffNextFileNumber: post('staff/clients/nextfilenumber', (id) => ({ client_id: id })),
  staffDocuments: post('staff/clients/documents', (id) => ({ client_id: id })),
  staffProfile: post('staff/clients/profile', (id) => ({ client_id: id })),
  staffRevealIdentity: post('staff/clients/profile/reveal', (id) => ({
    client_id: id,
    subject: 'taxpayer.ssn',
  })),
  staffRequestsList: post('staff/requests/list', (id) => ({ client_id: id })),
  staffRequestsRemind: post('staff/requests/remind', (id) => ({ client_id: id })),
  staffRequestsItemsAdd: post('staff/requests/items/add', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item: { type: 'w2', title: 'W-2 from Acme' },
  })),
  staffRequestsItemsEdit: post('staff/requests/items/edit', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item_id: randomUUID(),
    item: { type: 'w2', title: 'W-2 from Acme' },
  })),
  staffRequestsItemsRemove: post('staff/requests/items/remove', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item_id: randomUUID(),
  })),
  staffRequestsItemsNotApplicable: post('staff/requests/items/notapplicable', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item_id: randomUUID(),
  })),
  staffRequestsItemsReopen: post('staff/requests/items/reopen', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item_id: randomUUID(),
  })),
  staffRequestsItemsReorder: post('staff/requests/items/reorder', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    item_ids: [],
  })),
  staffRequestsApplyTemplate: post('staff/requests/applytemplate', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    template_id: randomUUID(),
  })),
  staffMessagesThread: post('staff/messages/thread', (id) => ({ client_id: id })),
  staffMessagesSend: form('staff/messages/send', (id) => ({ client_id: id, body: 'Hello' })),
  staffMessagesStatus: post('staff/messages/status', (id) => ({ client_id: id, status: 'waiting' })),
  staffSignaturesCreate: form(
    'staff/signatures/create',
    (id) => ({ client_id: id, kind: 'other', title: 'Letter', signers: 'taxpayer' }),
    'document',
  ),
  staffSignaturesList: post('staff/signatures/list', (id) => ({ client_id: id })),
  staffInvoicesCreate: post('staff/invoices/create', (id) => ({
    client_id: id,
    taxy: currentTaxYear,
    lines: [{ description: 'Federal return (Form 1040)', quantity: 1, unit_amount: 30000 }],
  })),
  staffInvoicesList: post('staff/invoices/list', (id) => ({ client_id: id })),
  staffDeliverablesList: post('staff/deliverables/list', (id) => ({ client_id: id })),
  staffDeliverablesSave: post('staff/deliverables/save', (id) => ({ client_id: id, kind: 'itr' })),
  staffDeliverablesRemove: post('staff/deliverables/remove', (id) => ({
    client_id: id,
    deliverable_id: '00000000-0000-4000-8000-000000000000',
  })),
  staffOrganizerGet: post('staff/organizer/get', (id) => ({ client_id: id })),
  staffOrganizerSave: post('staff/organizer/save', (id) => ({
    client_id: id,
    answers: {},
    reason: 'Phoned',
  })),
  staffOrganizerSend: post('staff/organizer/send', (id) => ({ client_id: id })),
  staffHouseholdList: post('staff/household/list', (id) => ({ client_id: id })),
  staffHouseholdInvite: post('staff/household/invite', (id) => ({
    client_id: id,
    first_name: 'Vikram',
    last_name: 'Rao',
    email: 'offshore.spouse@example.com',
  })),
};

/** The one staff call with a `client_id` that is not a file's: the audit log's optional filter (admins'). */
const NOT_HERE = new Set(['auditLog']);

/** A body schema's top-level fields (an object schema's; the multipart calls' are built with zod/v4/core). */
const bodyKeys = (call: CallDefinition): string[] => {
  type Shape = Record<string, unknown>;
  const body = call.body as unknown as { shape?: Shape; _zod?: { def?: { shape?: Shape } } };
  const shape = body.shape ?? body._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
};

/** The client answers (signing in again: the staff calls above may have ended their sessions). */
async function answer(offshore: 'yes' | 'no') {
  const login = await t.post('/api/login/check', {
    email: 'offshore.file@example.com',
    password: 'a long test password',
  });
  const sid = login.cookies.find((c) => c.name === 'sid')?.value ?? '';
  const res = await t.postAs(sid, '/api/account/consents/save', { offshore, signature: 'Asha Rao' });
  expect(res.statusCode, res.body).toBe(200);
}

/** The clients of the threads in a staff member's messages inbox. */
const inboxClients = async (sid: string) =>
  ((await t.postAs(sid, '/api/staff/messages/inbox', {})).json().threads as { client_id: string }[]).map(
    (th) => th.client_id,
  );

/** The clients in a staff member's activity feed (its first page). */
const feedClients = async (sid: string) =>
  ((await t.postAs(sid, '/api/staff/activity/list', {})).json().items as { client_id: string }[]).map(
    (item) => item.client_id,
  );

/** Whether an admin's inbox list and its CSV export both show `text` (both or neither, never one). */
const inboxSees = async (sid: string, list: 'payments' | 'referrals', text: string) => {
  const res = await t.postAs(sid, `/api/staff/inbox/${list}/list`, {});
  expect(res.statusCode, res.body).toBe(200);
  const inList = res.body.includes(text);
  const csv = await t.getAs(sid, `/api/staff/inbox/export/${list}`);
  expect(csv.statusCode, csv.body).toBe(200);
  expect(csv.body.includes(text), `${list} CSV`).toBe(inList);
  return inList;
};

/** An admin's audit log entries (the first 100), optionally of one client. */
const auditEntries = async (sid: string, filter: { client_id?: string }) => {
  const res = await t.postAs(sid, '/api/staff/audit/list', {
    ...filter,
    dataTablesParameters: { draw: 1, start: 0, length: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { client: { client_id: string } | null }[];
};

const profileCall: CallMaker = post('staff/clients/profile', (id) => ({ client_id: id }));

const isUsOnly = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && res.json().status_smessage === MESSAGES.CLIENT_US_ONLY;

beforeAll(async () => {
  currentTaxYear = (await t.database.db.select().from(siteSettings))[0]?.currentTaxYear ?? 0;
  usAdmin = await staffSession(t, 'us.admin@firm.example', 'admin');
  offshoreAdmin = await staffSession(t, 'offshore.admin@firm.example', 'admin');
  offshoreAnalyst = await staffSession(t, 'offshore.analyst@firm.example', 'analyst');
  await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshoreAdmin.userId));
  await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshoreAnalyst.userId));
  for (const member of [usAdmin, offshoreAdmin, offshoreAnalyst]) await stepUpSession(t, member.sid);
  client = await signUpAndLogIn(t, 'offshore.file@example.com');
  const saved = await t.postAs(client.sid, '/api/user/savetaxpayer', {
    ...TAXPAYER,
    email: 'offshore.file@example.com',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('offshore staff on a US-only file', () => {
  it('the list covers every staff call that takes a client_id', () => {
    const taking = Object.entries(CALLS)
      .filter(([, call]) => call.access !== 'client' && call.access !== 'public')
      .filter(([, call]) => bodyKeys(call).includes('client_id'))
      .map(([name]) => name)
      .filter((name) => !NOT_HERE.has(name))
      .sort();
    expect(Object.keys(CLIENT_CALLS).sort()).toEqual(taking);
  });

  it('refuses an offshore admin by every such call (403 CLIENT_US_ONLY) while the client has not answered', async () => {
    for (const [name, call] of Object.entries(CLIENT_CALLS)) {
      const res = await call(offshoreAdmin.sid, client.clientId);
      expect(isUsOnly(res), `${name}: ${res.statusCode} ${res.body}`).toBe(true);
    }
  });

  it('refuses an offshore analyst even the triage view, and taking the file', async () => {
    const view = await t.postAs(offshoreAnalyst.sid, '/api/staff/clients/get', {
      client_id: client.clientId,
    });
    expect(isUsOnly(view), view.body).toBe(true);
    const take = await t.postAs(offshoreAnalyst.sid, '/api/staff/clients/assign', {
      client_id: client.clientId,
      analyst_id: offshoreAnalyst.userId,
    });
    expect(isUsOnly(take), take.body).toBe(true);
  });

  it('an admin cannot give the US-only file to an offshore analyst', async () => {
    const res = await t.postAs(usAdmin.sid, '/api/staff/clients/assign', {
      client_id: client.clientId,
      analyst_id: offshoreAnalyst.userId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_US_ONLY);
  });

  it('lets a US admin make every such call (none answers CLIENT_US_ONLY)', async () => {
    for (const [name, call] of Object.entries(CLIENT_CALLS)) {
      const res = await call(usAdmin.sid, client.clientId);
      expect(isUsOnly(res), `${name}: ${res.statusCode} ${res.body}`).toBe(false);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
    }
    const view = await t.postAs(usAdmin.sid, '/api/staff/clients/get', { client_id: client.clientId });
    expect(view.statusCode).toBe(200);
  });

  it("leaves the file out of an offshore member's work queues; a US member sees it with its state", async () => {
    const list = (sid: string) => t.postAs(sid, '/api/staff/clients/list', {});
    const ids = async (sid: string) =>
      ((await list(sid)).json().data as { client_id: string }[]).map((r) => r.client_id);
    expect(await ids(offshoreAdmin.sid)).not.toContain(client.clientId);
    expect(await ids(offshoreAnalyst.sid)).not.toContain(client.clientId);
    const rows = (await list(usAdmin.sid)).json().data as { client_id: string; offshore_state: string }[];
    expect(rows.find((r) => r.client_id === client.clientId)?.offshore_state).toBe('unanswered');
    const counts = async (sid: string) => (await t.postAs(sid, '/api/staff/clients/queues', {})).json().total;
    expect(await counts(offshoreAdmin.sid)).toBe((await counts(usAdmin.sid)) - 1);
    const view = await t.postAs(usAdmin.sid, '/api/staff/clients/get', { client_id: client.clientId });
    expect(view.json().consents).toMatchObject({ offshore_state: 'unanswered', offshore: null });
  });

  it('refuses after a No too', async () => {
    await answer('no');
    // The US admin's message above opened a thread: only US staff see it in the inbox.
    expect(await inboxClients(usAdmin.sid)).toContain(client.clientId);
    expect(await inboxClients(offshoreAdmin.sid)).not.toContain(client.clientId);
    const res = await profileCall(offshoreAdmin.sid, client.clientId);
    expect(isUsOnly(res)).toBe(true);
    const view = await t.postAs(usAdmin.sid, '/api/staff/clients/get', { client_id: client.clientId });
    expect(view.json().consents).toMatchObject({
      offshore_state: 'no',
      offshore: { granted: false, signature: 'Asha Rao', expires_at: null },
    });
  });

  it("leaves the client out of an offshore member's activity feed", async () => {
    await t.database.db.insert(staffActivity).values({
      clientId: client.clientId,
      taxYear: currentTaxYear,
      kind: 'upload',
      summary: 'Uploaded 1 file (W2)',
    });
    expect(await feedClients(usAdmin.sid)).toContain(client.clientId);
    expect(await feedClients(offshoreAdmin.sid)).not.toContain(client.clientId);
  });

  it("leaves the client out of an offshore admin's inbox payments and referrals, and their CSVs", async () => {
    const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, client.clientId));
    await t.database.db.insert(payments).values({
      clientId: client.clientId,
      filingId: filing?.id ?? '',
      provider: 'sandbox',
      orderId: 'order_OffshoreInbox1',
      amountCents: 4200,
      currency: 'USD',
    });
    await t.database.db.insert(referrals).values({
      clientId: client.clientId,
      taxYear: currentTaxYear,
      referrerName: 'Asha Rao',
      referrerEmail: 'offshore.file@example.com',
      referrerPhone: '4695550100',
      referrerPhoneExt: 'US',
      friendName: 'Farah Friend',
      friendEmail: 'farah.friend@example.com',
      friendPhone: '4695550199',
      friendPhoneExt: 'US',
      comment: 'A colleague',
    });
    for (const [sid, seen] of [
      [usAdmin.sid, true],
      [offshoreAdmin.sid, false],
    ] as const) {
      expect(await inboxSees(sid, 'payments', 'order_OffshoreInbox1')).toBe(seen);
      expect(await inboxSees(sid, 'referrals', 'Farah Friend')).toBe(seen);
    }
  });

  it("leaves the client's entries out of an offshore admin's audit log, never the firm's own", async () => {
    expect(await auditEntries(usAdmin.sid, { client_id: client.clientId })).not.toEqual([]);
    expect(await auditEntries(offshoreAdmin.sid, { client_id: client.clientId })).toEqual([]);
    const all = await auditEntries(offshoreAdmin.sid, {});
    expect(all.some((entry) => entry.client?.client_id === client.clientId)).toBe(false);
    expect(all.some((entry) => entry.client === null)).toBe(true);
  });
});

describe('once the client says Yes', () => {
  beforeAll(async () => {
    await answer('yes');
  });

  it("shows the client in an offshore member's activity feed, audit log and inbox", async () => {
    expect(await feedClients(offshoreAdmin.sid)).toContain(client.clientId);
    expect(await inboxSees(offshoreAdmin.sid, 'payments', 'order_OffshoreInbox1')).toBe(true);
    expect(await inboxSees(offshoreAdmin.sid, 'referrals', 'Farah Friend')).toBe(true);
    expect(await auditEntries(offshoreAdmin.sid, { client_id: client.clientId })).not.toEqual([]);
  });

  it('lets the offshore admin make every such call, but never reveal an identity number', async () => {
    for (const [name, call] of Object.entries(CLIENT_CALLS)) {
      const res = await call(offshoreAdmin.sid, client.clientId);
      expect(isUsOnly(res), `${name}: ${res.statusCode} ${res.body}`).toBe(false);
      if (name === 'staffRevealIdentity') {
        expect(res.statusCode).toBe(403);
        expect(res.json().status_smessage).toBe(MESSAGES.FORBIDDEN);
      } else {
        expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      }
    }
    const listed = await t.postAs(offshoreAdmin.sid, '/api/staff/clients/list', {});
    const row = (listed.json().data as { client_id: string; offshore_state: string }[]).find(
      (r) => r.client_id === client.clientId,
    );
    expect(row?.offshore_state).toBe('yes');
    expect(await inboxClients(offshoreAdmin.sid)).toContain(client.clientId);
    const profile = await profileCall(offshoreAdmin.sid, client.clientId);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('123-45-6789');
  });

  it('the file can be given to the offshore analyst, who then works it', async () => {
    const before = await t.postAs(offshoreAnalyst.sid, '/api/staff/clients/get', {
      client_id: client.clientId,
    });
    // Not theirs yet (the status has moved on from To Be Assigned): the ordinary refusal, not US-only.
    expect(before.statusCode).toBe(403);
    expect(isUsOnly(before)).toBe(false);
    const give = await t.postAs(usAdmin.sid, '/api/staff/clients/assign', {
      client_id: client.clientId,
      analyst_id: offshoreAnalyst.userId,
    });
    expect(give.statusCode, give.body).toBe(200);
    const full = await t.postAs(offshoreAnalyst.sid, '/api/staff/clients/get', {
      client_id: client.clientId,
    });
    expect(full.json().access).toBe('full');
  });
});
