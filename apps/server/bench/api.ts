/**
 * The API part of `npm run bench` (alone: `BENCH_ONLY=api npm run bench`). Every server is a child process
 * (bench/api-server.ts), so autocannon, in this process, never shares the server's event loop. In one run:
 *   1. settings/getsettings: the app with LOG_LEVEL=warn and with LOG_LEVEL=info (one JSON line per request
 *      written to standard output, which goes to /dev/null), against a bare Fastify route answering the same JSON; PGlite; 50 connections.
 *   2. Authenticated reads on PostgreSQL at 100 connections: a client's `user/taxpayerinfo` (a client with a
 *      saved profile) and a staff member's `staff/clients/list` (an admin's session, written as the tests
 *      write one, on a database of BENCH_CLIENTS clients), against the same bare route in the same rounds.
 *      A fresh database is created on the server of BENCH_DATABASE_URL (default
 *      postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards.
 * Rounds alternate between the targets and the medians are compared, so machine noise hits every target.
 * Each run also reads the CPU time the server (and its main thread), PostgreSQL and this process spent per
 * request (bench/cpu.ts), and the ceiling those costs put on throughput on this machine.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { apiPath, CALLS, QUEUE_COUNT_LIMIT, XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { clients, createDatabase, prepareDatabase, sql } from '@taxfirm/db';
import autocannon from 'autocannon';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { issueCsrfToken } from '../src/plugins/app/csrf.ts';
import { createSession } from '../src/modules/accounts/sessions.service.ts';
import { createStaffMember } from '../src/modules/staff/staff-accounts.service.ts';
import { makeClientFiles } from '../test/factories.ts';
import { TAXPAYER } from '../test/samples.ts';
import { BENCH_SECRET } from './api-server.ts';
import { ceiling, cpuPerRequest, readCpu, type CpuReading } from './cpu.ts';
import { freshPostgresDatabase } from './postgres.ts';
import { machine, median, table, writeSection } from './report.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 8);
const SETTINGS_CONNECTIONS = 50;
const READ_CONNECTIONS = 100;
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 2000);
const SERVER_ENTRY = fileURLToPath(new URL('./api-server.ts', import.meta.url));
const SETTINGS_BUDGET = 0.6;
/** Issue 39's budgets at 100 connections on PostgreSQL: a share of the bare route's req/s, and p99. */
const TAXPAYER_BUDGET = { ratio: 0.1, p99Ms: 50 };
const STAFF_LIST_BUDGET = { ratio: 0.025, p99Ms: 150 };

type Result = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU µs per request: the server's process, PostgreSQL's (the reads only) and the load generator's. */
  cpu: CpuReading;
};
type Server = { url: string; pid: number; stop: () => Promise<void> };

async function startServer(env: Record<string, string>): Promise<Server> {
  // BENCH_SERVER_NODE_ARGS, e.g. --cpu-prof, to profile the servers under load.
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_ENTRY], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { kind?: string; url?: string }) => {
      if (m.kind === 'ready' && m.url) resolve(m.url);
    });
    child.on('exit', (code) =>
      reject(new Error(`bench server exited (${code}) before it was ready:\n${stderr}`)),
    );
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('bench server has no pid');
  return {
    url,
    pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(target: Target, connections: number, withPostgres: boolean): Promise<Result> {
  const { url, headers, body } = target;
  const before = readCpu(target.pid, withPostgres);
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections,
    duration: DURATION_S,
  });
  const cpu = cpuPerRequest(before, readCpu(target.pid, withPostgres), r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    cpu,
  };
}

/** The cookie and header a browser holding `sid` (none: a visitor) sends. */
function browser(sid?: string): Record<string, string> {
  const token = issueCsrfToken(BENCH_SECRET, sid);
  return {
    cookie: sid ? `${XSRF_COOKIE}=${token}; sid=${sid}` : `${XSRF_COOKIE}=${token}`,
    [XSRF_HEADER]: token,
  };
}

/** What a round loads: a server's route, as a browser (or none) calls it. */
type Target = { name: string; url: string; pid: number; headers: Record<string, string>; body: string };

/**
 * ROUNDS alternating rounds over the targets; every target's results. `withPostgres`: the PostgreSQL
 * server's CPU is read too (the reads part; getsettings runs on PGlite, inside the server's process).
 */
async function rounds(
  targets: Target[],
  connections: number,
  withPostgres: boolean,
): Promise<Map<string, Result[]>> {
  const results = new Map<string, Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    const line: string[] = [];
    for (const t of targets) {
      const r = await load(t, connections, withPostgres);
      results.get(t.name)?.push(r);
      line.push(`${t.name} ${r.rps.toFixed(0)} rps p99 ${r.p99} ms`);
    }
    process.stdout.write(`  round ${round}: ${line.join(', ')}\n`);
  }
  const failures = [...results.values()].flat().reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (failures > 0) throw new Error(`${failures} requests failed during the benchmark`);
  return results;
}

type Summary = { rps: number; p50: number; p99: number; cpu: CpuReading };
const medianOf = (xs: (number | undefined)[]) =>
  xs.some((x) => x === undefined) ? undefined : median(xs as number[]);
const summary = (rs: Result[] = []): Summary => ({
  rps: median(rs.map((r) => r.rps)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  cpu: {
    server: medianOf(rs.map((r) => r.cpu.server)),
    serverThread: medianOf(rs.map((r) => r.cpu.serverThread)),
    postgres: medianOf(rs.map((r) => r.cpu.postgres)),
    load: medianOf(rs.map((r) => r.cpu.load)),
    loadThread: medianOf(rs.map((r) => r.cpu.loadThread)),
  },
});
const CORES = availableParallelism();
const rounded = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(0));
/** A target's ceiling (bench/cpu.ts) and what bounds it, for a table's cell. */
const ceilingCell = (cpu: CpuReading, withPostgres: boolean) => {
  const c = ceiling(cpu, withPostgres, CORES);
  return c === undefined ? '–' : `${c.rate.toFixed(0)} (${c.bound})`;
};
/** How busy the server's main thread was: its CPU per request times the requests a second. */
const threadBusy = (s: Summary) =>
  s.cpu.serverThread === undefined ? '–' : `${((s.cpu.serverThread * s.rps) / 1e4).toFixed(0)}%`;
/**
 * A table of targets: throughput, latency, share of the bare route's throughput, CPU µs per request by process,
 * how busy the server's main thread was, and the ceiling those put on throughput.
 */
const targetsTable = (bare: Summary, targets: [label: string, s: Summary][], withPostgres: boolean) =>
  table(
    [
      'target',
      'req/s',
      'p50 ms',
      'p99 ms',
      'of bare',
      'CPU µs/req: server',
      'its main thread',
      ...(withPostgres ? ['PostgreSQL'] : []),
      'load generator',
      'main thread busy',
      'ceiling req/s (bound)',
    ],
    targets.map(([label, s]) => [
      label,
      s.rps.toFixed(0),
      String(s.p50),
      String(s.p99),
      `${((s.rps / bare.rps) * 100).toFixed(0)}%`,
      rounded(s.cpu.server),
      rounded(s.cpu.serverThread),
      ...(withPostgres ? [rounded(s.cpu.postgres)] : []),
      rounded(s.cpu.load),
      threadBusy(s),
      ceilingCell(s.cpu, withPostgres),
    ]),
  );

async function settingsPart() {
  const path = apiPath(CALLS.getSettings);
  const quiet = await startServer({ BENCH_TARGET: 'app', LOG_LEVEL: 'warn' });
  const logged = await startServer({ BENCH_TARGET: 'app', LOG_LEVEL: 'info' });
  const sample = await fetch(`${quiet.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browser() },
    body: '{}',
  });
  if (!sample.ok) throw new Error(`getsettings answered ${sample.status}`);
  const bare = await startServer({ BENCH_TARGET: 'bare', BENCH_BARE_BODY: await sample.text() });
  try {
    process.stdout.write(`api: settings/getsettings, ${SETTINGS_CONNECTIONS} connections\n`);
    const results = await rounds(
      [
        { name: 'bare', url: `${bare.url}${path}`, pid: bare.pid, headers: {}, body: '{}' },
        { name: 'warn', url: `${quiet.url}${path}`, pid: quiet.pid, headers: browser(), body: '{}' },
        { name: 'info', url: `${logged.url}${path}`, pid: logged.pid, headers: browser(), body: '{}' },
      ],
      SETTINGS_CONNECTIONS,
      false,
    );
    return {
      bare: summary(results.get('bare')),
      warn: summary(results.get('warn')),
      info: summary(results.get('info')),
    };
  } finally {
    await Promise.all([quiet.stop(), logged.stop(), bare.stop()]);
  }
}

/** A fresh database on the bench's PostgreSQL server, migrated, with CLIENTS clients; dropped by `drop`. */
export async function benchDatabase() {
  const fresh = await freshPostgresDatabase('taxfirm_bench_api');
  const database = await createDatabase({ engine: 'postgres', url: fresh.url, maxConnections: 2 });
  const url = new URL(fresh.url);
  const drop = async () => {
    await database.close();
    await fresh.drop();
  };
  try {
    await prepareDatabase(database, MIGRATIONS_DIR);
    // Clients spread over every file status of the current tax year.
    await makeClientFiles(database.db, { count: CLIENTS, emailPrefix: 'bench.client.', status: 'every' });
    // Statistics and the visibility map, as autovacuum keeps them on a live database (as bench/season-data.ts):
    // without them the planner takes each table for a few rows and the first minute of the run is measured
    // on plans no live database would use.
    await database.db.execute(sql`vacuum analyze`);
    return { url: url.href, database, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function readsPart() {
  const db = await benchDatabase();
  const servers: Server[] = [];
  try {
    // The portal's client: one of the clients, with a session written as the tests write one (test/helpers.ts).
    const [client] = await db.database.db
      .select({ userId: clients.userId })
      .from(clients)
      .orderBy(clients.createdAt)
      .limit(1);
    if (!client) throw new Error('no client made');
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const clientSid = (await createSession(db.database.db, client.userId, meta)).token;
    const staff = await createStaffMember(db.database.db, 'http://localhost', {
      email: 'bench.admin@firm.example',
      role: 'admin',
      first_name: 'Ada',
      last_name: 'Shah',
    });
    const staffSid = (await createSession(db.database.db, staff.userId, meta)).token;

    const app = await startServer({ BENCH_TARGET: 'app', LOG_LEVEL: 'info', BENCH_DATABASE_URL: db.url });
    servers.push(app);
    const saved = await fetch(`${app.url}${apiPath(CALLS.saveTaxpayer)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...browser(clientSid) },
      body: JSON.stringify({ ...TAXPAYER, email: 'bench.client.1@example.com' }),
    });
    if (!saved.ok) throw new Error(`savetaxpayer answered ${saved.status}: ${await saved.text()}`);
    const check = async (call: string, sid: string, expect: (j: Record<string, unknown>) => boolean) => {
      const res = await fetch(`${app.url}${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...browser(sid) },
        body: '{}',
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok || !expect(json))
        throw new Error(`${call} answered ${res.status}: ${JSON.stringify(json)}`);
      return JSON.stringify(json);
    };
    const settingsBody = await check(apiPath(CALLS.getSettings), clientSid, () => true);
    await check(
      apiPath(CALLS.taxpayerInfo),
      clientSid,
      (j) => (j['tinfo'] as { first_name?: string })?.first_name === TAXPAYER.first_name,
    );
    // The queue counts to QUEUE_COUNT_LIMIT (ADR 034), then says there are more.
    await check(
      apiPath(CALLS.staffClientList),
      staffSid,
      (j) =>
        j['recordsTotal'] === Math.min(CLIENTS, QUEUE_COUNT_LIMIT) &&
        j['more'] === CLIENTS > QUEUE_COUNT_LIMIT,
    );
    const bare = await startServer({ BENCH_TARGET: 'bare', BENCH_BARE_BODY: settingsBody });
    servers.push(bare);
    process.stdout.write(
      `api: authenticated reads on PostgreSQL, ${READ_CONNECTIONS} connections, ${CLIENTS} clients\n`,
    );
    const results = await rounds(
      [
        {
          name: 'bare',
          url: `${bare.url}${apiPath(CALLS.getSettings)}`,
          pid: bare.pid,
          headers: {},
          body: '{}',
        },
        {
          name: 'taxpayerinfo',
          url: `${app.url}${apiPath(CALLS.taxpayerInfo)}`,
          pid: app.pid,
          headers: browser(clientSid),
          body: '{}',
        },
        {
          name: 'clients/list',
          url: `${app.url}${apiPath(CALLS.staffClientList)}`,
          pid: app.pid,
          headers: browser(staffSid),
          body: '{}',
        },
      ],
      READ_CONNECTIONS,
      true,
    );
    return {
      bare: summary(results.get('bare')),
      taxpayer: summary(results.get('taxpayerinfo')),
      staff: summary(results.get('clients/list')),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  }
}

export async function runApiBench(): Promise<void> {
  const startedAt = new Date();
  const settings = await settingsPart();
  const reads = await readsPart();
  const ratio = (s: Summary, bare: Summary) => s.rps / bare.rps;
  const verdict = (ok: boolean) => (ok ? 'within' : '**over**');
  /** The req/s at which the mean answer time is `ms` at READ_CONNECTIONS (Little's law: mean ≈ N ÷ rate). */
  const rateForMean = (ms: number) => Math.ceil((READ_CONNECTIONS * 1000) / ms).toLocaleString('en-US');
  const text = [
    `<!-- bench:api -->`,
    ``,
    `### API: settings/getsettings and authenticated reads against a bare Fastify route`,
    ``,
    `Measured ${startedAt.toISOString().slice(0, 10)} on ${machine()}.`,
    `Each server is a child process (\`bench/api-server.ts\`, \`node --import tsx\`, NODE_ENV=test, no web build); autocannon runs in the bench's own process. ${DURATION_S} s per run, ${ROUNDS} alternating rounds over the targets of each table; medians. The bare route is Fastify answering the same getsettings JSON, with no hooks and no logger.`,
    `CPU µs/req is the CPU time the kernel counted (/proc) per answered request, median of the rounds: for the server's process (all its threads) and for its main thread, where its JavaScript runs; for every \`postgres\` process of the machine, with the time of those that ended (backends, WAL writer, autovacuum; the reads part only); for the bench's own process, which runs the load generator. Main thread busy: the share of one core the server's main thread used. Ceiling: the most requests a second this machine could answer at that CPU per request, however little the code waited, and what bounds it: the ${CORES} cores that the three share (${CORES} cores ÷ the sum of server, PostgreSQL and load generator), or one core for the server's main thread or for the load generator's.`,
    ``,
    `**settings/getsettings**, PGlite, ${SETTINGS_CONNECTIONS} connections. LOG_LEVEL=info writes one JSON line per request (method, sanitised url, status, time, request id) to standard output as the server writes it (pino's destination, one write per line), which the bench sends to /dev/null. Budget: the app at ≥ ${SETTINGS_BUDGET * 100}% of the bare route with request logs on.`,
    ``,
    ...targetsTable(
      settings.bare,
      [
        ['bare Fastify route, same JSON', settings.bare],
        ['app, LOG_LEVEL=warn', settings.warn],
        ['app, LOG_LEVEL=info (request logs written)', settings.info],
      ],
      false,
    ),
    ``,
    `Ratio app / bare with request logs: **${ratio(settings.info, settings.bare).toFixed(2)}** (${verdict(ratio(settings.info, settings.bare) >= SETTINGS_BUDGET)}; LOG_LEVEL=warn: ${ratio(settings.warn, settings.bare).toFixed(2)}).`,
    ``,
    `**Authenticated reads**, PostgreSQL 15 (a fresh database per run, dropped after; pool of 10), ${READ_CONNECTIONS} connections, LOG_LEVEL=info. \`user/taxpayerinfo\`: one logged-in client with a saved profile. \`staff/clients/list\`: an admin's session on ${CLIENTS} clients of the current tax year, the All queue, first page of 25, newest first (each listing is audited: one insert per call). Budgets: taxpayerinfo ≥ ${TAXPAYER_BUDGET.ratio * 100}% of the bare route and p99 ≤ ${TAXPAYER_BUDGET.p99Ms} ms; clients/list ≥ ${STAFF_LIST_BUDGET.ratio * 100}% and p99 ≤ ${STAFF_LIST_BUDGET.p99Ms} ms.`,
    ``,
    ...targetsTable(
      reads.bare,
      [
        ['bare Fastify route (getsettings JSON)', reads.bare],
        ['user/taxpayerinfo', reads.taxpayer],
        ['staff/clients/list', reads.staff],
      ],
      true,
    ),
    ``,
    `taxpayerinfo: **${ratio(reads.taxpayer, reads.bare).toFixed(3)}** of the bare route (${verdict(ratio(reads.taxpayer, reads.bare) >= TAXPAYER_BUDGET.ratio)}), p99 **${reads.taxpayer.p99} ms** (${verdict(reads.taxpayer.p99 <= TAXPAYER_BUDGET.p99Ms)}); clients/list: **${ratio(reads.staff, reads.bare).toFixed(3)}** (${verdict(ratio(reads.staff, reads.bare) >= STAFF_LIST_BUDGET.ratio)}), p99 **${reads.staff.p99} ms** (${verdict(reads.staff.p99 <= STAFF_LIST_BUDGET.p99Ms)}). Each of the ${READ_CONNECTIONS} connections sends its next request when its answer comes, so the mean answer time is about ${READ_CONNECTIONS} ÷ req/s (at most that; the load generator's own turn is the rest), and a p99 budget asks for a throughput whatever the bare route does: at least ${rateForMean(TAXPAYER_BUDGET.p99Ms)} req/s for taxpayerinfo's ${TAXPAYER_BUDGET.p99Ms} ms and ${rateForMean(STAFF_LIST_BUDGET.p99Ms)} for clients/list's ${STAFF_LIST_BUDGET.p99Ms} ms if every answer took the same time, more when they spread. The ceilings (req/s) at this run's CPU per request: taxpayerinfo ${ceilingCell(reads.taxpayer.cpu, true)}, clients/list ${ceilingCell(reads.staff.cpu, true)}. Command: \`npm run bench\` (this part alone: \`BENCH_ONLY=api npm run bench\`).`,
    `<!-- /bench:api -->`,
  ].join('\n');
  writeSection('api', text, 'uploads');
  process.stdout.write(`\n${text}\n`);
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) await runApiBench();
