import { randomUUID } from 'node:crypto';
import type { AccountRequests, FileStatus } from '@taxfirm/contract';
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  dependents,
  eq,
  filings,
  requestItemEvents,
  requestItems,
  spouses,
  taxpayerProfiles,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, useTestApp, type ClientSession as Session } from '../../../test/helpers.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { checklistHelpers, insertEmployers, itemNamed } from './testing/checklist-helpers.ts';

const t = useTestApp();
let taxYear: number;
let asha: Session;
let ravi: Session;

const { clientList: list, attachFile: attach } = checklistHelpers(t);
const notApplicable = (who: Session, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/account/requests/notapplicable', body);
const later = (who: Session, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/account/requests/later', body);

const setStatus = async (who: Session, status: FileStatus) =>
  t.database.db.update(filings).set({ status }).where(eq(filings.clientId, who.clientId));

async function addEmployers(who: Session, companies: string[]) {
  await insertEmployers(
    t.database.db,
    who,
    taxYear,
    companies.map((companyName) => ({ companyName, clientName: `${companyName} client` })),
  );
}

/** A file sent for an item, as the checklist upload stores it (that call is built beside this one). */
const attachFile = (who: Session, itemId: string, bytes: Buffer) =>
  attach(who, { itemId, taxYear, bytes, name: 'w2-scan.pdf' });

/** Everything about one item that a refused call must leave as it was. */
async function snapshot(itemId: string) {
  const [item] = await t.database.db.select().from(requestItems).where(eq(requestItems.id, itemId));
  const events = await t.database.db
    .select()
    .from(requestItemEvents)
    .where(eq(requestItemEvents.itemId, itemId));
  return { item, events: events.length };
}

/** Tomorrow and today in the firm's time zone. */
const dayAfter = (day: string, days = 1) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  taxYear = await currentTaxYear(t);
  asha = await signUpAndLogIn(t, 'asha.requests@example.com', { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.requests@example.com', { first: 'Ravi', last: 'Kumar' });
  await addEmployers(asha, ['Acme Corp', 'Globex']);
  await setStatus(asha, 'Docs Upload Pending');
  await setStatus(ravi, 'Docs Upload Pending');
});

describe('account/requests/list', () => {
  it('suggests a W-2 per employer, once: listing again adds nothing', async () => {
    const first = await list(asha);
    expect(first.tax_year).toBe(taxYear);
    expect(first.editable).toBe(true);
    const w2s = first.items.filter((item) => item.type === 'w2');
    expect(w2s.map((i) => [i.title, i.person, i.source, i.status, i.status_label])).toEqual([
      ['W-2 from Acme Corp', 'taxpayer', 'profile', 'requested', 'Needed'],
      ['W-2 from Globex', 'taxpayer', 'profile', 'requested', 'Needed'],
    ]);
    expect(w2s.map((i) => i.position)).toEqual([0, 1]);
    // Each suggestion's history says the firm made it, and when.
    expect(w2s[0]?.events).toEqual([
      expect.objectContaining({
        action: 'created',
        from_status: null,
        to_status: 'requested',
        by: 'The firm',
      }),
    ]);
    expect(Date.parse(w2s[0]?.events[0]?.at ?? '')).not.toBeNaN();
    expect(first.progress).toEqual({ open: 2, to_review: 0, accepted: 0, required: 2, complete: false });

    const again = await list(asha);
    expect(again.items.map((i) => i.item_id)).toEqual(first.items.map((i) => i.item_id));
    const rows = await t.database.db
      .select()
      .from(requestItems)
      .where(eq(requestItems.clientId, asha.clientId));
    expect(rows).toHaveLength(2);
  });

  it('suggests each item once when several lists arrive at the same moment', async () => {
    const dev = await signUpAndLogIn(t, 'dev.requests@example.com', { first: 'Dev', last: 'Patel' });
    await addEmployers(dev, ['Stark', 'Wayne']);
    const answers = await Promise.all([list(dev), list(dev), list(dev)]);
    for (const answer of answers)
      expect(answer.items.map((i) => i.title)).toEqual(['W-2 from Stark', 'W-2 from Wayne']);
    const rows = await t.database.db
      .select()
      .from(requestItems)
      .where(eq(requestItems.clientId, dev.clientId));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1]);
    const created = await t.database.db
      .select()
      .from(requestItemEvents)
      .where(eq(requestItemEvents.clientId, dev.clientId));
    expect(created).toHaveLength(2);
  });

  it('does not suggest again an item staff removed, and suggests a new employer at the end', async () => {
    const before = await list(asha);
    const globex = itemNamed(before, 'W-2 from Globex');
    await t.database.db
      .update(requestItems)
      .set({ removedAt: new Date() })
      .where(eq(requestItems.id, globex.item_id));
    const initech = {
      companyName: 'Initech',
      clientName: 'Initech client',
      projectStart: `${taxYear}-03-01`,
      projectEnd: `${taxYear}-09-30`,
    };
    await insertEmployers(t.database.db, asha, taxYear, [initech], 2);
    const after = await list(asha);
    expect(after.items.map((i) => i.title)).toEqual(['W-2 from Acme Corp', 'W-2 from Initech']);
    // Dense positions after the removal.
    expect(after.items.map((i) => i.position)).toEqual([0, 1]);
  });

  it("suggests the spouse's and each dependent's papers and the India items the profile calls for", async () => {
    const priya = await signUpAndLogIn(t, 'priya.requests@example.com', { first: 'Priya', last: 'Nair' });
    await setStatus(priya, 'Basic Info Pending');
    await t.database.db.insert(taxpayerProfiles).values({
      clientId: priya.clientId,
      firstName: 'Priya',
      lastName: 'Nair',
      country: 'INDIA',
    });
    await t.database.db.insert(spouses).values({
      clientId: priya.clientId,
      firstName: 'Arjun',
      lastName: 'Nair',
      visaType: 'H4',
    });
    await t.database.db.insert(dependents).values([
      {
        clientId: priya.clientId,
        position: 0,
        firstName: 'Maya',
        lastName: 'Nair',
        ssnSealed: 'sealed',
        ssnLast4: '1234',
      },
    ]);
    const checklist = await list(priya);
    expect(checklist.items.map((i) => [i.type, i.title, i.person])).toEqual([
      ['id', 'Passport and visa of Arjun (spouse)', 'spouse'],
      ['itin', 'ITIN documents for Arjun (spouse)', 'spouse'],
      ['id', 'ID or birth certificate of Maya', 'dependent'],
      ['form-16', 'Form 16 from your Indian employer', 'taxpayer'],
      ['26as-ais', 'Form 26AS / AIS from the income-tax portal', 'taxpayer'],
      ['bank-nre-nro', 'NRE/NRO bank statements, January to December', 'taxpayer'],
      ['fd-interest', 'FD interest certificates', 'taxpayer'],
      ['mf-cas', 'Mutual-fund CAS (CAMS/KFintech), January to December', 'taxpayer'],
    ]);
    expect(itemNamed(checklist, 'ID or birth certificate of Maya').person_name).toBe('Maya Nair');
  });

  it('asks again last year\'s accepted items ("Still have this?"), not the others', async () => {
    const meera = await signUpAndLogIn(t, 'meera.requests@example.com', { first: 'Meera', last: 'Iyer' });
    const [lastYear] = await t.database.db
      .insert(filings)
      .values({ clientId: meera.clientId, taxYear: taxYear - 1, status: 'Filing Docs Sent' })
      .returning();
    if (!lastYear) throw new Error('no filing');
    await t.database.db.insert(requestItems).values([
      {
        filingId: lastYear.id,
        clientId: meera.clientId,
        position: 0,
        type: '1099-int',
        title: '1099-INT from Chase',
        source: 'staff',
        status: 'accepted',
      },
      {
        filingId: lastYear.id,
        clientId: meera.clientId,
        position: 1,
        type: '1098',
        title: 'Mortgage interest',
        source: 'staff',
        status: 'not_applicable',
      },
      {
        filingId: lastYear.id,
        clientId: meera.clientId,
        position: 2,
        type: 'k-1',
        title: 'K-1 from the old partnership',
        source: 'staff',
        status: 'accepted',
        removedAt: new Date(),
      },
    ]);
    const checklist = await list(meera);
    expect(checklist.items.map((i) => [i.title, i.type, i.source])).toEqual([
      ['Still have this? 1099-INT from Chase', '1099-int', 'last_year'],
    ]);
    // Last year's list is still there to read, and suggests nothing (no longer collecting).
    const previous = await list(meera, { taxy: taxYear - 1 });
    expect(previous.editable).toBe(false);
    expect(previous.items.map((i) => i.status)).toEqual(['accepted', 'not_applicable']);
  });

  it('suggests nothing once the filing has left document collection, and says it is read-only', async () => {
    const neil = await signUpAndLogIn(t, 'neil.requests@example.com', { first: 'Neil', last: 'Das' });
    await addEmployers(neil, ['Umbrella']);
    await setStatus(neil, 'Preparation Pending');
    const checklist = await list(neil);
    expect(checklist.editable).toBe(false);
    expect(checklist.items).toEqual([]);
    // A year far from the current one makes no filing.
    const future = await list(neil, { taxy: taxYear + 5 });
    expect(future).toMatchObject({ tax_year: taxYear + 5, editable: false, items: [] });
    const made = await t.database.db.select().from(filings).where(eq(filings.clientId, neil.clientId));
    expect(made.map((f) => f.taxYear)).toEqual([taxYear]);
  });

  it("lists the upload page's documents as received files of their category, with the item's files apart", async () => {
    const form = new FormData();
    form.append('folderPath', `${ravi.clientId}/1099B-G/`);
    form.append('upt_id', '2');
    form.append(
      'uploadedImages',
      new Blob([new Uint8Array(samplePdf(3000))], { type: 'application/pdf' }),
      'bank.pdf',
    );
    expect((await t.postFormAs(ravi.sid, '/api/upload/uploaddocs', form)).statusCode).toBe(200);
    await insertEmployers(t.database.db, ravi, taxYear, [{ companyName: 'Hooli' }]);
    const { items } = await list(ravi);
    const w2 = itemNamed({ items } as AccountRequests, 'W-2 from Hooli');
    const bytes = samplePdf(4500);
    const documentId = await attachFile(ravi, w2.item_id, bytes);

    const checklist = await list(ravi);
    const received = checklist.received.find((r) => r.category === '1099B-G');
    expect(received?.label).toBe('1099 B-G');
    expect(received?.files.map((f) => f.name)).toEqual(['bank.pdf']);
    expect(checklist.received.flatMap((r) => r.files)).toHaveLength(1);
    const item = itemNamed(checklist, 'W-2 from Hooli');
    expect(item.status).toBe('uploaded');
    expect(item.files).toEqual([
      expect.objectContaining({ document_id: documentId, name: 'w2-scan.pdf', size: 4500, locked: false }),
    ]);
    expect(checklist.progress).toMatchObject({ open: 0, to_review: 1, required: 1, complete: false });
    // The link is the portal's own download link, and opens the file for its owner only.
    const url = item.files[0]?.download_url ?? '';
    expect(url).toMatch(/^\/api\/account\/download\?t=/);
    const download = await t.getAs(ravi.sid, url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect((await t.getAs(asha.sid, url)).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const res = await t.post('/api/account/requests/list', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('account/requests/notapplicable and later', () => {
  it('marks an item as not applying, with the reason, kept in its history as the client', async () => {
    const item = itemNamed(await list(asha), 'W-2 from Initech');
    const res = await notApplicable(asha, { item_id: item.item_id, reason: 'Never started there' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_smessage: MESSAGES.REQUEST_MARKED_NOT_APPLICABLE });
    const after = itemNamed(await list(asha), 'W-2 from Initech');
    expect(after).toMatchObject({ status: 'not_applicable', reason: 'Never started there' });
    expect(after.events.at(-1)).toMatchObject({
      action: 'not_applicable',
      from_status: 'requested',
      to_status: 'not_applicable',
      reason: 'Never started there',
      by: 'You',
    });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.not_applicable'), eq(auditLog.clientId, asha.clientId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.subject).not.toContain('Never started');
  });

  it('takes a date after today (firm time) for "I\'ll send it by", and refuses today or a past day', async () => {
    const item = itemNamed(await list(asha), 'W-2 from Acme Corp');
    const today = firmToday();
    for (const date of [today, dayAfter(today, -3)]) {
      const res = await later(asha, { item_id: item.item_id, date });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toMatchObject({
        status_smessage: MESSAGES.REQUEST_LATER_DATE_INVALID,
        details: { date: MESSAGES.REQUEST_LATER_DATE_INVALID },
      });
    }
    const bad = await later(asha, { item_id: item.item_id, date: 'next week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status_smessage).toBe(MESSAGES.REQUEST_LATER_DATE_INVALID);

    const tomorrow = dayAfter(today);
    const res = await later(asha, { item_id: item.item_id, date: tomorrow });
    expect(res.statusCode).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_MARKED_LATER);
    const after = itemNamed(await list(asha), 'W-2 from Acme Corp');
    expect(after).toMatchObject({
      status: 'later',
      later_date: tomorrow,
      status_label: 'You will send it later',
    });
    expect(after.events.at(-1)).toMatchObject({ action: 'later', to_status: 'later', by: 'You' });
  });

  it("refuses another client's item, a removed one and another year's on every call, changing nothing", async () => {
    const ashaItem = itemNamed(await list(asha), 'W-2 from Acme Corp');
    const [removed] = await t.database.db
      .select()
      .from(requestItems)
      .where(and(eq(requestItems.clientId, asha.clientId), eq(requestItems.title, 'W-2 from Globex')));
    const tomorrow = dayAfter(firmToday());
    const attempts: [Session, string][] = [
      [ravi, ashaItem.item_id],
      [asha, removed?.id ?? ''],
      [ravi, randomUUID()],
    ];
    for (const [who, itemId] of attempts) {
      const before = await snapshot(itemId);
      for (const res of [
        await notApplicable(who, { item_id: itemId, reason: 'not mine' }),
        await later(who, { item_id: itemId, date: tomorrow }),
      ]) {
        expect(res.statusCode, itemId).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'NOT_FOUND',
          status_smessage: MESSAGES.REQUEST_ITEM_NOT_FOUND,
        });
      }
      expect(await snapshot(itemId)).toEqual(before);
    }
    expect(ashaItem.status).toBe('later');
  });

  it("refuses another year's item of the client's own: a closed year is read-only (422, issue 38)", async () => {
    const meera = await signUpAndLogIn(t, 'meera2.requests@example.com', { first: 'Meera', last: 'Shah' });
    const [lastYear] = await t.database.db
      .insert(filings)
      .values({ clientId: meera.clientId, taxYear: taxYear - 1, status: 'Docs Upload Pending' })
      .returning();
    const [old] = await t.database.db
      .insert(requestItems)
      .values({
        filingId: lastYear?.id ?? '',
        clientId: meera.clientId,
        position: 0,
        type: 'w2',
        title: 'Old W-2',
        source: 'staff',
      })
      .returning();
    const before = await snapshot(old?.id ?? '');
    const res = await notApplicable(meera, { item_id: old?.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(MESSAGES.YEAR_CLOSED);
    expect(await snapshot(old?.id ?? '')).toEqual(before);
  });

  it('refuses a change to an accepted item (409), and everything once documents are closed (422)', async () => {
    const hooli = itemNamed(await list(ravi), 'W-2 from Hooli');
    await t.database.db
      .update(requestItems)
      .set({ status: 'accepted' })
      .where(eq(requestItems.id, hooli.item_id));
    const closed = await notApplicable(ravi, { item_id: hooli.item_id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().status_smessage).toBe(MESSAGES.REQUEST_ITEM_CLOSED);

    const acme = itemNamed(await list(asha), 'W-2 from Acme Corp');
    await setStatus(asha, 'Preparation Pending');
    const before = await snapshot(acme.item_id);
    for (const res of [
      await notApplicable(asha, { item_id: acme.item_id }),
      await later(asha, { item_id: acme.item_id, date: dayAfter(firmToday(), 2) }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_LOCKED);
    }
    expect(await snapshot(acme.item_id)).toEqual(before);
    expect((await list(asha)).editable).toBe(false);
    await setStatus(asha, 'Docs Upload Pending');
  });

  it('answers bad input with its message, never a 500', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/account/requests/notapplicable', { item_id: 'nope' }],
      ['/api/account/requests/notapplicable', {}],
      ['/api/account/requests/notapplicable', { item_id: randomUUID(), reason: 'x'.repeat(501) }],
      ['/api/account/requests/later', { item_id: randomUUID() }],
      ['/api/account/requests/later', { item_id: randomUUID(), date: '2026-02-30' }],
      ['/api/account/requests/list', { taxy: 'soon' }],
    ];
    for (const [url, body] of cases) {
      const res = await t.postAs(asha.sid, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().status_smessage).toEqual(expect.any(String));
    }
    const res = await t.postAs(asha.sid, '/api/account/requests/notapplicable', { item_id: 'nope' });
    expect(res.json().status_smessage).toBe(MESSAGES.REQUEST_ITEM_NOT_FOUND);
  });
});
