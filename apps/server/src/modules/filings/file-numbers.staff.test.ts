import { MESSAGES } from '@taxfirm/contract';
import { clients, eq, filings, siteSettings } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
const ids: Record<string, string> = {};
let clientSid = '';

const setFormat = (format: string) =>
  t.database.db
    .update(siteSettings)
    .set({ fileNumberFormat: format })
    .where(eq(siteSettings.singleton, true));
const giveNumber = (key: string, fileNumber: string | null) =>
  t.database.db
    .update(clients)
    .set({ fileNumber })
    .where(eq(clients.id, ids[key] ?? ''));
const suggest = (sid: string, body: Record<string, unknown>) =>
  t.postAs(sid, '/api/staff/clients/nextfilenumber', body);

beforeAll(async () => {
  // Filings are opened for the current tax year at sign-up: make it 2025 first.
  await t.database.db
    .update(siteSettings)
    .set({ currentTaxYear: 2025, firstTaxYear: 2021 })
    .where(eq(siteSettings.singleton, true));
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  for (const key of ['a', 'b', 'c', 'd', 'new']) {
    const account = await signUpAndLogIn(t, `${key}@example.com`);
    ids[key] = account.clientId;
    if (key === 'new') clientSid = account.sid;
  }
  await giveNumber('a', 'TF25-0001');
  await giveNumber('b', 'TF25-0003');
  await giveNumber('c', '2025-0042'); // the default format's numbering
  await giveNumber('d', 'TF24-0090'); // last year's
});

describe('staff/clients/nextfilenumber', () => {
  it('suggests one past the highest number of the format and year, ignoring other formats and years', async () => {
    await setFormat('TF{YY}-{NNNN}');
    const res = await suggest(admin.sid, { client_id: ids['new'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ http_code: 200, status_smessage: 'Success', file_number: 'TF25-0004' });
  });

  it('numbers another tax year on its own', async () => {
    await t.database.db.insert(filings).values({ clientId: ids['new'] ?? '', taxYear: 2024 });
    const res = await suggest(admin.sid, { client_id: ids['new'], taxy: 2024 });
    expect(res.json().file_number).toBe('TF24-0091');
  });

  it('follows a change of format at once', async () => {
    await setFormat('{YYYY}-{NNNN}');
    expect((await suggest(admin.sid, { client_id: ids['new'] })).json().file_number).toBe('2025-0043');
    await setFormat('NW/{YY}_{NN}');
    expect((await suggest(admin.sid, { client_id: ids['new'] })).json().file_number).toBe('NW/25_01');
  });

  it('keeps counting past the padding', async () => {
    await setFormat('TF{YY}-{NNNN}');
    await giveNumber('d', 'TF25-9999');
    expect((await suggest(admin.sid, { client_id: ids['new'] })).json().file_number).toBe('TF25-10000');
    await giveNumber('c', 'TF25-10000');
    expect((await suggest(admin.sid, { client_id: ids['new'] })).json().file_number).toBe('TF25-10001');
    await giveNumber('d', 'TF24-0090');
    await giveNumber('c', '2025-0042');
  });

  it('suggests a number the file-number call accepts', async () => {
    await setFormat('F/{YYYY}_{NNN}');
    const { file_number: suggested } = (await suggest(admin.sid, { client_id: ids['new'] })).json();
    expect(suggested).toBe('F/2025_001');
    const saved = await t.postAs(admin.sid, '/api/staff/clients/filenumber', {
      client_id: ids['new'],
      file_number: suggested,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await suggest(admin.sid, { client_id: ids['a'] })).json().file_number).toBe('F/2025_002');
    await giveNumber('new', null);
  });

  it("lets an analyst ask for a file they have taken, not an unassigned one (F-04) or another analyst's", async () => {
    await setFormat('TF{YY}-{NNNN}');
    // Sign-up leaves filings unassigned in To Be Assigned: an analyst takes the file first.
    const untaken = await suggest(analyst.sid, { client_id: ids['new'] });
    expect(untaken.statusCode).toBe(403);
    expect(untaken.json().status_smessage).toBe(MESSAGES.CLIENT_NOT_TAKEN);
    const take = await t.postAs(analyst.sid, '/api/staff/clients/assign', {
      client_id: ids['new'],
      analyst_id: analyst.userId,
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await suggest(analyst.sid, { client_id: ids['new'] })).json().file_number).toBe('TF25-0004');
    const other = await staffSession(t, 'other@firm.example', 'analyst');
    await t.database.db
      .update(filings)
      .set({ status: 'Docs Upload Pending', assignedTo: other.userId })
      .where(eq(filings.clientId, ids['b'] ?? ''));
    const refused = await suggest(analyst.sid, { client_id: ids['b'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
  });

  it('refuses a client session (403), no session (401), an unknown client (404) and a bad id (400)', async () => {
    expect((await suggest(clientSid, { client_id: ids['new'] })).statusCode).toBe(403);
    expect((await t.post('/api/staff/clients/nextfilenumber', { client_id: ids['new'] })).statusCode).toBe(
      401,
    );
    const unknown = await suggest(admin.sid, { client_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const bad = await suggest(admin.sid, { client_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ client_id: MESSAGES.CLIENT_NOT_FOUND });
  });
});
