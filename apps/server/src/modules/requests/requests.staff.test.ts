import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  dependents,
  eq,
  filings,
  notifications,
  requestItemEvents,
  requestItems,
  requestReminders,
  requestTemplates,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { type ClientSession as Session, type StaffSession as Staff } from '../../../test/helpers.ts';
import {
  admin,
  analyst,
  asha,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';
import { nextStatusOf, reminderSummary, STAFF_REQUEST_MESSAGES } from './requests.staff.service.ts';
import { checklistHelpers, insertEmployers, itemNamed, ok } from './testing/checklist-helpers.ts';

useSeededFirm({ tag: 'staffrequests', status: 'Docs Upload Pending' });

const { staffList, clientList, attachFile } = checklistHelpers(t);
/** The calls that change a file's checklist, one each, by their path under staff/requests/. */
type ChangePath =
  | 'items/add'
  | 'items/edit'
  | 'items/remove'
  | 'items/notapplicable'
  | 'items/reopen'
  | 'items/reorder'
  | 'applytemplate';
const change = (who: Staff, client: Session, path: ChangePath, body: Record<string, unknown> = {}) =>
  t.postAs(who.sid, `/api/staff/requests/${path}`, { client_id: client.clientId, ...body });
const review = (who: Staff, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/staff/requests/review', body);
const templates = (who: Staff, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/staff/requests/templates', body);

/** A file sent for an item, as the checklist upload stores it (that call is built beside this one). */
const clientUploads = (who: Session, itemId: string, bytes: Buffer) =>
  attachFile(who, { itemId, taxYear, bytes, name: 'w2.pdf' });

/** Everything of a client's checklist a refused call must leave as it was. */
async function state(client: Session) {
  const items = await t.database.db
    .select()
    .from(requestItems)
    .where(eq(requestItems.clientId, client.clientId))
    .orderBy(requestItems.id);
  const events = await t.database.db
    .select()
    .from(requestItemEvents)
    .where(eq(requestItemEvents.clientId, client.clientId));
  const names = (await t.database.db.select().from(requestTemplates)).map((row) => row.name).sort();
  return { items, events: events.length, templates: names };
}

beforeAll(async () => {
  await insertEmployers(t.database.db, asha, taxYear, [
    { companyName: 'Acme Corp' },
    { companyName: 'Globex' },
  ]);
});

describe('staff/requests/list', () => {
  it("lists the file's checklist (suggested first), its status, the templates and the reminders (audited)", async () => {
    const body = await staffList(analyst, asha);
    expect(body).toMatchObject({
      tax_year: taxYear,
      editable: true,
      file_status: 'Docs Upload Pending',
      next_status: null,
      reminder_summary: 'Not reminded yet',
      links_ttl_s: 300,
      reminders: [],
    });
    expect(body.items.map((i) => i.title)).toEqual(['W-2 from Acme Corp', 'W-2 from Globex']);
    expect(body.items[0]?.events[0]).toMatchObject({ action: 'created', by: 'System' });
    expect(body.templates.map((tpl) => [tpl.name, tpl.items])).toEqual([
      ['Business', 5],
      ['NRI add-on', 6],
      ['US individual', 7],
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.requests.list'), eq(auditLog.actorUserId, analyst.userId)));
    expect(audited.at(-1)).toMatchObject({ clientId: asha.clientId, subject: String(taxYear) });
  });

  it('says how often the client was reminded and whether they answered since', async () => {
    expect(reminderSummary([], null)).toBe('Not reminded yet');
    const feb10 = '2026-02-10T15:00:00.000Z';
    const feb3 = '2026-02-03T15:00:00.000Z';
    expect(reminderSummary([{ sent_at: feb10 }, { sent_at: feb3 }], null)).toBe(
      'Reminded twice, last on Feb 10; no response since',
    );
    expect(reminderSummary([{ sent_at: feb10 }], new Date('2026-02-11T00:00:00Z'))).toBe(
      'Reminded once, last on Feb 10; the client has responded since',
    );
    const four = [feb10, feb10, feb3, feb3].map((sent_at) => ({ sent_at }));
    expect(reminderSummary(four, new Date('2026-02-01T00:00:00Z'))).toBe(
      'Reminded 4 times, last on Feb 10; no response since',
    );

    const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, asha.clientId));
    await t.database.db.insert(requestReminders).values([
      {
        filingId: filing?.id ?? '',
        clientId: asha.clientId,
        itemTitles: ['W-2 from Acme Corp'],
        createdAt: new Date(Date.now() - 60_000),
      },
    ]);
    const body = await staffList(analyst, asha);
    expect(body.reminder_summary).toMatch(/^Reminded once, last on \w{3} \d{1,2}; no response since$/);
    expect(body.reminders).toEqual([
      expect.objectContaining({ manual: false, items: ['W-2 from Acme Corp'] }),
    ]);
    // The client sees the same log.
    expect((await clientList(asha)).reminders).toHaveLength(1);
  });

  it('moves a complete file waiting on documents to Preparation Pending, and nothing else', () => {
    const complete = { open: 0, to_review: 0, accepted: 2, required: 2, complete: true };
    expect(nextStatusOf('Docs Upload Pending', complete)).toBe('Preparation Pending');
    expect(nextStatusOf('Other Docs Pending', complete)).toBe('Preparation Pending');
    expect(nextStatusOf('Interview Pending', complete)).toBeNull();
    expect(nextStatusOf('Docs Upload Pending', { ...complete, accepted: 1, complete: false })).toBeNull();
  });
});

describe('staff/requests/items/* and staff/requests/applytemplate', () => {
  it('adds, edits, reorders and removes items; positions stay dense and every change is kept', async () => {
    await ok(
      await change(analyst, asha, 'items/add', {
        item: { type: '1099-int', title: '1099-INT from Chase', note: 'Both accounts', required: true },
      }),
    );
    let body = await staffList(analyst, asha);
    const chase = itemNamed(body, '1099-INT from Chase');
    expect(chase).toMatchObject({ source: 'staff', position: 2, note: 'Both accounts', status: 'requested' });
    expect(chase.events).toEqual([expect.objectContaining({ action: 'created', by: 'Ravi Shah' })]);

    await ok(
      await change(analyst, asha, 'items/edit', {
        item_id: chase.item_id,
        item: { type: '1099-int', title: '1099-INT from Chase Bank', required: false },
      }),
    );
    const globex = itemNamed(body, 'W-2 from Globex');
    const acme = itemNamed(body, 'W-2 from Acme Corp');
    await ok(
      await change(analyst, asha, 'items/reorder', {
        item_ids: [chase.item_id, acme.item_id, globex.item_id],
      }),
    );
    body = await staffList(analyst, asha);
    expect(body.items.map((i) => [i.title, i.position, i.required])).toEqual([
      ['1099-INT from Chase Bank', 0, false],
      ['W-2 from Acme Corp', 1, true],
      ['W-2 from Globex', 2, true],
    ]);

    await ok(await change(analyst, asha, 'items/remove', { item_id: acme.item_id }));
    body = await staffList(analyst, asha);
    expect(body.items.map((i) => [i.title, i.position])).toEqual([
      ['1099-INT from Chase Bank', 0],
      ['W-2 from Globex', 1],
    ]);
    // Removed, not deleted: the row keeps its history (and its source key, so it is not suggested again).
    const [row] = await t.database.db.select().from(requestItems).where(eq(requestItems.id, acme.item_id));
    expect(row?.removedAt).toBeInstanceOf(Date);
    const events = await t.database.db
      .select()
      .from(requestItemEvents)
      .where(eq(requestItemEvents.itemId, acme.item_id))
      .orderBy(requestItemEvents.createdAt);
    expect(events.map((e) => [e.action, e.actorKind, e.actorId])).toEqual([
      ['created', 'system', null],
      ['removed', 'staff', analyst.userId],
    ]);
  });

  it('marks an item not applicable and reopens it, restarting its reminders', async () => {
    const globex = itemNamed(await staffList(analyst, asha), 'W-2 from Globex');
    await t.database.db
      .update(requestItems)
      .set({ remindersSent: 3, lastRemindedAt: new Date() })
      .where(eq(requestItems.id, globex.item_id));
    await ok(
      await change(analyst, asha, 'items/notapplicable', { item_id: globex.item_id, reason: 'Left in 2024' }),
    );
    expect(itemNamed(await clientList(asha), 'W-2 from Globex')).toMatchObject({
      status: 'not_applicable',
      reason: 'Left in 2024',
    });
    await ok(await change(analyst, asha, 'items/reopen', { item_id: globex.item_id }));
    const [row] = await t.database.db.select().from(requestItems).where(eq(requestItems.id, globex.item_id));
    expect(row).toMatchObject({ status: 'requested', reason: null, remindersSent: 0, lastRemindedAt: null });
    const client = itemNamed(await clientList(asha), 'W-2 from Globex');
    expect(client.events.map((e) => [e.action, e.by])).toEqual([
      ['created', 'The firm'],
      ['not_applicable', 'The firm'],
      ['reopened', 'The firm'],
    ]);
  });

  it('adds an item for one of the client’s dependents only', async () => {
    const [maya] = await t.database.db
      .insert(dependents)
      .values({ clientId: asha.clientId, position: 0, firstName: 'Maya', lastName: 'Rao', ssnSealed: 'x' })
      .returning();
    const [raviChild] = await t.database.db
      .insert(dependents)
      .values({ clientId: ravi.clientId, position: 0, firstName: 'Dev', lastName: 'Kumar' })
      .returning();
    await ok(
      await change(analyst, asha, 'items/add', {
        item: { type: '1098-t', title: '1098-T for Maya', person: 'dependent', dependent_id: maya?.id },
      }),
    );
    expect(itemNamed(await staffList(analyst, asha), '1098-T for Maya')).toMatchObject({
      person: 'dependent',
      person_name: 'Maya Rao',
    });
    const res = await change(analyst, asha, 'items/add', {
      item: { type: '1098-t', title: '1098-T for Dev', person: 'dependent', dependent_id: raviChild?.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status_smessage: STAFF_REQUEST_MESSAGES.DEPENDENT_INVALID,
      details: { 'item.dependent_id': STAFF_REQUEST_MESSAGES.DEPENDENT_INVALID },
    });
  });

  it('answers bad input with its message, never a 500', async () => {
    const { items } = await staffList(analyst, asha);
    const cases: [ChangePath, Record<string, unknown>, string][] = [
      ['items/add', { item: { type: 'w2', title: '  ' } }, MESSAGES.REQUEST_ITEM_TITLE_REQUIRED],
      ['items/add', { item: { type: 'w-9', title: 'W-9' } }, MESSAGES.REQUEST_ITEM_TYPE_INVALID],
      ['items/reorder', { item_ids: [items[0]?.item_id] }, STAFF_REQUEST_MESSAGES.REORDER_MISMATCH],
      [
        'items/reorder',
        { item_ids: items.map((i) => i.item_id).concat(items[0]?.item_id ?? '') },
        STAFF_REQUEST_MESSAGES.REORDER_MISMATCH,
      ],
      // A body that is no change at all (the multiplexed call's unknown action).
      ['items/add', {}, ''],
      ['items/edit', { item_id: 'x', item: { type: 'w2', title: 'x' } }, MESSAGES.REQUEST_ITEM_NOT_FOUND],
    ];
    for (const [path, body, message] of cases) {
      const res = await change(analyst, asha, path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      if (message) expect(res.json().status_smessage).toBe(message);
    }
    // One call per change: the old multiplexed call is gone.
    const gone = await t.postAs(analyst.sid, '/api/staff/requests/save', { client_id: asha.clientId });
    expect(gone.statusCode).toBe(404);
    const missing = await change(analyst, asha, 'items/remove', { item_id: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status_smessage).toBe(MESSAGES.REQUEST_ITEM_NOT_FOUND);
    const noTemplate = await change(analyst, asha, 'applytemplate', { template_id: randomUUID() });
    expect(noTemplate.statusCode).toBe(404);
    expect(noTemplate.json().status_smessage).toBe(STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_FOUND);
  });
  it("never changes another client's item through this file's calls", async () => {
    // An admin may work both files: Asha's item named on Ravi's file is not found, and stays as it was.
    const ashaItems = (await staffList(admin, asha)).items.map((i) => i.item_id);
    const ashaItem = ashaItems[0] ?? '';
    const before = await state(asha);
    for (const [path, body] of [
      ['items/edit', { item_id: ashaItem, item: { type: 'w2', title: 'Renamed' } }],
      ['items/remove', { item_id: ashaItem }],
      ['items/notapplicable', { item_id: ashaItem }],
      ['items/reopen', { item_id: ashaItem }],
    ] as [ChangePath, Record<string, unknown>][]) {
      const res = await change(admin, ravi, path, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
      expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_ITEM_NOT_FOUND);
      expect(res.body).not.toContain('Asha');
    }
    const reorder = await change(admin, ravi, 'items/reorder', { item_ids: [ashaItem] });
    expect(reorder.statusCode).toBe(400);
    expect(reorder.json().status_smessage).toBe(STAFF_REQUEST_MESSAGES.REORDER_MISMATCH);
    expect(await state(asha)).toEqual(before);
  });
});

describe('staff/requests/review', () => {
  it('accepts only a received item with a file; a rejection reaches the client with its reason', async () => {
    const chase = itemNamed(await staffList(analyst, asha), '1099-INT from Chase Bank');
    const early = await review(analyst, { decision: 'accept', item_id: chase.item_id });
    expect(early.statusCode).toBe(409);
    expect(early.json().status_smessage).toBe(STAFF_REQUEST_MESSAGES.ACCEPT_NOTHING_RECEIVED);
    // 'uploaded' without a file (it cannot happen through the calls) is no more acceptable.
    await t.database.db
      .update(requestItems)
      .set({ status: 'uploaded' })
      .where(eq(requestItems.id, chase.item_id));
    expect((await review(analyst, { decision: 'accept', item_id: chase.item_id })).statusCode).toBe(409);

    await clientUploads(asha, chase.item_id, samplePdf(3000));
    const noReason = await review(analyst, { decision: 'reject', item_id: chase.item_id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().status_smessage).toBe(MESSAGES.REQUEST_REJECT_REASON_REQUIRED);

    const staffView = itemNamed(await staffList(analyst, asha), '1099-INT from Chase Bank');
    const file = staffView.files[0];
    expect(file?.preview_url).toMatch(/^\/api\/staff\/documents\/file\?t=.+&inline=1$/);
    expect((await t.getAs(analyst.sid, file?.download_url ?? '')).statusCode).toBe(200);

    const rejected = await review(analyst, {
      decision: 'reject',
      item_id: chase.item_id,
      reason: 'Page 2 is missing',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status_smessage).toBe(MESSAGES.REQUEST_REVIEWED);
    const seen = itemNamed(await clientList(asha), '1099-INT from Chase Bank');
    expect(seen).toMatchObject({
      status: 'rejected',
      status_label: 'Needs another copy',
      reason: 'Page 2 is missing',
    });
    expect(seen.events.at(-1)).toMatchObject({
      action: 'rejected',
      reason: 'Page 2 is missing',
      by: 'The firm',
    });
    // The bell names the item, not the reason or anything in the file.
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.clientId, asha.clientId));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.body).toContain('1099-INT from Chase Bank');
    expect(`${bell[0]?.title} ${bell[0]?.body}`).not.toContain('Page 2');
  });

  it('accepting every required item completes the checklist, with who and when kept', async () => {
    let body = await staffList(analyst, asha);
    for (const item of body.items) {
      if (item.title === '1099-INT from Chase Bank' || item.title === 'W-2 from Globex') {
        await clientUploads(asha, item.item_id, samplePdf(2500));
        await ok(await review(analyst, { decision: 'accept', item_id: item.item_id }));
      } else {
        await ok(await change(analyst, asha, 'items/notapplicable', { item_id: item.item_id }));
      }
    }
    body = await staffList(analyst, asha);
    expect(body.progress).toEqual({ open: 0, to_review: 0, accepted: 1, required: 1, complete: true });
    expect(body.next_status).toBe('Preparation Pending');
    const chase = itemNamed(body, '1099-INT from Chase Bank');
    expect(chase.events.map((e) => [e.action, e.by])).toEqual([
      ['created', 'Ravi Shah'],
      ['edited', 'Ravi Shah'],
      ['rejected', 'Ravi Shah'],
      ['accepted', 'Ravi Shah'],
    ]);
    expect(chase.events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect((await clientList(asha)).progress.complete).toBe(true);
  });

  it('answers 404 for an unknown item and 400 for a malformed decision', async () => {
    const unknown = await review(admin, { decision: 'accept', item_id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status_smessage).toBe(MESSAGES.REQUEST_ITEM_NOT_FOUND);
    expect((await review(admin, { decision: 'maybe', item_id: randomUUID() })).statusCode).toBe(400);
  });
});

describe('file-assignment rules', () => {
  it('refuses an analyst not assigned to the file on every staff call, changing nothing', async () => {
    const { items } = await staffList(analyst, asha);
    const itemId = items[0]?.item_id ?? '';
    const before = await state(asha);
    const [template] = await t.database.db.select().from(requestTemplates);
    const calls = [
      () => t.postAs(otherAnalyst.sid, '/api/staff/requests/list', { client_id: asha.clientId }),
      () => change(otherAnalyst, asha, 'items/add', { item: { type: 'w2', title: 'Sneaky' } }),
      () =>
        change(otherAnalyst, asha, 'items/edit', { item_id: itemId, item: { type: 'w2', title: 'Sneaky' } }),
      () => change(otherAnalyst, asha, 'items/remove', { item_id: itemId }),
      () => change(otherAnalyst, asha, 'items/reopen', { item_id: itemId }),
      () => change(otherAnalyst, asha, 'items/notapplicable', { item_id: itemId }),
      () => change(otherAnalyst, asha, 'items/reorder', { item_ids: items.map((i) => i.item_id) }),
      () => change(otherAnalyst, asha, 'applytemplate', { template_id: template?.id }),
      () => review(otherAnalyst, { decision: 'accept', item_id: itemId }),
      () => review(otherAnalyst, { decision: 'reject', item_id: itemId, reason: 'Nope' }),
      () => templates(otherAnalyst, { action: 'save_from_file', name: 'Stolen', client_id: asha.clientId }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
    }
    expect(await state(asha)).toEqual(before);
  });

  it('refuses a client session on staff calls', async () => {
    const res = await t.postAs(asha.sid, '/api/staff/requests/list', { client_id: asha.clientId });
    expect(res.statusCode).toBe(403);
  });

  it('makes staff changes read-only once the file has left document collection', async () => {
    await t.database.db
      .update(filings)
      .set({ status: 'Preparation Pending' })
      .where(eq(filings.clientId, ravi.clientId));
    const body = await staffList(admin, ravi);
    expect(body).toMatchObject({ editable: false, next_status: null, items: [] });
    const res = await change(admin, ravi, 'items/add', { item: { type: 'w2', title: 'Late W-2' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_LOCKED);
  });
});
