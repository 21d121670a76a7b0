import { auditLog, emailOutbox, eq, filings, taxSummaries } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let analyst: { sid: string; userId: string };
let other: { sid: string; userId: string };
let client: { sid: string; clientId: string };

beforeAll(async () => {
  analyst = await staffSession(t, 'summaries.analyst@firm.example', 'analyst');
  other = await staffSession(t, 'summaries.other@firm.example', 'analyst');
  client = await signUpAndLogIn(t, 'summary.client@example.com', { first: 'Meera', last: 'Nair' });
  await t.database.db
    .update(filings)
    .set({ status: 'Pre-Synopsys Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, client.clientId));
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

  it('deletes a draft and its file; the published summary stays', async () => {
    const draft = await upload(
      analyst.sid,
      { client_id: client.clientId, title: 'Draft to discard' },
      { bytes: samplePdf(), name: 'discard.pdf' },
    );
    expect(draft.statusCode, draft.body).toBe(200);
    const summary = (await listFor(analyst.sid)).find((s) => s.title === 'Draft to discard');
    const [row] = await t.database.db
      .select()
      .from(taxSummaries)
      .where(eq(taxSummaries.id, summary?.summary_id ?? ''));
    const res = await t.postAs(analyst.sid, '/api/staff/summaries/delete', {
      summary_id: summary?.summary_id,
    });
    expect(res.statusCode).toBe(200);
    expect((await listFor(analyst.sid)).map((s) => s.title)).toEqual(['2025 Federal summary']);
    await expect(t.storage.get(row?.storageKey ?? '')).rejects.toThrow();
    expect(
      (await t.postAs(client.sid, '/api/user/usersynopsys'))
        .json()
        .synopsysinfo.map((s: { synopsys_title: string }) => s.synopsys_title),
    ).toEqual(['2025 Federal summary']);
  });
});

describe('F-12: summaries are authorised on their own filing, and a published one is kept', () => {
  it('F-12: refuses to delete a published summary (409, nothing changed); a newer version supersedes it', async () => {
    const [published] = await listFor(analyst.sid);
    expect(published).toMatchObject({ title: '2025 Federal summary', status: 'published' });
    const before = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.summary.delete'))
    ).length;
    const refused = await t.postAs(analyst.sid, '/api/staff/summaries/delete', {
      summary_id: published?.summary_id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status_smessage).toBe(
      'A published summary cannot be deleted: the client has seen it. Publish a newer version with the same title to replace it.',
    );
    const [kept] = await t.database.db
      .select()
      .from(taxSummaries)
      .where(eq(taxSummaries.id, published?.summary_id ?? ''));
    expect(kept?.status).toBe('published');
    await expect(t.storage.get(kept?.storageKey ?? '')).resolves.toBeDefined();
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.summary.delete')),
    ).toHaveLength(before);

    // The correction: a newer version of the same title, published, supersedes it.
    const newer = await upload(
      analyst.sid,
      { client_id: client.clientId, title: '2025 federal SUMMARY' },
      { bytes: samplePdf(), name: 'federal-v2.pdf' },
    );
    expect(newer.statusCode, newer.body).toBe(200);
    const draft = (await listFor(analyst.sid)).find((s) => s.status === 'draft');
    const publish = await t.postAs(analyst.sid, '/api/staff/summaries/publish', {
      summary_id: draft?.summary_id,
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const statuses = Object.fromEntries((await listFor(analyst.sid)).map((s) => [s.summary_id, s.status]));
    expect(statuses).toEqual({
      [published?.summary_id ?? '']: 'superseded',
      [draft?.summary_id ?? '']: 'published',
    });
    const seen = (await t.postAs(client.sid, '/api/user/usersynopsys')).json().synopsysinfo;
    expect(seen.map((s: { synopsys_status: string }) => s.synopsys_status).sort()).toEqual([
      'Ready for your review',
      'Replaced by a newer version',
    ]);
    // A superseded summary is kept too.
    const superseded = await t.postAs(analyst.sid, '/api/staff/summaries/delete', {
      summary_id: published?.summary_id,
    });
    expect(superseded.statusCode).toBe(409);
  });

  it("F-12: publish and delete are checked on the summary's own filing, not the client's current one", async () => {
    // Last year's filing is the other analyst's; this year's is the analyst's. A draft of last year's filing
    // must not be published or deleted by the analyst who has only this year's file.
    const taxYear = (
      await t.database.db.select().from(filings).where(eq(filings.clientId, client.clientId))
    )[0]?.taxYear as number;
    const [lastYear] = await t.database.db
      .insert(filings)
      .values({
        clientId: client.clientId,
        taxYear: taxYear - 1,
        status: 'Filing Docs Sent',
        assignedTo: other.userId,
      })
      .returning({ id: filings.id });
    const [theirs] = await t.database.db
      .insert(taxSummaries)
      .values({
        filingId: lastYear?.id ?? '',
        clientId: client.clientId,
        title: 'Last year draft',
        status: 'draft',
        originalName: 'last.pdf',
        size: 10,
        contentType: 'application/pdf',
        storageKey: 'summaries/last-year-draft',
        sha256: 'x'.repeat(64),
      })
      .returning({ id: taxSummaries.id });
    for (const path of ['/api/staff/summaries/publish', '/api/staff/summaries/delete']) {
      const res = await t.postAs(analyst.sid, path, { summary_id: theirs?.id });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().status_smessage).toBe('This client is assigned to another analyst.');
    }
    const [row] = await t.database.db
      .select()
      .from(taxSummaries)
      .where(eq(taxSummaries.id, theirs?.id ?? ''));
    expect(row?.status).toBe('draft');
    // Its own analyst may.
    const mine = await t.postAs(other.sid, '/api/staff/summaries/delete', { summary_id: theirs?.id });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});
