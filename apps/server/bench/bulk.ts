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
import { createDatabase, prepareDatabase, siteSettings, sql } from '@taxfirm/db';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import { runBulkPass } from '../src/modules/bulk/bulk-runner.ts';
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
    const keyring = createKeyring('bench-bulk-key-0123456789abcdefghijklmnop');
    // A status change stores nothing: the storage is there because other file actions need it.
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
