/**
 * The queues' counts stop at QUEUE_COUNT_LIMIT (issue 39): an exact count reads every match, so the console
 * counts up to a thousand and says "more" above it, and a list's page counts on to the next thousand past it,
 * so that its pages go on. What a bulk action confirms is counted exactly, by `staff/clients/count`, and only
 * among the files the staff member may see.
 */
import { FILE_STATUSES, MESSAGES, QUEUE_COUNT_LIMIT, type FileStatus } from '@taxfirm/contract';
import { and, auditLog, eq, sql } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeClientFiles } from '../../../test/factories.ts';
import { signUpAndLogIn, staffSession, testStaffActor, useTestApp } from '../../../test/helpers.ts';
import { captureStatements } from '../../../test/statements.ts';
import { COMMON_TERM_CLIENTS, SEARCH_IDS_MAX } from './client-search.ts';
import { listQueueRows, type ListingInput } from './queue-listing.ts';

const t = useTestApp();
const WAITING = FILE_STATUSES[0];
const PREPARING: FileStatus = 'Preparation Pending';
/** Files of the current year: over the bound in one status, under it in another. */
const PREPARING_FILES = QUEUE_COUNT_LIMIT + 50;
const WAITING_FILES = 150;
const ALL_FILES = PREPARING_FILES + WAITING_FILES;

let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let taxYear: number;

beforeAll(async () => {
  admin = await staffSession(t, 'counts-admin@firm.example', 'admin');
  analyst = await staffSession(t, 'counts-analyst@firm.example', 'analyst');
  taxYear = await currentTaxYear(t);
  const db = t.database.db;
  await makeClientFiles(db, { count: PREPARING_FILES, emailPrefix: 'preparing.', status: PREPARING });
  await makeClientFiles(db, { count: WAITING_FILES, emailPrefix: 'waiting.', status: WAITING });
  // Three of the files in preparation are the analyst's; the rest are nobody's, so not the analyst's to see.
  await t.database.db.execute(sql`update filings set assigned_to = ${analyst.userId}
    where id in (select id from filings where tax_year = ${taxYear} and status = ${PREPARING} limit 3)`);
  // Dates staff gave on two files in three, spread over a year (the rest keep the rule's, all one date): the
  // order by next due has both runs of ties and distinct dates.
  await t.database.db.execute(sql`update filings
    set due_on = date '2026-01-01' + (abs(hashtext(id::text)) % 365), due_reason = 'Test'
    where tax_year = ${taxYear} and abs(hashtext(id::text)) % 3 <> 0`);
});

type Counts = {
  counts: { status: string; count: number; more: boolean }[];
  total: number;
  total_more: boolean;
};
type Page = { recordsTotal: number; recordsFiltered: number; more: boolean; data: unknown[] };

const list = async (sid: string, body: Record<string, unknown>) => {
  const res = await t.postAs(sid, '/api/staff/clients/list', { taxy: taxYear, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('the queues count up to a thousand', () => {
  it('counts each status and all of them no further than the bound, and says there are more', async () => {
    const res = await t.postAs(admin.sid, '/api/staff/clients/queues', { taxy: taxYear });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Counts;
    const of = (status: string) => body.counts.find((c) => c.status === status);
    expect(of(PREPARING)).toEqual({ status: PREPARING, count: QUEUE_COUNT_LIMIT, more: true });
    expect(of(WAITING)).toEqual({ status: WAITING, count: WAITING_FILES, more: false });
    expect(of('E-Filing Complete')).toEqual({ status: 'E-Filing Complete', count: 0, more: false });
    expect(body.counts).toHaveLength(FILE_STATUSES.length);
    expect({ total: body.total, more: body.total_more }).toEqual({ total: QUEUE_COUNT_LIMIT, more: true });
  });

  it("counts an analyst's own files and those to be assigned, exactly when under the bound", async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/clients/queues', { taxy: taxYear });
    const body = res.json() as Counts;
    expect(body.counts.find((c) => c.status === PREPARING)).toEqual({
      status: PREPARING,
      count: 3,
      more: false,
    });
    expect({ total: body.total, more: body.total_more }).toEqual({ total: WAITING_FILES + 3, more: false });
  });

  it("a list's first page counts to the bound; the last page that count allows counts on to the next thousand", async () => {
    const first = await list(admin.sid, {});
    expect(first).toMatchObject({
      recordsTotal: QUEUE_COUNT_LIMIT,
      recordsFiltered: QUEUE_COUNT_LIMIT,
      more: true,
    });
    expect(first.data).toHaveLength(25);
    // The last page the first count allowed (rows 976-1,000): its count goes on past the bound.
    const later = await list(admin.sid, {
      dataTablesParameters: { draw: 2, start: QUEUE_COUNT_LIMIT - 25, length: 25 },
    });
    expect(later).toMatchObject({ recordsTotal: ALL_FILES, recordsFiltered: ALL_FILES, more: false });
    expect(later.data).toHaveLength(25);
  });

  it('bounds a narrowed and a searched list the same way, and counts a small one exactly', async () => {
    const narrowed = await list(admin.sid, { owner: 'unassigned' });
    expect(narrowed).toMatchObject({ recordsFiltered: QUEUE_COUNT_LIMIT, more: true });
    const searched = await list(admin.sid, {
      dataTablesParameters: { draw: 1, start: 0, length: 25, search: { value: 'preparing.' } },
    });
    expect(searched).toMatchObject({
      recordsTotal: QUEUE_COUNT_LIMIT,
      recordsFiltered: QUEUE_COUNT_LIMIT,
      more: true,
    });
    const small = await list(admin.sid, { status: WAITING });
    expect(small).toMatchObject({ recordsTotal: WAITING_FILES, recordsFiltered: WAITING_FILES, more: false });
  });

  it("counts a saved view's files to the bound too, and a small view exactly", async () => {
    for (const [name, status] of [
      ['In preparation', PREPARING],
      ['Waiting', WAITING],
    ] as const) {
      const saved = await t.postAs(admin.sid, '/api/staff/views/save', { name, query: { status } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const res = await t.postAs(admin.sid, '/api/staff/views/list', {});
    expect(res.statusCode, res.body).toBe(200);
    const views = res.json().views as { name: string; count: number; more: boolean }[];
    expect(views.map(({ name, count, more }) => ({ name, count, more }))).toEqual([
      { name: 'In preparation', count: QUEUE_COUNT_LIMIT, more: true },
      { name: 'Waiting', count: WAITING_FILES, more: false },
    ]);
  });
});

describe("a common term's first rows are walked in the list's order", () => {
  /** The listing of a search, as the route asks for it. */
  const input = (search: string, more: Partial<ListingInput> = {}): ListingInput => ({
    taxYear,
    status: undefined,
    narrowing: {},
    search,
    sort: { column: 'updated', dir: 'desc' },
    slice: { start: 0, length: 25 },
    ...more,
  });
  /** The listing, and the reference built for this call that searches in place (no lookup, no walk). */
  const both = async (listing: ListingInput, actor = testStaffActor(admin.userId)) => {
    let walked: Awaited<ReturnType<typeof listQueueRows>> | undefined;
    const statements = await captureStatements(t.database, async () => {
      walked = await listQueueRows(t.database.db, actor, listing);
    });
    const reference = await listQueueRows(t.database.db, actor, listing, { fresh: true });
    const lookups = statements.filter((s) => /\) matched limit /.test(s.text)).map((s) => s.params.at(-1));
    const counted = (pattern: RegExp) => statements.filter((s) => pattern.test(s.text)).length;
    return {
      walked,
      reference,
      lookups,
      walks: counted(/\bwalked\b/),
      // The walk's count from the clients' side, run when the clients looked up do not reach the bound.
      existsCounts: counted(/exists \(select 1 from "clients"/),
    };
  };

  it('finds the same rows and counts as a search in place, looking no further than a thousand matches', async () => {
    // 'preparing.' matches 1,050 clients, each with one file (the 150 newer files match no such term, so the
    // walk tests them first); '@example' matches all 1,200, and '(469)-555' all 1,200 by their phones' digits.
    expect(PREPARING_FILES).toBeGreaterThan(COMMON_TERM_CLIENTS);
    for (const term of ['preparing.', '@example', '(469)-555']) {
      for (const more of [
        {},
        { slice: { start: 75, length: 25 } },
        { sort: { column: 'updated', dir: 'asc' } },
        { sort: { column: 'status_since', dir: 'desc' }, slice: { start: 10, length: 50 } },
        { sort: { column: 'next_due', dir: 'asc' }, slice: { start: 50, length: 25 } },
        { sort: { column: 'next_due', dir: 'desc' } },
      ] satisfies Partial<ListingInput>[]) {
        const label = `${term} ${JSON.stringify(more)}`;
        const { walked, reference, lookups, walks, existsCounts } = await both(input(term, more));
        expect(walked, label).toEqual(reference);
        expect(walked?.data, label).toHaveLength(more.slice?.length ?? 25);
        expect(walked, label).toMatchObject({ recordsFiltered: QUEUE_COUNT_LIMIT, more: true });
        // One lookup, stopped past the thousandth match; then the walk. Every client looked up has a file of
        // the year: counted among them, the matches reach the bound, and nothing is counted again.
        expect({ lookups, walks, existsCounts }, label).toEqual({
          lookups: [COMMON_TERM_CLIENTS + 1],
          walks: 1,
          existsCounts: 0,
        });
      }
    }
  });

  it("walks only the files an analyst may see, and reuses a shape's statements for another term", async () => {
    const actor = testStaffActor(analyst.userId, 'analyst');
    // The analyst sees 153 files (the 150 waiting to be assigned, 3 of their own), every one an '@example'
    // client's: the walk fills the page from them alone.
    const seen = await both(input('@example'), actor);
    expect(seen.walked).toEqual(seen.reference);
    expect(seen.walked).toMatchObject({ recordsFiltered: WAITING_FILES + 3, more: false });
    // Few of the clients looked up have a file the analyst sees: their matches are counted from the clients' side.
    expect(seen).toMatchObject({ lookups: [COMMON_TERM_CLIENTS + 1], walks: 1, existsCounts: 1 });
    // Three of their files are 'preparing.' clients': the walk finds fewer than a page, the usual way follows.
    const own = await both(input('preparing.'), actor);
    expect(own.walked).toEqual(own.reference);
    expect(own.walked?.data).toHaveLength(3);
    expect(own).toMatchObject({ lookups: [COMMON_TERM_CLIENTS + 1, SEARCH_IDS_MAX + 1], walks: 1 });
    // The prepared walk, called again with other terms (not recorded, so the statements stay built).
    const admins = testStaffActor(admin.userId);
    for (const term of ['preparing.', '@example', 'preparing.', '(469)-555', '(469)-5551']) {
      const listing = input(term, { slice: { start: 25, length: 25 } });
      expect(await listQueueRows(t.database.db, admins, listing), term).toEqual(
        await listQueueRows(t.database.db, admins, listing, { fresh: true }),
      );
    }
  });

  it('pages the usual way where the walk finds fewer than asked, past its first rows, and for a rare term', async () => {
    // No file waiting on the client is a 'preparing.' client's: the walk finds none, the full lookup follows.
    const none = await both(input('preparing.', { status: WAITING }));
    expect(none.walked).toEqual(none.reference);
    expect(none.walked).toMatchObject({ recordsFiltered: 0, data: [] });
    expect(none).toMatchObject({ lookups: [COMMON_TERM_CLIENTS + 1, SEARCH_IDS_MAX + 1], walks: 1 });
    // Past the walk's first rows, and ordered by name (no index gives it): no walk.
    for (const more of [
      { slice: { start: 100, length: 25 } },
      { sort: { column: 'name', dir: 'asc' } },
    ] satisfies Partial<ListingInput>[]) {
      const deep = await both(input('preparing.', more));
      expect(deep.walked).toEqual(deep.reference);
      expect(deep.walked?.data).toHaveLength(25);
      expect(deep).toMatchObject({ lookups: [SEARCH_IDS_MAX + 1], walks: 0 });
    }
    // A rare term: its 150 clients are looked up once and handed over.
    const rare = await both(input('waiting.'));
    expect(rare.walked).toEqual(rare.reference);
    expect(rare.walked).toMatchObject({ recordsFiltered: WAITING_FILES, more: false });
    expect(rare).toMatchObject({ lookups: [COMMON_TERM_CLIENTS + 1], walks: 0 });
  });
});

describe('staff/clients/count', () => {
  const count = async (sid: string, body: Record<string, unknown>) =>
    t.postAs(sid, '/api/staff/clients/count', { taxy: taxYear, ...body });

  it('counts what a bulk action would select, exactly, past the bound', async () => {
    expect((await count(admin.sid, {})).json()).toMatchObject({ count: ALL_FILES });
    expect((await count(admin.sid, { status: PREPARING })).json()).toMatchObject({ count: PREPARING_FILES });
    expect((await count(admin.sid, { search: 'waiting.' })).json()).toMatchObject({ count: WAITING_FILES });
    // Audited as a listing is (a search's count says whether someone is a client).
    const audited = await t.database.db
      .select({ subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.userId), eq(auditLog.action, 'staff.clients.count')));
    expect(audited.map((a) => a.subject).sort()).toEqual(
      [`${taxYear}/All`, `${taxYear}/${PREPARING}`, `${taxYear}/All search`].sort(),
    );
  });

  it("counts only the files the staff member may see: an analyst's own and those to be assigned", async () => {
    expect((await count(analyst.sid, {})).json()).toMatchObject({ count: WAITING_FILES + 3 });
    expect((await count(analyst.sid, { status: PREPARING })).json()).toMatchObject({ count: 3 });
  });

  it("refuses a bad filter with its message, an analyst's count of another's files, a client and a visitor", async () => {
    const bad = await count(admin.sid, { status: 'Nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status_smessage).toBe(MESSAGES.STATUS_INVALID);
    for (const body of [{ taxy: 'next year' }, { search: 'x'.repeat(101) }, { unattended_days: 0 }]) {
      const refused = await count(admin.sid, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).not.toMatch(/stack|at \w+ \(/);
    }
    const unattended = await count(admin.sid, { unattended_days: 0 });
    expect(unattended.json().status_smessage).toBe(MESSAGES.QUEUE_UNATTENDED_INVALID);
    const others = await count(analyst.sid, { owner: admin.userId });
    expect(others.statusCode).toBe(403);
    expect(others.json().status_smessage).toBe(MESSAGES.QUEUE_OWNER_ADMIN_ONLY);
    const client = await signUpAndLogIn(t, 'counts-client@example.com');
    expect((await count(client.sid, {})).statusCode).toBe(403);
    expect((await t.post('/api/staff/clients/count', { taxy: taxYear })).statusCode).toBe(401);
  });
});
