import { auditLog, emailOutbox, eq, filings, taxSummaries } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../../test/files.ts';
import { createTestApp, signUpAndLogIn, staffSession, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let analyst: { sid: string; userId: string };
let other: { sid: string; userId: string };
let client: { sid: string; clientId: string };

beforeAll(async () => {
  t = await createTestApp();
  analyst = await staffSession(t, 'summaries.analyst@firm.example', 'analyst');
  other = await staffSession(t, 'summaries.other@firm.example', 'analyst');
  client = await signUpAndLogIn(t, 'summary.client@example.com', { first: 'Meera', last: 'Nair' });
  await t.database.db
    .update(filings)
    .set({ status: 'Pre-Synopsys Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, client.clientId));
});
afterAll(async () => {
  await t.close();
});

function upload(sid: string, fields: Record<string, string>, file: { bytes: Buffer; name: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('summary', new Blob([new Uint8Array(file.bytes)]), file.name);
  return t.postFormAs(sid, '/api/staff/summaries/upload', form);
}

const listFor = async (sid: string) =>
  (await t.postAs(sid, '/api/staff/summaries/list', { client_id: client.clientId })).json().summaries as {
    summary_id: string;
    title: string;
    status: string;
  }[];

describe('tax summaries from the staff side', () => {
  it('uploads a PDF as a draft the client does not see, publishes it, and the client is e-mailed and sees it', async () => {
    const res = await upload(
      analyst.sid,
      { client_id: client.clientId, title: '2025 Federal summary' },
      { bytes: samplePdf(), name: 'federal.pdf' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe('The summary was uploaded as a draft.');
    const [draft] = await listFor(analyst.sid);
    expect(draft).toMatchObject({ title: '2025 Federal summary', status: 'draft' });
    expect((await t.postAs(client.sid, '/api/user/usersynopsys')).json().synopsysinfo).toEqual([]);

    const publish = await t.postAs(analyst.sid, '/api/staff/summaries/publish', {
      summary_id: draft?.summary_id,
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const again = await t.postAs(analyst.sid, '/api/staff/summaries/publish', {
      summary_id: draft?.summary_id,
    });
    expect(again.statusCode).toBe(409);
    const seen = (await t.postAs(client.sid, '/api/user/usersynopsys')).json().synopsysinfo;
    expect(seen).toEqual([expect.objectContaining({ synopsys_title: '2025 Federal summary' })]);
    // The client's download gives back the uploaded bytes.
    const file = await t.getAs(client.sid, seen[0].synopsys_file);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, samplePdf())).toBe(0);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'summary.client@example.com'));
    expect(mails.map((m) => m.subject)).toContain('Your tax summary is ready for review');
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.clientId, client.clientId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.summary.upload', 'staff.summary.publish']),
    );
  });

  it('refuses a file that is not a PDF, a missing file or title, storing nothing', async () => {
    const before = await t.database.db.select().from(taxSummaries);
    const png = await upload(
      analyst.sid,
      { client_id: client.clientId, title: 'Picture' },
      { bytes: samplePng(), name: 'summary.pdf' },
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().status_smessage).toBe('A tax summary must be a PDF file.');
    const none = await upload(analyst.sid, { client_id: client.clientId, title: 'Nothing' }, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual({ summary: 'Choose the PDF of the summary.' });
    const untitled = await upload(
      analyst.sid,
      { client_id: client.clientId, title: ' ' },
      { bytes: samplePdf(), name: 'x.pdf' },
    );
    expect(untitled.json().details).toEqual({ title: 'Title is required' });
    expect(await t.database.db.select().from(taxSummaries)).toHaveLength(before.length);
  });

  it('is refused for a file another analyst has, and to clients', async () => {
    const res = await upload(
      other.sid,
      { client_id: client.clientId, title: 'Sneaky' },
      { bytes: samplePdf(), name: 'sneaky.pdf' },
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await t.postAs(other.sid, '/api/staff/summaries/list', { client_id: client.clientId })).statusCode,
    ).toBe(403);
    const [summary] = await listFor(analyst.sid);
    expect(
      (await t.postAs(other.sid, '/api/staff/summaries/delete', { summary_id: summary?.summary_id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.postAs(client.sid, '/api/staff/summaries/list', { client_id: client.clientId })).statusCode,
    ).toBe(403);
  });

  it('deletes a summary and its file', async () => {
    const [summary] = await listFor(analyst.sid);
    const [row] = await t.database.db
      .select()
      .from(taxSummaries)
      .where(eq(taxSummaries.id, summary?.summary_id ?? ''));
    const res = await t.postAs(analyst.sid, '/api/staff/summaries/delete', {
      summary_id: summary?.summary_id,
    });
    expect(res.statusCode).toBe(200);
    expect(await listFor(analyst.sid)).toEqual([]);
    await expect(t.storage.get(row?.storageKey ?? '')).rejects.toThrow();
    expect((await t.postAs(client.sid, '/api/user/usersynopsys')).json().synopsysinfo).toEqual([]);
  });
});
