/**
 * Status automations (issue 36): admins define "when a file enters status X (India-linked only), do A"; the
 * database writes one run per rule per entry in the status change's transaction, and the runner does each
 * once, with the saving admin's rights, audited as the system with the rule named.
 */
import { MESSAGES, type PriceItem } from '@taxfirm/contract';
import {
  and,
  auditLog,
  automationRules,
  automationRuns,
  deliverables,
  emailOutbox,
  eq,
  filings,
  invoices,
  sql,
  users,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, seedFirm, type Firm } from '../../../test/factories.ts';
import { signUpAndLogIn, useTestApp, type ClientSession } from '../../../test/helpers.ts';
import { keyring, mailsTo } from '../bulk/testing/bulk-kit.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { runAutomationPass } from './automation-runner.ts';

const t = useTestApp();
let firm: Firm;
let voice: FirmVoice;
let prices: PriceItem[];
const more: ClientSession[] = [];

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'auto' });
  voice = { firm: await (await createSettingsCache(t.database)).firm(), appUrl: 'http://localhost:3000' };
  prices = (await t.postAs(firm.admin.sid, '/api/staff/pricelist/list', {})).json().items;
  for (const name of ['Anil', 'Bina', 'Chetan', 'Divya']) {
    more.push(
      await signUpAndLogIn(t, `${name.toLowerCase()}.auto@example.com`, { first: name, last: 'Rao' }),
    );
  }
});

const save = (sid: string, body: Record<string, unknown>) =>
  t.postAs(sid, '/api/staff/automations/save', { status: 'Payment Pending', ...body });
const list = async () => (await t.postAs(firm.admin.sid, '/api/staff/automations/list', {})).json().rules;
const pause = (ruleId: string, paused: boolean) =>
  t.postAs(firm.admin.sid, '/api/staff/automations/pause', { rule_id: ruleId, paused });
/** A status change as staff make it, through the call. */
const moveTo = async (client: ClientSession, status: string) => {
  const res = await t.postAs(firm.admin.sid, '/api/staff/clients/status', {
    client_id: client.clientId,
    taxy: firm.taxYear,
    status,
    comment: `To ${status}`,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const runAll = async () => {
  let total = 0;
  for (;;) {
    const done = await runAutomationPass(t.database.db, { voice, keyring, storage: t.storage });
    total += done;
    if (done === 0) return total;
  }
};
const runsOf = (ruleId: string) =>
  t.database.db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, ruleId))
    .orderBy(automationRuns.createdAt, automationRuns.id);
const invoicesOf = (client: ClientSession) =>
  t.database.db.select().from(invoices).where(eq(invoices.clientId, client.clientId));
const filingOf = async (client: ClientSession) =>
  (
    await t.database.db
      .select()
      .from(filings)
      .where(and(eq(filings.clientId, client.clientId), eq(filings.taxYear, firm.taxYear)))
  )[0];

describe('staff/automations', () => {
  it('is for admins only, checks what the action names, and starts a new rule paused', async () => {
    const action = { kind: 'invoice', price_item_ids: [prices[0]?.id] };
    expect((await save(firm.analyst.sid, { name: 'Invoice', action })).statusCode).toBe(403);
    expect((await t.postAs(firm.analyst.sid, '/api/staff/automations/list', {})).statusCode).toBe(403);
    const noName = await save(firm.admin.sid, { name: ' ', action });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().status_smessage).toBe(MESSAGES.AUTOMATION_NAME_REQUIRED);
    const badAction = await save(firm.admin.sid, {
      name: 'Odd',
      action: { kind: 'status', status: 'Review Pending' },
    });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().status_smessage).toBe(MESSAGES.AUTOMATION_ACTION_INVALID);
    const gone = await save(firm.admin.sid, {
      name: 'Gone',
      action: { kind: 'invoice', price_item_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().status_smessage).toBe(MESSAGES.FILE_ACTION_PRICE_ITEM_GONE);
    const state = await save(firm.admin.sid, {
      name: 'State',
      action: { kind: 'deliverable', deliverable_kind: 'state' },
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().status_smessage).toBe(MESSAGES.DELIVERABLE_LABEL_REQUIRED);
    expect(await list()).toEqual([]);

    const res = await save(firm.admin.sid, { name: 'Invoice on Payment Pending', action });
    expect(res.statusCode, res.body).toBe(200);
    const [rule] = await list();
    expect(rule).toMatchObject({
      rule_id: res.json().rule_id,
      paused: true,
      status: 'Payment Pending',
      updated_by: 'Ada Shah',
      summary: `Send an invoice for ${prices[0]?.name} ($${((prices[0]?.amount ?? 0) / 100).toFixed(2)})`,
    });
    // Paused: a file entering the status is not acted on.
    await assignFiling(t, more[0] ?? firm.asha, firm.analyst, 'Review Pending');
    await moveTo(more[0] ?? firm.asha, 'Payment Pending');
    expect(await runsOf(rule.rule_id)).toHaveLength(0);
    expect((await pause(rule.rule_id, false)).json().status_smessage).toBe(MESSAGES.AUTOMATION_RESUMED);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'staff.automation.%'`);
    expect(audits.map((a) => a.action)).toEqual(['staff.automation.save', 'staff.automation.resume']);
  });

  it('sends each file entering Payment Pending its invoice once, the client told once, audited as the system', async () => {
    const [rule] = await list();
    const client = more[1] as ClientSession;
    await assignFiling(t, client, firm.analyst, 'Review Pending');
    const before = await mailsTo(t, client);
    await moveTo(client, 'Payment Pending');
    // The run is written with the status change, before any runner.
    expect(await runsOf(rule.rule_id)).toHaveLength(1);
    expect(await runAll()).toBe(1);
    expect(await runAll()).toBe(0);
    const [invoice, ...others] = await invoicesOf(client);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'sent',
      totalCents: prices[0]?.amount,
      createdBy: firm.admin.userId,
    });
    // Two e-mails: the status change's and the invoice's.
    expect((await mailsTo(t, client)) - before).toBe(2);
    const invoiceMails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'bina.auto@example.com'), sql`${emailOutbox.subject} ilike '%invoice%'`));
    expect(invoiceMails).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'automation.run'), eq(auditLog.clientId, client.clientId)));
    expect(audit).toMatchObject({ actorUserId: null, subject: `${rule.rule_id} "${rule.name}" done` });
    expect((await list())[0].runs).toEqual({ pending: 0, done: 1, skipped: 0, failed: 0 });

    // Out of the status and in again: a new entry, a new run.
    await moveTo(client, 'Review Pending');
    await moveTo(client, 'Payment Pending');
    expect(await runAll()).toBe(1);
    expect(await invoicesOf(client)).toHaveLength(2);
    await pause(rule.rule_id, true);
  });

  it('fires no rule for a status change an automation makes, so two rules can never set each other off', async () => {
    // No action changes a status today; this stands in for one that would: while it is in place, adding a
    // deliverable records an entry into the status the other rule starts on, in the same transaction.
    await t.database.db.execute(sql`create function test_deliverable_moves_file() returns trigger
      language plpgsql as $$ begin
        insert into filing_status_history (filing_id, from_status, to_status, comment)
          values (new.filing_id, 'Basic Info Pending',
            case when new.kind = 'fbar' then 'Interview Pending'::file_status else 'Basic Info Pending'::file_status end,
            'moved by an action');
        return null;
      end $$`);
    await t.database.db.execute(sql`create trigger test_deliverable_moves_file after insert on deliverables
      for each row execute function test_deliverable_moves_file()`);
    const ping = await save(firm.admin.sid, {
      name: 'FBAR on Basic Info',
      status: 'Basic Info Pending',
      action: { kind: 'deliverable', deliverable_kind: 'fbar' },
      paused: false,
    });
    const pong = await save(firm.admin.sid, {
      name: 'ITR on Interview',
      status: 'Interview Pending',
      // With a label: the rule list answers it as saved (the answer's schema encodes it).
      action: { kind: 'deliverable', deliverable_kind: 'itr', label: 'ITR-2' },
      paused: false,
    });
    const client = more[2] as ClientSession;
    try {
      await assignFiling(t, client, firm.analyst, 'To Be Assigned');
      await moveTo(client, 'Basic Info Pending');
      expect(await runAll()).toBe(1);
      // The first rule's action entered Interview Pending inside the runner's transaction: nothing fired.
      expect((await runsOf(ping.json().rule_id)).map((r) => r.outcome)).toEqual(['done']);
      expect(await runsOf(pong.json().rule_id)).toEqual([]);
      // The mark is the runner's transaction's own: staff moving the file fires the second rule as usual.
      await moveTo(client, 'Interview Pending');
      expect(await runAll()).toBe(1);
      expect((await runsOf(pong.json().rule_id)).map((r) => r.outcome)).toEqual(['done']);
      expect((await runsOf(ping.json().rule_id)).map((r) => r.outcome)).toEqual(['done']);
      expect(
        (await list()).find((r: { rule_id: string }) => r.rule_id === pong.json().rule_id),
      ).toMatchObject({
        action: { kind: 'deliverable', deliverable_kind: 'itr', label: 'ITR-2' },
        summary: 'Add the deliverable Indian return (ITR): ITR-2',
      });
    } finally {
      await t.database.db.execute(sql`drop trigger test_deliverable_moves_file on deliverables`);
      await t.database.db.execute(sql`drop function test_deliverable_moves_file()`);
      await pause(ping.json().rule_id, true);
      await pause(pong.json().rule_id, true);
    }
  });

  it('moves round-robin on past an assignee who is refused, and skips a run whose rule moved to another status', async () => {
    const rule = await save(firm.admin.sid, {
      name: 'Share Docs Upload files',
      status: 'Docs Upload Pending',
      action: { kind: 'assign', analyst_ids: [firm.analyst.userId, firm.otherAnalyst.userId] },
      paused: false,
    });
    const clients = [more[0], more[1], more[3]] as ClientSession[];
    for (const client of clients) await assignFiling(t, client, null, 'Basic Info Pending');
    for (const client of clients) await moveTo(client, 'Docs Upload Pending');
    // The first analyst's access has ended: their turns are refused, and each next file goes on in turn.
    await t.database.db
      .update(users)
      .set({ accessEndsOn: '2000-01-01' })
      .where(eq(users.id, firm.analyst.userId));
    try {
      expect(await runAll()).toBe(3);
    } finally {
      await t.database.db.update(users).set({ accessEndsOn: null }).where(eq(users.id, firm.analyst.userId));
    }
    const runs = await runsOf(rule.json().rule_id);
    expect(runs.map((r) => [r.clientId, r.outcome, r.reason])).toEqual([
      [more[0]?.clientId, 'skipped', MESSAGES.ANALYST_INVALID],
      [more[1]?.clientId, 'done', null],
      [more[3]?.clientId, 'skipped', MESSAGES.ANALYST_INVALID],
    ]);
    expect((await filingOf(more[1] as ClientSession))?.assignedTo).toBe(firm.otherAnalyst.userId);

    // A file enters, then the rule is changed to another status before the runner gets to it.
    await moveTo(more[0] as ClientSession, 'Basic Info Pending');
    await moveTo(more[0] as ClientSession, 'Docs Upload Pending');
    await save(firm.admin.sid, {
      rule_id: rule.json().rule_id,
      name: 'Share Docs Upload files',
      status: 'Review Pending',
      action: { kind: 'assign', analyst_ids: [firm.otherAnalyst.userId] },
    });
    await runAll();
    expect((await runsOf(rule.json().rule_id)).at(-1)).toMatchObject({
      outcome: 'skipped',
      reason: MESSAGES.AUTOMATION_ENTRY_CHANGED,
    });
    await pause(rule.json().rule_id, true);
  });

  it("refuses a staff member's own checklist template and a label with a NUL, storing nothing", async () => {
    const mine = await t.postAs(firm.analyst.sid, '/api/staff/requests/templates', {
      action: 'save',
      name: 'Ravi keeps this one',
      items: [{ type: 'other', title: 'Anything', required: true }],
    });
    const templateId = (mine.json().templates as { template_id: string; name: string }[]).find(
      (x) => x.name === 'Ravi keeps this one',
    )?.template_id;
    const before = (await list()).length;
    const theirs = await save(firm.admin.sid, {
      name: 'Their template',
      action: { kind: 'template', template_id: templateId },
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().status_smessage).toBe(MESSAGES.AUTOMATION_TEMPLATE_NOT_FIRMS);
    const nul = await save(firm.admin.sid, {
      name: 'NUL',
      action: { kind: 'deliverable', deliverable_kind: 'state', label: 'Texas\u0000' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().status_smessage).toBe(MESSAGES.TEXT_NUL);
    expect(await list()).toHaveLength(before);
  });

  it('assigns in turn, adds a deliverable once per file, and only to India-linked files when asked', async () => {
    const assign = await save(firm.admin.sid, {
      name: 'Share the new files',
      status: 'To Be Assigned',
      action: { kind: 'assign', analyst_ids: [firm.analyst.userId, firm.otherAnalyst.userId] },
      paused: false,
    });
    const fbar = await save(firm.admin.sid, {
      name: 'FBAR for India-linked files',
      status: 'Basic Info Pending',
      india_only: true,
      action: { kind: 'deliverable', deliverable_kind: 'fbar' },
      paused: false,
    });
    expect(fbar.statusCode, fbar.body).toBe(200);
    const clients = [firm.asha, firm.ravi, more[3] as ClientSession];
    for (const client of clients) await assignFiling(t, client, null, 'Interview Pending');
    for (const client of clients) await moveTo(client, 'To Be Assigned');
    expect(await runAll()).toBe(3);
    const owners = await Promise.all(clients.map(async (c) => (await filingOf(c))?.assignedTo));
    expect(owners).toEqual([firm.analyst.userId, firm.otherAnalyst.userId, firm.analyst.userId]);

    // Asha has an Indian return to file; the others have no India tie.
    await t.postAs(firm.admin.sid, '/api/staff/deliverables/save', {
      client_id: firm.asha.clientId,
      taxy: firm.taxYear,
      kind: 'itr',
    });
    const preview = await t.postAs(firm.admin.sid, '/api/staff/automations/preview', {
      status: 'To Be Assigned',
      india_only: true,
    });
    // Each entry of the last 30 days (a registration enters To Be Assigned too), latest first.
    const previewed = (res: { json: () => { total: number; files: { client_id: string }[] } }) => {
      const { total, files } = res.json();
      expect(files).toHaveLength(total);
      return new Set(files.map((f) => f.client_id));
    };
    // Asha, and the file the loop test gave an FBAR and an ITR.
    expect(previewed(preview)).toEqual(new Set([firm.asha.clientId, more[2]?.clientId]));
    const all = await t.postAs(firm.admin.sid, '/api/staff/automations/preview', {
      status: 'To Be Assigned',
    });
    expect(previewed(all)).toEqual(new Set([...clients, ...more].map((c) => c.clientId)));

    for (const client of clients) await moveTo(client, 'Basic Info Pending');
    expect(await runAll()).toBe(1);
    const fbarsOf = async (client: ClientSession) =>
      t.database.db
        .select()
        .from(deliverables)
        .where(
          and(eq(deliverables.filingId, (await filingOf(client))?.id ?? ''), eq(deliverables.kind, 'fbar')),
        );
    expect(await fbarsOf(firm.asha)).toHaveLength(1);
    expect(await fbarsOf(firm.ravi)).toHaveLength(0);
    // In again: the file has its FBAR, so the run is skipped with the reason.
    await moveTo(firm.asha, 'Interview Pending');
    await moveTo(firm.asha, 'Basic Info Pending');
    await runAll();
    expect(await fbarsOf(firm.asha)).toHaveLength(1);
    const runs = await runsOf(fbar.json().rule_id);
    expect(runs.map((r) => [r.outcome, r.reason])).toEqual([
      ['done', null],
      ['skipped', MESSAGES.FILE_ACTION_DELIVERABLE_EXISTS],
    ]);
    await pause(assign.json().rule_id, true);
    await pause(fbar.json().rule_id, true);
  });

  it('answers bad input with its message and changes nothing; a run of a rule paused before it ran is skipped', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await list();
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        'save',
        { rule_id: unknown, name: 'Gone', status: 'Review Pending', action: { kind: 'remind' } },
        400,
        MESSAGES.AUTOMATION_ACTION_INVALID,
      ],
      [
        'save',
        {
          rule_id: unknown,
          name: 'Gone',
          status: 'Review Pending',
          action: { kind: 'message', reply_id: unknown },
        },
        422,
        MESSAGES.BULK_REPLY_REQUIRED,
      ],
      [
        'save',
        {
          rule_id: unknown,
          name: 'Gone',
          status: 'Review Pending',
          action: { kind: 'deliverable', deliverable_kind: 'fbar' },
        },
        404,
        MESSAGES.AUTOMATION_NOT_FOUND,
      ],
      [
        'save',
        { name: 'No items', status: 'Review Pending', action: { kind: 'invoice', price_item_ids: [] } },
        400,
        MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED,
      ],
      [
        'save',
        {
          name: 'No doc',
          status: 'Review Pending',
          action: { kind: 'signature', signature_template_id: 'x' },
        },
        400,
        MESSAGES.SIGNATURE_TEMPLATE_REQUIRED,
      ],
      [
        'save',
        { name: 'Odd status', status: 'Sleeping', action: { kind: 'remind' } },
        400,
        MESSAGES.STATUS_INVALID,
      ],
      ['pause', { rule_id: unknown, paused: true }, 404, MESSAGES.AUTOMATION_NOT_FOUND],
      ['pause', { rule_id: 'not-a-rule', paused: true }, 400, MESSAGES.AUTOMATION_NOT_FOUND],
      ['preview', { status: 'Sleeping' }, 400, MESSAGES.STATUS_INVALID],
    ];
    for (const [call, body, code, message] of cases) {
      const res = await t.postAs(firm.admin.sid, `/api/staff/automations/${call}`, body);
      expect(res.statusCode, `${call} ${JSON.stringify(body)}`).toBe(code);
      expect(res.json().status_smessage).toBe(message);
    }
    expect(await list()).toEqual(before);

    // A file enters the status while the rule runs; the rule is paused before the runner gets to it.
    const rule = await save(firm.admin.sid, {
      name: 'Paused in time',
      status: 'Review Pending',
      action: { kind: 'deliverable', deliverable_kind: 'other', label: 'Review note' },
      paused: false,
    });
    await moveTo(more[1] as ClientSession, 'Review Pending');
    const paused = await pause(rule.json().rule_id, true);
    expect(paused.json().status_smessage).toBe(MESSAGES.AUTOMATION_PAUSED);
    await runAll();
    expect((await runsOf(rule.json().rule_id)).map((r) => [r.outcome, r.reason])).toEqual([
      ['skipped', MESSAGES.AUTOMATION_PAUSED],
    ]);
  });

  it('keeps at most 50 rules, and names a rule whose admin is gone', async () => {
    const have = (await list()).length;
    for (let i = have; i < 50; i += 1) {
      const res = await save(firm.admin.sid, {
        name: `Rule ${i}`,
        action: { kind: 'deliverable', deliverable_kind: 'fbar' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await save(firm.admin.sid, {
      name: 'One too many',
      action: { kind: 'deliverable', deliverable_kind: 'fbar' },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().status_smessage).toBe(MESSAGES.AUTOMATION_LIMIT);
    const [first] = await list();
    await t.database.db
      .update(automationRules)
      .set({ updatedBy: null })
      .where(eq(automationRules.id, first.rule_id));
    expect((await list())[0]).toMatchObject({
      rule_id: first.rule_id,
      updated_by: MESSAGES.AUTOMATION_AUTHOR_UNKNOWN,
    });
    await t.database.db
      .update(automationRules)
      .set({ updatedBy: firm.admin.userId })
      .where(eq(automationRules.id, first.rule_id));
  });

  it("skips a rule's runs once the admin who saved it can no longer act", async () => {
    const rule = (await list())[0];
    await pause(rule.rule_id, false);
    const client = more[0] as ClientSession;
    await moveTo(client, 'Review Pending');
    await moveTo(client, 'Payment Pending');
    await t.database.db
      .update(users)
      .set({ accessEndsOn: '2000-01-01' })
      .where(eq(users.id, firm.admin.userId));
    try {
      expect(await runAll()).toBe(1);
    } finally {
      await t.database.db.update(users).set({ accessEndsOn: null }).where(eq(users.id, firm.admin.userId));
    }
    const runs = (await runsOf(rule.rule_id)).filter((r) => r.clientId === client.clientId);
    expect(runs.map((r) => [r.outcome, r.reason])).toEqual([['skipped', MESSAGES.AUTOMATION_AUTHOR_GONE]]);
    expect(await invoicesOf(client)).toEqual([]);
  });
});
