/**
 * Bulk actions at a season's size (issue 36): a status change of 1,000 files on PostgreSQL, as the runner does
 * it in the background (one transaction per file: the status, its history, the client's e-mail in the outbox,
 * the audit rows). Measures the time per file, the process's memory while it runs (it must stay flat: the
 * runner holds one pass's positions, never the job), and that each client is e-mailed exactly once.
 *
 * Writes docs/benchmarks.md between the bench:bulk markers. `BULK_FILES` changes the count.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, prepareDatabase, priceItems, siteSettings, sql, type Database } from '@taxfirm/db';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import { runAutomationPass } from '../src/modules/automations/automation-runner.ts';
import { saveAutomation } from '../src/modules/automations/automations.staff.service.ts';
import { runBulkPass } from '../src/modules/bulk/bulk-runner.ts';
import type { FileActionDeps } from '../src/modules/bulk/file-actions.ts';
import { startBulk } from '../src/modules/bulk/bulk.staff.service.ts';
import { createSettingsCache } from '../src/modules/settings/settings.cache.ts';
import { createStaffMember } from '../src/modules/staff/staff-accounts.service.ts';
import { queueSelectionSql } from '../src/modules/staff/work-queues.service.ts';
import { freshPostgresDatabase } from './postgres.ts';
import { machine, table, writeSection } from './report.ts';
import { generateSeason, seasonCounts } from './season-data.ts';

const FILES = Number(process.env['BULK_FILES'] ?? 1000);

export async function runBulkBench(log: (line: string) => void = console.log): Promise<void> {
  const fresh = await freshPostgresDatabase('taxfirm_bench_bulk');
  const database = await createDatabase({ engine: 'postgres', url: fresh.url, maxConnections: 10 });
  try {
    await prepareDatabase(database, MIGRATIONS_DIR);
    const db = database.db;
    const [settings] = await db.select({ year: siteSettings.currentTaxYear }).from(siteSettings);
    const year = settings?.year ?? new Date().getUTCFullYear() - 1;
    await generateSeason(db, seasonCounts(FILES), year, () => undefined);
    const { userId } = await createStaffMember(db, 'http://localhost', {
      email: 'bulk-admin@firm.test',
      role: 'admin',
      first_name: 'Bulk',
      last_name: 'Admin',
    });
    const actor = {
      kind: 'staff' as const,
      userId,
      role: 'admin' as const,
      offshore: false,
      ip: '127.0.0.1',
      userAgent: 'bench',
    };
    const target = 'Preparation Pending' as const;
    // A rule in force on the target status: each file the job moves gets the federal return's invoice, sent.
    const [federal] = await db
      .select({ id: priceItems.id })
      .from(priceItems)
      .orderBy(priceItems.position)
      .limit(1);
    if (!federal) throw new Error('bench: the price list is empty');
    const ruleId = await saveAutomation(db, actor, {
      name: 'Invoice on entry',
      status: target,
      india_only: false,
      action: { kind: 'invoice', price_item_ids: [federal.id] },
      paused: false,
    });
    const since = new Date();
    // Every file of the year: those already in the target status are skipped (no e-mail), as a person's would be.
    const started = await startBulk(
      db,
      actor,
      {
        request_id: crypto.randomUUID(),
        taxYear: year,
        action: { kind: 'status', status: target, comment: 'Documents are complete' },
        selection: { filter: {}, expected: FILES },
      },
      (a, taxYear, filter) =>
        queueSelectionSql(a, taxYear, { ...filter, status: undefined, search: undefined }),
    );
    const keyring = createKeyring('bench-bulk-key-0123456789abcdefghijklmnop');
    const settingsCache = await createSettingsCache(database);
    const voice = { firm: await settingsCache.firm(), appUrl: 'http://localhost' };

    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const load = loadavg()[0] ?? 0;
    const t0 = performance.now();
    let done = 0;
    // A status change and an invoice store nothing: the storage is there because other file actions need it.
    const storage = createLocalStorage({ root: mkdtempSync(path.join(tmpdir(), 'bench-bulk-')), keyring });
    for (;;) {
      const n = await runBulkPass(db, { voice, keyring, storage });
      done += n;
      if (n === 0) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    // What the run left behind once the garbage is collected (with --expose-gc; else the peak only).
    global.gc?.();
    const retained = (process.memoryUsage().heapUsed - base.heapUsed) / 2 ** 20;
    const outcomes = (
      (await db.execute(sql`select outcome, count(*)::int as n from bulk_job_items
        where job_id = ${started.job_id} group by 1 order by 1`)) as unknown as {
        rows: { outcome: string; n: number }[];
      }
    ).rows;
    const mails = (
      (await db.execute(sql`select count(*)::int as total, count(distinct "to")::int as clients,
        coalesce(max(per), 0)::int as most from (select "to", count(*) over (partition by "to") as per
          from email_outbox where created_at >= ${since.toISOString()}::timestamptz) m`)) as unknown as {
        rows: { total: number; clients: number; most: number }[];
      }
    ).rows[0] ?? { total: 0, clients: 0, most: 0 };
    const moved = outcomes.find((o) => o.outcome === 'done')?.n ?? 0;
    const skipped = outcomes.find((o) => o.outcome === 'skipped')?.n ?? 0;
    const perFile = (seconds * 1000) / Math.max(1, done);
    log(
      `bulk: ${done} files in ${seconds.toFixed(1)} s (${perFile.toFixed(1)} ms a file): ${moved} moved, ${skipped} skipped; ` +
        `${mails.total} e-mails to ${mails.clients} clients (at most ${mails.most} each); ` +
        `RSS +${((peakRss - base.rss) / 2 ** 20).toFixed(1)} MB, heap +${((peakHeap - base.heapUsed) / 2 ** 20).toFixed(1)} MB at its peak, ${retained.toFixed(1)} MB retained`,
    );
    const automation = await benchAutomation(db, { voice, keyring, storage }, ruleId);
    log(
      `automations: ${automation.runs} runs in ${automation.seconds.toFixed(1)} s (${automation.perRun.toFixed(1)} ms a run): ` +
        `${automation.invoices} invoices sent, ${automation.mails} invoice e-mails to ${automation.clients} clients (at most ${automation.most} each)`,
    );
    writeSection(
      'bulk',
      [
        '<!-- bench:bulk -->',
        '### Bulk actions (PostgreSQL)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, the bench's own PostgreSQL database (load average ${load.toFixed(1)} at the start).`,
        `A status change to ${target} of every file of the tax year (${FILES} clients from \`bench/season-data.ts\`), started as an admin's "every file matching" and done by the runner's passes one after another (\`runBulkPass\`: one transaction per file with the status, its history, the client's e-mail in the outbox and the audit rows). Files already in ${target} are skipped, as the single-file call refuses them. Memory is the process's peak (sampled every 20 ms) less the value before the runner started, and the heap still held after a forced garbage collection at the end (flat: the runner keeps one pass's file positions, never the job; 1.2 MB at 1,000 files and 1.5 MB at 3,000 by hand). Budget: 1,000 files in at most 60 s, memory flat, each client e-mailed once.`,
        '',
        ...table(
          [
            'files',
            'moved',
            'skipped',
            's',
            'ms a file',
            'e-mails',
            'clients e-mailed',
            'most to one client',
            'RSS growth MB (peak)',
            'heap growth MB (peak)',
            'heap retained MB',
          ],
          [
            [
              String(done),
              String(moved),
              String(skipped),
              seconds.toFixed(1),
              perFile.toFixed(1),
              String(mails.total),
              String(mails.clients),
              String(mails.most),
              ((peakRss - base.rss) / 2 ** 20).toFixed(1),
              ((peakHeap - base.heapUsed) / 2 ** 20).toFixed(1),
              global.gc ? retained.toFixed(1) : 'n/a',
            ],
          ],
        ),
        '',
        '',
        `Then the status automation the job set off: an "Invoice on entry" rule in force on ${target} got one run per file the job moved (written by the database in each file's transaction), and the automations runner did them one after another (\`runAutomationPass\`: one transaction per run with the invoice, its number, the client's e-mail in the outbox and the audit rows).`,
        '',
        ...table(
          [
            'runs',
            's',
            'ms a run',
            'invoices sent',
            'invoice e-mails',
            'clients e-mailed',
            'most to one client',
          ],
          [
            [
              String(automation.runs),
              automation.seconds.toFixed(1),
              automation.perRun.toFixed(1),
              String(automation.invoices),
              String(automation.mails),
              String(automation.clients),
              String(automation.most),
            ],
          ],
        ),
        '',
        'Command: `BENCH_ONLY=bulk npm run bench` (`BULK_FILES` changes the count).',
        '<!-- /bench:bulk -->',
      ].join('\n'),
      'season',
    );
  } finally {
    await database.close();
    await fresh.drop();
  }
}

/** The automations runner over the runs a bulk job set off: its time, and what the clients received. */
async function benchAutomation(db: Database, deps: FileActionDeps, ruleId: string) {
  const since = new Date();
  const t0 = performance.now();
  let runs = 0;
  for (;;) {
    const n = await runAutomationPass(db, deps);
    runs += n;
    if (n === 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const [counts] = (
    (await db.execute(sql`select
        (select count(*)::int from invoices where status = 'sent' and created_at >= ${since.toISOString()}::timestamptz) as invoices,
        (select count(*)::int from email_outbox where subject = 'You have a new invoice'
          and created_at >= ${since.toISOString()}::timestamptz) as mails,
        (select count(distinct "to")::int from email_outbox where subject = 'You have a new invoice'
          and created_at >= ${since.toISOString()}::timestamptz) as clients,
        (select coalesce(max(n), 0)::int from (select count(*) as n from email_outbox
          where subject = 'You have a new invoice' and created_at >= ${since.toISOString()}::timestamptz
          group by "to") m) as most,
        (select count(*)::int from automation_runs where rule_id = ${ruleId} and outcome = 'done') as done`)) as unknown as {
      rows: { invoices: number; mails: number; clients: number; most: number; done: number }[];
    }
  ).rows;
  if (counts?.done !== runs) {
    const why = await db.execute(sql`select outcome, reason, count(*)::int as n from automation_runs
      where rule_id = ${ruleId} group by 1, 2`);
    throw new Error(
      `bench: ${runs} runs, ${counts?.done} done: ${JSON.stringify((why as { rows?: unknown }).rows)}`,
    );
  }
  return { runs, seconds, perRun: (seconds * 1000) / Math.max(1, runs), ...counts };
}
