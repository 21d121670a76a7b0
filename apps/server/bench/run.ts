/**
 * npm run bench — measures, in one run on this machine:
 *   settings/getsettings (the full app: CSRF, headers, validation, database read, serialisation)
 *   against a bare Fastify route answering the same JSON, both over loopback with autocannon.
 * Runs alternate (bare, app, bare, app, …) and the medians are compared, so machine noise hits both.
 * Writes the results into docs/benchmarks.md between the bench:api markers.
 * Then measures uploads (bench/uploads.ts: server memory during 20 concurrent 6 MB uploads, and upload
 * throughput against a bare multipart route), and last runs the Lighthouse benchmark of the public pages on
 * the built app (bench/lighthouse.ts).
 * One part alone: `BENCH_ONLY=uploads npm run bench` (or api, lighthouse; several: api,uploads); see
 * selectedParts() for the flags.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { createDatabase, prepareDatabase } from '@taxfirm/db';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { issueCsrfToken } from '../src/plugins/app/csrf.ts';
import { runLighthouse } from './lighthouse.ts';
import { runUploadBench } from './uploads.ts';
import { runSeasonBench } from './season.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 8);
const CONNECTIONS = 50;
const SECRET = 'bench-session-secret-0123456789abcdefghij';
const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function runApiBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-'));
  const database = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(database, MIGRATIONS_DIR);
  const devNull = new Writable({ write: (_c, _e, cb) => cb() });

  const makeApp = (logLevel: string) =>
    buildApp({
      database,
      storage: createStorage({ storage: 'local', dataDir, keyring: createKeyring(SECRET) }),
      keyring: createKeyring(SECRET),
      logStream: devNull,
      config: {
        isProduction: false,
        appUrl: 'http://localhost',
        sessionSecret: SECRET,
        logLevel,
        trustProxy: 0,
        web: { mode: 'none' },
        mail: { smtpUrl: undefined, from: 'bench@firm.test' },
      },
    });
  const appQuiet = await makeApp('warn');
  const appLogged = await makeApp('info');
  const sample = await appQuiet.inject({
    method: 'POST',
    url: '/api/settings/getsettings',
    cookies: { [XSRF_COOKIE]: issueCsrfToken(SECRET) },
    headers: { [XSRF_HEADER]: issueCsrfToken(SECRET) },
  });
  const sampleBody = sample.body;

  const bare = Fastify();
  bare.post('/api/settings/getsettings', async (_req, reply) =>
    reply.type('application/json').send(sampleBody),
  );

  const [bareUrl, quietUrl, loggedUrl] = await Promise.all([
    bare.listen({ port: 0, host: '127.0.0.1' }),
    appQuiet.listen({ port: 0, host: '127.0.0.1' }),
    appLogged.listen({ port: 0, host: '127.0.0.1' }),
  ]);
  const token = issueCsrfToken(SECRET);
  const csrf = { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token };

  const runs: Record<'bare' | 'quiet' | 'logged', Result[]> = { bare: [], quiet: [], logged: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    runs.bare.push(await load(`${bareUrl}/api/settings/getsettings`, {}));
    runs.quiet.push(await load(`${quietUrl}/api/settings/getsettings`, csrf));
    runs.logged.push(await load(`${loggedUrl}/api/settings/getsettings`, csrf));
    process.stdout.write(
      `round ${round}: bare ${runs.bare.at(-1)?.rps.toFixed(0)} rps, app ${runs.quiet.at(-1)?.rps.toFixed(0)} rps, app+request logs ${runs.logged.at(-1)?.rps.toFixed(0)} rps\n`,
    );
  }
  await Promise.all([bare.close(), appQuiet.close(), appLogged.close()]);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const failures = [...runs.quiet, ...runs.logged].reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (failures > 0) throw new Error(`${failures} requests failed during the benchmark`);

  const bareRps = median(runs.bare.map((r) => r.rps));
  const quietRps = median(runs.quiet.map((r) => r.rps));
  const loggedRps = median(runs.logged.map((r) => r.rps));
  const row = (name: string, rs: Result[], rps: number) =>
    `| ${name} | ${rps.toFixed(0)} | ${median(rs.map((r) => r.p50))} | ${median(rs.map((r) => r.p99))} | ${((rps / bareRps) * 100).toFixed(0)}% |`;

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const section = [
    `<!-- bench:api -->`,
    `### API: settings/getsettings against a bare Fastify route`,
    ``,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free), Node ${process.version}, PGlite. `,
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} alternating rounds; medians. Budget: the app at ≥ 50% of the bare route.`,
    ``,
    `| target | req/s | p50 ms | p99 ms | of bare |`,
    `| --- | --- | --- | --- | --- |`,
    row('bare Fastify route, same JSON', runs.bare, bareRps),
    row('app, LOG_LEVEL=warn', runs.quiet, quietRps),
    row('app, LOG_LEVEL=info (request logs written)', runs.logged, loggedRps),
    ``,
    `Ratio app / bare: **${(quietRps / bareRps).toFixed(2)}** (with request logs: ${(loggedRps / bareRps).toFixed(2)}). Command: \`npm run bench\`.`,
    `<!-- /bench:api -->`,
  ].join('\n');

  let docs = readFileSync(DOCS, 'utf8');
  const re = /<!-- bench:api -->[\s\S]*?<!-- \/bench:api -->/;
  docs = re.test(docs) ? docs.replace(re, section) : `${docs.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOCS, docs);
  process.stdout.write(`\n${section}\n`);
}

const PARTS = ['api', 'uploads', 'lighthouse', 'season'] as const;
type Part = (typeof PARTS)[number];

/**
 * The parts asked for, all by default: BENCH_ONLY=uploads (or api, lighthouse; several: api,uploads), or
 * --only=uploads given to this script (`npm run bench -w @taxfirm/server -- --only=uploads`). From the root,
 * npm keeps `--only` for itself and refuses the value, so there it is `npm run bench -- --bench-only=uploads`,
 * which npm hands on as npm_config_bench_only.
 */
function selectedParts(): Set<Part> {
  const flag = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const raw = flag ?? process.env['BENCH_ONLY'] ?? process.env['npm_config_bench_only'] ?? '';
  const asked = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0)
    throw new Error(`unknown bench part ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  return new Set(asked.length > 0 ? (asked as Part[]) : PARTS);
}

async function main() {
  const parts = selectedParts();
  if (parts.has('api')) await runApiBench();
  if (parts.has('uploads')) await runUploadBench();
  if (parts.has('lighthouse')) await runLighthouse();
  if (parts.has('season')) await runSeasonBench();
}

await main();
