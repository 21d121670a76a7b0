/**
 * Bulk actions (issue 36): a job over chosen files or every file a queue filter matches, done one file at a
 * time under the single-file rules; resumable, idempotent, audited per file.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, bulkJobItems, bulkJobs, eq, filings, requestItems, sql, users } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, seedFirm, type Firm } from '../../../test/factories.ts';
import { signUpAndLogIn, useTestApp, type ClientSession } from '../../../test/helpers.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { runBulkPass } from './bulk-runner.ts';
import { keyring, mailsTo } from './testing/bulk-kit.ts';

const t = useTestApp();
let firm: Firm;
/** Five more clients, each with a filing of the tax year. */
const more: ClientSession[] = [];

let voice: FirmVoice;

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'bulk' });
  voice = { firm: await (await createSettingsCache(t.database)).firm(), appUrl: 'http://localhost:3000' };
  for (const name of ['Anil', 'Bina', 'Chetan', 'Divya', 'Esha']) {
    more.push(
      await signUpAndLogIn(t, `${name.toLowerCase()}.bulk@example.com`, { first: name, last: 'Patel' }),
    );
  }
});

/** Run the runner until nothing is left (as the background pass would, a second apart). */
const runAll = async () => {
  let total = 0;
  for (;;) {
    const done = await runBulkPass(t.database.db, { voice, keyring, storage: t.storage });
    total += done;
    if (done === 0) return total;
  }
};
const start = (sid: string, body: Record<string, unknown>) =>
  t.postAs(sid, '/api/staff/bulk/start', { request_id: randomUUID(), taxy: firm.taxYear, ...body });
const status = (sid: string, jobId?: string) =>
  t.postAs(sid, '/api/staff/bulk/status', jobId ? { job_id: jobId } : {});
const filingOf = async (client: ClientSession) =>
  (
    await t.database.db
      .select()
      .from(filings)
      .where(and(eq(filings.clientId, client.clientId), eq(filings.taxYear, firm.taxYear)))
  )[0];

describe('staff/bulk/start and the runner', () => {
  it('assigns chosen files in turn to two analysts, in the order chosen; each file audited', async () => {
    const chosen = more.slice(0, 4);
    for (const client of chosen) await assignFiling(t, client, null, 'To Be Assigned');
    const res = await start(firm.admin.sid, {
      action: { kind: 'assign', analyst_ids: [firm.analyst.userId, firm.otherAnalyst.userId] },
      selection: { client_ids: chosen.map((c) => c.clientId) },
    });
    expect(res.statusCode).toBe(200);
    const { job_id, total } = res.json();
    expect(total).toBe(4);
    expect((await status(firm.admin.sid, job_id)).json().jobs[0]).toMatchObject({
      state: 'running',
      done: 0,
      summary: 'Assign in turn to Ravi Shah, Ravi Shah',
    });

    expect(await runAll()).toBe(4);
    const owners = await Promise.all(chosen.map(async (c) => (await filingOf(c))?.assignedTo));
    expect(owners).toEqual([
      firm.analyst.userId,
      firm.otherAnalyst.userId,
      firm.analyst.userId,
      firm.otherAnalyst.userId,
    ]);
    const job = (await status(firm.admin.sid, job_id)).json().jobs[0];
    expect(job).toMatchObject({ state: 'finished', total: 4, done: 4, skipped: 0, failed: 0, problems: [] });
    expect(job.finished_at).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.bulk.file'), sql`${auditLog.subject} like ${`${job_id}%`}`));
    expect(audits.map((a) => a.clientId).sort()).toEqual(chosen.map((c) => c.clientId).sort());
    expect(audits.every((a) => a.subject === `${job_id} done` && a.actorUserId === firm.admin.userId)).toBe(
      true,
    );
  });

  it('changes the status of every file a queue filter matches: each client e-mailed once, a retry sends nothing', async () => {
    const files = more.slice(0, 3);
    for (const client of files) await assignFiling(t, client, firm.analyst, 'Docs Upload Pending');
    const filter = { status: 'Docs Upload Pending', owner: firm.analyst.userId };
    // The confirmation counted another number: refused, nothing started.
    const stale = await start(firm.admin.sid, {
      action: { kind: 'status', status: 'Preparation Pending', comment: 'Documents are in' },
      selection: { filter, expected: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status_smessage).toBe(MESSAGES.BULK_SELECTION_CHANGED);

    const before = await Promise.all(files.map((c) => mailsTo(t, c)));
    const request_id = randomUUID();
    const body = {
      request_id,
      taxy: firm.taxYear,
      action: { kind: 'status', status: 'Preparation Pending', comment: 'Documents are in' },
      selection: { filter, expected: 3 },
    };
    const first = await t.postAs(firm.admin.sid, '/api/staff/bulk/start', body);
    expect(first.statusCode).toBe(200);
    // The same confirmation sent again answers the same job: no second set of files.
    const again = await t.postAs(firm.admin.sid, '/api/staff/bulk/start', body);
    expect(again.json().job_id).toBe(first.json().job_id);
    const items = await t.database.db
      .select()
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, first.json().job_id));
    expect(items).toHaveLength(3);

    await runAll();
    for (const client of files) expect((await filingOf(client))?.status).toBe('Preparation Pending');
    const sent = (await Promise.all(files.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(sent).toEqual([1, 1, 1]);
    // A second job with the same action: every file is already there, skipped with the reason, no e-mail.
    const retry = await start(firm.admin.sid, {
      action: { kind: 'status', status: 'Preparation Pending', comment: 'Documents are in' },
      selection: { client_ids: files.map((c) => c.clientId) },
    });
    await runAll();
    const job = (await status(firm.admin.sid, retry.json().job_id)).json().jobs[0];
    expect(job).toMatchObject({ done: 0, skipped: 3 });
    expect(job.problems.map((p: { reason: string }) => p.reason)).toEqual([
      MESSAGES.STATUS_UNCHANGED,
      MESSAGES.STATUS_UNCHANGED,
      MESSAGES.STATUS_UNCHANGED,
    ]);
    const after = (await Promise.all(files.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(after).toEqual([1, 1, 1]);
  });

  it("an analyst's bulk action skips the files they may not work, and lists them with the reason", async () => {
    await assignFiling(t, firm.asha, firm.analyst, 'Interview Pending');
    await assignFiling(t, firm.ravi, firm.otherAnalyst, 'Interview Pending');
    const res = await start(firm.analyst.sid, {
      action: { kind: 'status', status: 'Docs Upload Pending', comment: 'Interview done' },
      selection: { client_ids: [firm.asha.clientId, firm.ravi.clientId] },
    });
    expect(res.statusCode).toBe(200);
    await runAll();
    const job = (await status(firm.analyst.sid, res.json().job_id)).json().jobs[0];
    expect(job).toMatchObject({ total: 2, done: 1, skipped: 1 });
    // Ravi's file is another analyst's: skipped, and not named to someone who may not open it.
    expect(job.problems).toEqual([
      {
        client_id: null,
        name: MESSAGES.BULK_FILE_HIDDEN,
        file_number: null,
        outcome: 'skipped',
        reason: MESSAGES.CLIENT_OTHER_ANALYST,
      },
    ]);
    // An admin, who may open it, reads the same job with the name.
    const asAdmin = (await status(firm.admin.sid, res.json().job_id)).json().jobs[0];
    expect(asAdmin.problems[0]).toMatchObject({ client_id: firm.ravi.clientId, name: 'Ravi Kumar' });
    expect((await filingOf(firm.asha))?.status).toBe('Docs Upload Pending');
    expect((await filingOf(firm.ravi))?.status).toBe('Interview Pending');
    // Someone else's job is not theirs to read.
    expect((await status(firm.otherAnalyst.sid, res.json().job_id)).statusCode).toBe(404);
    // Their latest jobs, without an id.
    const latest = (await status(firm.analyst.sid)).json().jobs;
    expect(latest[0].job_id).toBe(res.json().job_id);
  });

  it("an analyst's filter is their own queue: every file matching never reaches another analyst's files", async () => {
    await assignFiling(t, firm.asha, firm.analyst, 'Review Pending');
    await assignFiling(t, firm.ravi, firm.otherAnalyst, 'Review Pending');
    const res = await start(firm.analyst.sid, {
      action: { kind: 'remind' },
      selection: { filter: { status: 'Review Pending' }, expected: 1 },
    });
    expect(res.statusCode).toBe(200);
    const items = await t.database.db
      .select()
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, res.json().job_id));
    expect(items.map((i) => i.clientId)).toEqual([firm.asha.clientId]);
    // And an analyst may not narrow to someone else's files.
    const other = await start(firm.analyst.sid, {
      action: { kind: 'remind' },
      selection: { filter: { owner: firm.otherAnalyst.userId }, expected: 1 },
    });
    expect(other.statusCode).toBe(403);
    await runAll();
  });

  it('sends the checklist reminder once to each client with something open; again within 10 minutes, skipped', async () => {
    const [open, empty] = [more[0], more[2]] as [ClientSession, ClientSession];
    await assignFiling(t, open, firm.analyst, 'Docs Upload Pending');
    const emptyFiling = await assignFiling(t, empty, firm.analyst, 'Docs Upload Pending');
    await t.database.db.delete(requestItems).where(eq(requestItems.filingId, emptyFiling.id));
    await t.database.db.insert(requestItems).values({
      filingId: (await filingOf(open))?.id ?? '',
      clientId: open.clientId,
      position: 99,
      type: 'w2',
      title: 'W-2 from Acme',
      source: 'staff',
    });
    const before = await mailsTo(t, open);
    const remind = () =>
      start(firm.analyst.sid, {
        action: { kind: 'remind' },
        selection: { client_ids: [open.clientId, empty.clientId] },
      });
    const first = await remind();
    await runAll();
    const job = (await status(firm.analyst.sid, first.json().job_id)).json().jobs[0];
    expect(job).toMatchObject({ done: 1, skipped: 1 });
    expect(job.problems.map((p: { reason: string }) => p.reason)).toEqual([MESSAGES.REQUEST_NOTHING_OPEN]);
    expect((await mailsTo(t, open)) - before).toBe(1);

    const again = await remind();
    await runAll();
    const second = (await status(firm.analyst.sid, again.json().job_id)).json().jobs[0];
    expect(second.problems.map((p: { reason: string }) => p.reason)).toEqual([
      MESSAGES.BULK_REMINDED_RECENTLY,
      MESSAGES.REQUEST_NOTHING_OPEN,
    ]);
    expect((await mailsTo(t, open)) - before).toBe(1);
  });

  it('a job whose starter lost access skips what is left, with the reason', async () => {
    const files = more.slice(3, 5);
    for (const client of files) await assignFiling(t, client, firm.otherAnalyst, 'Interview Pending');
    const res = await start(firm.otherAnalyst.sid, {
      action: { kind: 'status', status: 'Docs Upload Pending', comment: 'Interview done' },
      selection: { client_ids: files.map((c) => c.clientId) },
    });
    await t.database.db
      .update(users)
      .set({ accessEndsOn: addDays(firmToday(), -1) })
      .where(eq(users.id, firm.otherAnalyst.userId));
    await runAll();
    await t.database.db
      .update(users)
      .set({ accessEndsOn: null })
      .where(eq(users.id, firm.otherAnalyst.userId));
    const job = (await status(firm.admin.sid, res.json().job_id)).json().jobs[0];
    expect(job).toMatchObject({ done: 0, skipped: 2 });
    expect(job.problems.every((p: { reason: string }) => p.reason === MESSAGES.BULK_STARTER_GONE)).toBe(true);
    for (const client of files) expect((await filingOf(client))?.status).toBe('Interview Pending');
  });

  it('applies a checklist template to each file once, and sends a canned message as it read when the job started', async () => {
    const files = more.slice(0, 2);
    for (const client of files) await assignFiling(t, client, firm.analyst, 'Docs Upload Pending');
    const template = await t.postAs(firm.admin.sid, '/api/staff/requests/templates', {
      action: 'save',
      name: 'Bulk test add-on',
      items: [{ type: 'other', title: 'NRO interest certificate', required: true }],
    });
    expect(template.statusCode, template.body).toBe(200);
    const templateId = (template.json().templates as { template_id: string; name: string }[]).find(
      (x) => x.name === 'Bulk test add-on',
    )?.template_id;
    const itemsOf = async (client: ClientSession) =>
      (
        await t.database.db.select().from(requestItems).where(eq(requestItems.clientId, client.clientId))
      ).filter((item) => item.title === 'NRO interest certificate');
    for (let round = 0; round < 2; round += 1) {
      const res = await start(firm.admin.sid, {
        action: { kind: 'template', template_id: templateId },
        selection: { client_ids: files.map((c) => c.clientId) },
      });
      expect(res.statusCode, res.body).toBe(200);
      await runAll();
      // Applied twice: the items are there once.
      for (const client of files) expect(await itemsOf(client)).toHaveLength(1);
    }

    const saved = await t.postAs(firm.admin.sid, '/api/staff/messages/canned', {
      action: 'save',
      title: 'Season opens',
      body: 'Our 2025 season is open: upload your documents when you have them.',
    });
    const reply = (saved.json().replies as { reply_id: string; title: string }[]).find(
      (r) => r.title === 'Season opens',
    );
    const before = await Promise.all(files.map((c) => mailsTo(t, c)));
    const job = await start(firm.admin.sid, {
      action: { kind: 'message', reply_id: reply?.reply_id },
      selection: { client_ids: files.map((c) => c.clientId) },
    });
    expect((await status(firm.admin.sid, job.json().job_id)).json().jobs[0].summary).toBe(
      'Send the canned message "Season opens"',
    );
    // The reply is edited after the job started: the clients get the words the confirmation showed.
    await t.postAs(firm.admin.sid, '/api/staff/messages/canned', {
      action: 'save',
      reply_id: reply?.reply_id,
      title: 'Season opens',
      body: 'Changed later.',
    });
    await runAll();
    for (const client of files) {
      const thread = await t.postAs(client.sid, '/api/account/messages/list', { taxy: firm.taxYear });
      const bodies = (thread.json().messages as { body: string }[]).map((m) => m.body);
      expect(bodies).toContain('Our 2025 season is open: upload your documents when you have them.');
      expect(bodies).not.toContain('Changed later.');
    }
    const sent = (await Promise.all(files.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(sent).toEqual([1, 1]);

    const missing = await start(firm.admin.sid, {
      action: { kind: 'message', reply_id: randomUUID() },
      selection: { client_ids: [files[0]?.clientId] },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().status_smessage).toBe(MESSAGES.BULK_REPLY_REQUIRED);
  });

  it('assigns only to staff in force (an analyst only to themselves), checked before anything starts', async () => {
    const before = await t.database.db.select().from(bulkJobItems);
    const cases: [string, string][] = [
      // An analyst giving files to another analyst.
      [firm.analyst.sid, firm.otherAnalyst.userId],
      // A client's account, and nobody at all.
      [firm.admin.sid, firm.asha.userId],
      [firm.admin.sid, randomUUID()],
    ];
    for (const [sid, to] of cases) {
      const res = await start(sid, {
        action: { kind: 'assign', analyst_ids: [to] },
        selection: { client_ids: [firm.asha.clientId] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().status_smessage).toBe(MESSAGES.ANALYST_INVALID);
    }
    expect(await t.database.db.select().from(bulkJobItems)).toHaveLength(before.length);
  });

  it('a job whose stored action does not read fails its files, and does nothing to them', async () => {
    await assignFiling(t, firm.asha, firm.analyst, 'Review Pending');
    const res = await start(firm.admin.sid, {
      action: { kind: 'assign', analyst_ids: [firm.otherAnalyst.userId] },
      selection: { client_ids: [firm.asha.clientId] },
    });
    await t.database.db
      .update(bulkJobs)
      .set({ action: { kind: 'assign', analyst_ids: [] } })
      .where(eq(bulkJobs.id, res.json().job_id));
    await runAll();
    const job = (await status(firm.admin.sid, res.json().job_id)).json().jobs[0];
    expect(job).toMatchObject({ action: null, done: 0, failed: 1, state: 'finished' });
    expect(job.problems.map((p: { reason: string }) => p.reason)).toEqual([MESSAGES.BULK_FILE_FAILED]);
    expect((await filingOf(firm.asha))?.assignedTo).toBe(firm.analyst.userId);
  });

  it('refuses bad input with the message, and starts nothing', async () => {
    const before = await t.database.db.select().from(bulkJobItems);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ action: { kind: 'remind' }, selection: { client_ids: [] } }, 400, MESSAGES.BULK_SELECTION_EMPTY],
      [{ action: { kind: 'remind' }, selection: {} }, 400, MESSAGES.BULK_SELECTION_EMPTY],
      [{ action: { kind: 'remind' }, selection: { filter: {} } }, 400, MESSAGES.BULK_SELECTION_EMPTY],
      [
        {
          action: { kind: 'remind' },
          selection: { client_ids: [firm.asha.clientId], filter: {}, expected: 1 },
        },
        400,
        MESSAGES.BULK_SELECTION_EMPTY,
      ],
      [
        { action: { kind: 'assign', analyst_ids: [] }, selection: { client_ids: [firm.asha.clientId] } },
        400,
        MESSAGES.BULK_ASSIGNEES_REQUIRED,
      ],
      [
        {
          action: { kind: 'status', status: 'Done!', comment: 'x' },
          selection: { client_ids: [firm.asha.clientId] },
        },
        400,
        MESSAGES.STATUS_INVALID,
      ],
      [
        {
          action: { kind: 'status', status: 'Review Pending', comment: '' },
          selection: { client_ids: [firm.asha.clientId] },
        },
        400,
        MESSAGES.STATUS_COMMENT_REQUIRED,
      ],
      [
        { action: { kind: 'explode' }, selection: { client_ids: [firm.asha.clientId] } },
        400,
        MESSAGES.BULK_ACTION_INVALID,
      ],
      [
        { action: { kind: 'remind' }, selection: { client_ids: [randomUUID()] } },
        422,
        MESSAGES.BULK_SELECTION_EMPTY,
      ],
      [
        {
          action: { kind: 'remind' },
          selection: { client_ids: Array.from({ length: 501 }, () => randomUUID()) },
        },
        400,
        MESSAGES.BULK_SELECTION_TOO_LARGE,
      ],
      [
        {
          action: { kind: 'template', template_id: randomUUID() },
          selection: { client_ids: [firm.asha.clientId] },
        },
        422,
        MESSAGES.BULK_TEMPLATE_REQUIRED,
      ],
      [
        { request_id: 'again', action: { kind: 'remind' }, selection: { client_ids: [firm.asha.clientId] } },
        400,
        MESSAGES.BULK_REQUEST_INVALID,
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await start(firm.admin.sid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      expect(res.json().status_smessage).toBe(message);
    }
    expect(await t.database.db.select().from(bulkJobItems)).toHaveLength(before.length);
    const unknown = await status(firm.admin.sid, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status_smessage).toBe(MESSAGES.BULK_JOB_NOT_FOUND);
    expect((await t.postAs(firm.asha.sid, '/api/staff/bulk/status', {})).statusCode).toBe(403);
  });
});
