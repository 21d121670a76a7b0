/**
 * Every query the season bench relies on (bench/season-calls.ts: the staff queues and counts, the client
 * searches, the audit-log filters, the inbox tabs and the CSV exports) can be served by an index. The calls go
 * through the app; each SQL statement they run is captured from Drizzle's query log and explained with
 * `enable_seqscan = off`, which makes the planner take an index wherever one can serve: a plan that still
 * reads a big table sequentially has no index that can serve it, and fails.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { WORK_KINDS } from '@taxfirm/contract';
import { careerApplications, contactMessages, sql, type DatabaseHandle } from '@taxfirm/db';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsFor, EXPORTS } from '../../../bench/season-calls.ts';
import { currentTaxYear, makeInvoice } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  testStaffActor,
  useTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import { captureStatements as capture, type Captured } from '../../../test/statements.ts';
import { careerCsvRows, contactCsvRows } from '../inbox/inbox.service.ts';
import { invoiceCsvRows } from '../invoices/invoice-list.staff.ts';

/** Tables that grow with the firm (season-data.ts fills them); small tables (settings, staff) may be scanned. */
const BIG_TABLES = new Set([
  'users',
  'clients',
  'filings',
  'filing_status_history',
  'documents',
  'audit_log',
  'messages',
  'message_threads',
  'request_items',
  'contact_messages',
  'career_applications',
  'referrals',
  'payments',
  'invoices',
  'invoice_lines',
  'taxpayer_profiles',
  'work_candidates',
]);

type Plan = { 'Node Type': string; 'Relation Name'?: string; Plans?: Plan[] };
/**
 * The plan of one statement with sequential scans off, on either engine; `noSort`: sorts off too, so that a
 * plan still sorting has no index that gives the order.
 */
async function explain(
  database: DatabaseHandle,
  { text, params }: Captured,
  { noSort = false }: { noSort?: boolean } = {},
): Promise<Plan> {
  const settings = [
    'set local enable_seqscan = off',
    ...(noSort ? ['set local enable_sort = off', 'set local enable_incremental_sort = off'] : []),
  ];
  const statement = `explain (format json) ${text}`;
  type Rows = { rows: { 'QUERY PLAN': [{ Plan: Plan }] }[] };
  const planOf = (result: Rows) => {
    const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) throw new Error(`no plan for ${text}`);
    return plan;
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    try {
      await connection.query('begin');
      for (const setting of settings) await connection.query(setting);
      const result = (await connection.query(statement, params)) as unknown as Rows;
      await connection.query('rollback');
      return planOf(result);
    } finally {
      connection.release();
    }
  }
  return (client as PGlite).transaction(async (tx) => {
    for (const setting of settings) await tx.query(setting);
    return planOf((await tx.query(statement, params)) as unknown as Rows);
  });
}

/**
 * The plan's sequential scans of big tables. (A whole-index walk with no condition is not one: with sequential
 * scans off the planner walks indexes for merge joins and for counts of a whole list, whose cost grows with
 * the list by design; the bench's growth column measures those.)
 */
function seqScans(plan: Plan): string[] {
  const relation = plan['Relation Name'];
  const here =
    plan['Node Type'] === 'Seq Scan' && relation !== undefined && BIG_TABLES.has(relation)
      ? [`Seq Scan on ${relation}`]
      : [];
  return [...here, ...(plan.Plans ?? []).flatMap(seqScans)];
}

/** The reads among the statements (the writes are the audit rows the calls add). */
const isRead = (q: Captured) => /^\s*(select|with)\b/i.test(q.text);

async function plansOf(t: TestApp, run: () => Promise<void>) {
  const reads = (await capture(t.database, run)).filter(isRead);
  const problems: string[] = [];
  for (const query of reads) {
    for (const scan of seqScans(await explain(t.database, query))) problems.push(`${scan}: ${query.text}`);
  }
  return { reads, problems };
}

describe('the staff console at scale: every query the season bench runs is served by an index', () => {
  const t = useTestApp();

  const ids = { analyst: '', analystSid: '', client: '' };
  beforeAll(async () => {
    // A real analyst and client for the filters that name one (an unknown client is a 404); the calls made
    // `as: 'analyst'` are made by that analyst.
    const analyst = await staffSession(t, 'plans-analyst@firm.test', 'analyst');
    ids.analyst = analyst.userId;
    ids.analystSid = analyst.sid;
    ids.client = (await signUpAndLogIn(t, 'plans-client@example.com')).clientId;
    // Planner statistics of an analysed database, as a real one has, rather than an empty table's guesses.
    await t.database.db.execute(sql`analyze`);
  });

  const year = new Date().getUTCFullYear() - 1;
  const names = callsFor(100_000, year, randomUUID(), randomUUID()).map((c) => c.name);

  it.each(names)('%s reads no big table whole', async (name) => {
    const call = callsFor(100_000, year, ids.analyst, ids.client).find((c) => c.name === name);
    if (!call) throw new Error(`no call ${name}`);
    const sid =
      call.as === 'analyst'
        ? ids.analystSid
        : (await staffSession(t, `plans-${randomUUID()}@firm.test`, 'admin')).sid;
    const { reads, problems } = await plansOf(t, async () => {
      const res = await t.postAs(sid, call.url, call.body);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(reads.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it.each(EXPORTS)('$name ($url) reads no big table whole', async (exp) => {
    const { sid } = await staffSession(t, `plans-${randomUUID()}@firm.test`, 'admin');
    const { reads, problems } = await plansOf(t, async () => {
      const res = await t.getAs(sid, exp.url);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(reads.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("reads an export's later batches (keyset: after the last row's sort key) by an index too", async () => {
    const db = t.database.db;
    const person = { phone: '4695550100', phoneExt: 'US', message: 'hello' };
    await db
      .insert(contactMessages)
      .values([1, 2, 3].map((i) => ({ ...person, name: `keyset ${i}`, email: `keyset${i}@example.com` })));
    await db
      .insert(careerApplications)
      .values(
        [1, 2, 3].map((i) => ({ ...person, firstName: 'keyset', lastName: `${i}`, email: `k${i}@x.test` })),
      );
    const taxYear = await currentTaxYear(t);
    for (const totalCents of [100, 200, 300])
      await makeInvoice(db, { clientId: ids.client, taxYear, totalCents });
    const { userId } = await staffSession(t, `plans-${randomUUID()}@firm.test`, 'admin');
    const actor = testStaffActor(userId);
    const drain = async (rows: AsyncIterable<unknown>) => {
      let n = 0;
      for await (const _ of rows) n++;
      return n;
    };
    const received = { sort: { column: 'received', dir: 'desc' } } as const;
    const created = { filter: 'all', sort: { column: 'created', dir: 'desc' } } as const;
    for (const run of [
      () => drain(contactCsvRows(db, received, 1)),
      () => drain(careerCsvRows(db, received, 1)),
      async () => drain(await invoiceCsvRows({ db, actor, filters: created, batch: 1 })),
    ]) {
      let n = 0;
      const { reads, problems } = await plansOf(t, async () => {
        n = await run();
      });
      expect(n).toBeGreaterThanOrEqual(3);
      // One read per batch and one for each batch's last key at least: the later batches were read.
      expect(reads.length).toBeGreaterThan(n);
      expect(problems).toEqual([]);
    }
  });

  it("reads the All queue's page, newest first, in the index's order: no sort of the year's files", async () => {
    const call = callsFor(100_000, year, ids.analyst, ids.client).find(
      (c) => c.name === 'client list, all, by last update',
    );
    if (!call) throw new Error('no call for the All queue');
    const { sid } = await staffSession(t, `plans-${randomUUID()}@firm.test`, 'admin');
    const { reads } = await plansOf(t, async () => {
      const res = await t.postAs(sid, call.url, call.body);
      expect(res.statusCode, res.body).toBe(200);
    });
    const page = reads.find((q) => /order by "filings"."updated_at" desc.*\blimit\b/is.test(q.text));
    if (!page) throw new Error('no page statement');
    // The plan's nodes from the top down to each read of the year's index on the last update.
    const pathsTo = (plan: Plan, above: string[] = []): string[][] => {
      const path = [...above, plan['Node Type']];
      const here =
        (plan as { 'Index Name'?: string })['Index Name'] === 'filings_year_updated_idx' ? [path] : [];
      return [...here, ...(plan.Plans ?? []).flatMap((child) => pathsTo(child, path))];
    };
    const plan = await explain(t.database, page, { noSort: true });
    const paths = pathsTo(plan);
    expect(paths.length, JSON.stringify(plan)).toBeGreaterThan(0);
    // Between the page's limit and the index nothing sorts (the rows of the page are put in order again
    // above the limit: 25 rows).
    for (const path of paths) {
      const belowLimit = path.slice(path.lastIndexOf('Limit'));
      expect(belowLimit[0]).toBe('Limit');
      expect(belowLimit.filter((node) => /Sort/.test(node))).toEqual([]);
    }
  });

  it("counts each kind of My work from the index by person and kind (migration 0046), not the person's whole list", async () => {
    const call = callsFor(100_000, year, ids.analyst, ids.client).find(
      (c) => c.name === 'my work: counts (the analyst, signed in)',
    );
    if (!call) throw new Error('no call for My work counts');
    const { reads } = await plansOf(t, async () => {
      const res = await t.postAs(ids.analystSid, call.url, call.body);
      expect(res.statusCode, res.body).toBe(200);
    });
    const counts = reads.find((q) => /"work_candidates"/.test(q.text) && /\blimit\b/i.test(q.text));
    if (!counts) throw new Error('no counts statement');
    const indexesOf = (plan: Plan): string[] => [
      ...((plan as { 'Index Name'?: string })['Index Name']
        ? [String((plan as { 'Index Name'?: string })['Index Name'])]
        : []),
      ...(plan.Plans ?? []).flatMap(indexesOf),
    ];
    const used = indexesOf(await explain(t.database, counts));
    // One bounded count per kind, each read from the kind's own entries.
    expect(used.filter((name) => name === 'work_candidates_person_kind_idx').length, used.join(', ')).toBe(
      WORK_KINDS.length,
    );
  });

  it('finds a full scan where there is one (the check itself)', async () => {
    const plan = await explain(t.database, {
      // No index holds the IP address.
      text: `select count(*) from audit_log where ip like $1`,
      params: ['10.%'],
    });
    expect(seqScans(plan)).toEqual(['Seq Scan on audit_log']);
  });
});
