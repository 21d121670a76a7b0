/**
 * The upload part of `npm run bench` (alone: `BENCH_ONLY=uploads npm run bench`). Measures, in one run:
 *   Memory: the built app server (`dist/server.js`, a child process with a fresh DATA_DIR: PGlite, then PostgreSQL,
 *     local encrypted storage) while 20 logged-in clients send one 6 MB − 1 KB PDF each to upload/uploaddocs,
 *     all at once (20 clients, because a client has six slots per category). The server's RSS is VmRSS
 *     read from /proc/<pid>/status every 50 ms by this process, plus the kernel's own peak (VmHWM, reset
 *     before the burst through /proc/<pid>/clear_refs); the child also reports process.memoryUsage() over
 *     IPC (bench/memory-reporter.ts) to say what grew.
 *   Throughput: the same 20 uploads against the app and against a bare Fastify + @fastify/multipart route
 *     that streams the files to disk (bench/bare-upload-server.ts, also a child), in alternating rounds.
 * Each request body is streamed from a generator over node:http (slices of one shared buffer), so the
 * bench itself holds one file in memory, not twenty.
 * Writes the results into docs/benchmarks.md between the bench:uploads markers.
 * Its server children are bench/upload-children.ts, its clients bench/upload-requests.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_CATEGORIES, MAX_UPLOAD_BYTES, UPLOAD_FIELD, UPLOAD_SLOTS } from '@taxfirm/contract';
import { samplePdf } from '../test/files.ts';
import { freshPostgresDatabase } from './postgres.ts';
import { procMemory, resetPeak, ROOT, startChild, type Child, type MemoryUsage } from './upload-children.ts';
import { logIn, postJson, upload, type Answer, type Session, type Target } from './upload-requests.ts';

const DOCS = path.join(ROOT, 'docs/benchmarks.md');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const BARE_ENTRY = fileURLToPath(new URL('./bare-upload-server.ts', import.meta.url));
const WEB_SERVER_BUILD = path.join(ROOT, 'apps/web/build/server/index.js');

const CONCURRENT = 20;
const ROUNDS = Number(process.env['BENCH_UPLOAD_ROUNDS'] ?? 3);
/** 6 MB − 1 KB: the largest kind of file a client sends, under the strict 6 MB limit. */
const FILE_BYTES = MAX_UPLOAD_BYTES - 1024;
const BUDGET_MB = 64;
const MB = 2 ** 20;
const SAMPLE_MS = 50;
/** The memory bursts: a 1 s baseline before and the RSS 2 s after; throughput rounds only pause briefly. */
const MEMORY = { settleMs: 1000 };
const SPEED = { settleMs: 250 };
/** Clients logged in, one upload each per burst: a client has six slots per category (UPLOAD_SLOTS). */
const CLIENTS = CONCURRENT;

const mb = (bytes: number) => bytes / MB;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Burst = {
  seconds: number;
  answers: Answer[];
  /** Median VmRSS over the pause before the burst. */
  baseline: number;
  /** The highest VmRSS sampled, and the kernel's peak when it could be reset before the burst. */
  sampledPeak: number;
  kernelPeak: number | undefined;
  peak: number;
  /** VmRSS twice that pause after the last answer. */
  after: number;
  /** process.memoryUsage() of the child just before the burst. */
  usageBefore: MemoryUsage | undefined;
  /** The highest value of each field over the burst. */
  usageMax: Omit<MemoryUsage, 'at'> | undefined;
};

/** One upload to each target at once (20), with the server's memory sampled before, during and after. */
async function burst(
  child: Child,
  targets: Target[],
  bytes: Buffer,
  agent: Agent,
  { settleMs }: { settleMs: number },
): Promise<Burst> {
  const before: number[] = [];
  for (let i = 0; i < settleMs / SAMPLE_MS; i += 1) {
    before.push(procMemory(child.pid).rss);
    await sleep(SAMPLE_MS);
  }
  const usageBefore = child.takeReports().at(-1);
  const canReset = resetPeak(child.pid);
  let sampledPeak = procMemory(child.pid).rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procMemory(child.pid).rss);
  }, SAMPLE_MS);
  const started = performance.now();
  let answers: Answer[];
  try {
    answers = await Promise.all(targets.map((t, i) => upload(t, bytes, `upload-${i + 1}.pdf`, agent)));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const now = procMemory(child.pid);
  sampledPeak = Math.max(sampledPeak, now.rss);
  const during = child.takeReports();
  await sleep(settleMs * 2);
  const after = procMemory(child.pid).rss;
  child.takeReports();
  const kernelPeak = canReset ? now.hwm : undefined;
  const usageMax =
    during.length === 0
      ? undefined
      : {
          rss: Math.max(...during.map((m) => m.rss)),
          heapTotal: Math.max(...during.map((m) => m.heapTotal)),
          heapUsed: Math.max(...during.map((m) => m.heapUsed)),
          external: Math.max(...during.map((m) => m.external)),
          arrayBuffers: Math.max(...during.map((m) => m.arrayBuffers)),
        };
  return {
    seconds,
    answers,
    baseline: median(before),
    sampledPeak,
    kernelPeak,
    peak: Math.max(sampledPeak, kernelPeak ?? 0),
    after,
    usageBefore,
    usageMax,
  };
}

const throughput = (b: Burst) => mb(CONCURRENT * FILE_BYTES) / b.seconds;

/** A markdown table padded the way prettier writes it, so `prettier --check` leaves the section alone. */
function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function writeSection(text: string) {
  let docs = readFileSync(DOCS, 'utf8');
  const re = /<!-- bench:uploads -->[\s\S]*?<!-- \/bench:uploads -->/;
  if (re.test(docs)) docs = docs.replace(re, text);
  else if (docs.includes('<!-- bench:lighthouse -->'))
    docs = docs.replace('<!-- bench:lighthouse -->', `${text}\n\n<!-- bench:lighthouse -->`);
  else docs = `${docs.trimEnd()}\n\n${text}\n`;
  writeFileSync(DOCS, docs);
}

/** Burst n sends each client's upload to category n (mod 6): six slots per category last 36 bursts. */
function targetsOf(sessions: Session[], port: number, burstNo: number): Target[] {
  const { category, uptId } = DOCUMENT_CATEGORIES[burstNo % DOCUMENT_CATEGORIES.length] ?? {
    category: 'W2',
    uptId: 1,
  };
  return Array.from({ length: CONCURRENT }, (_, i) => {
    const { jar, clientId } = sessions[i % CLIENTS] as Session;
    return {
      port,
      path: '/api/upload/uploaddocs',
      headers: () => jar.auth(),
      fields: [
        ['folderPath', `${clientId}/${category}/`],
        ['client_id', clientId],
        ['upt_id', String(uptId)],
      ],
    };
  });
}

/** The memory burst on the app over PostgreSQL: a fresh database, 20 clients, one warm-up, one burst. */
async function postgresMemoryBurst(pdf: Buffer, agent: Agent): Promise<Burst> {
  const database = await freshPostgresDatabase('taxfirm_bench_uploads');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-uploads-pg-'));
  let app: Child | undefined;
  try {
    app = await startChild(
      'the app server on PostgreSQL',
      SERVER_ENTRY,
      { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      { tsx: false },
    );
    const sessions: Session[] = [];
    for (let i = 1; i <= CLIENTS; i += 1)
      sessions.push(await logIn(app.baseUrl, `bench.uploads.pg.${i}@example.com`));
    const warm = await upload(targetsOf(sessions, app.port, 1)[0] as Target, pdf, 'warm-up.pdf', agent);
    if (warm.status !== 200) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.body}`);
    return await burst(app, targetsOf(sessions, app.port, 0), pdf, agent, MEMORY);
  } finally {
    await app?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runUploadBench(): Promise<void> {
  try {
    readFileSync(WEB_SERVER_BUILD);
  } catch {
    throw new Error(
      `The upload bench runs the built server (dist/server.js), which serves the web build: ${WEB_SERVER_BUILD} is missing (npm run build).`,
    );
  }
  const startedAt = new Date();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-uploads-'));
  const bareDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-bare-'));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });
  const pdf = samplePdf(FILE_BYTES);
  let app: Child | undefined;
  let bare: Child | undefined;
  try {
    app = await startChild(
      'the app server',
      SERVER_ENTRY,
      { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      { tsx: false },
    );
    bare = await startChild('the bare upload server', BARE_ENTRY, { UPLOAD_DIR: bareDir }, { tsx: true });
    const sessions: Session[] = [];
    for (let i = 1; i <= CLIENTS; i += 1)
      sessions.push(await logIn(app.baseUrl, `bench.uploads.${i}@example.com`));
    const appTargets = (burstNo: number) => targetsOf(sessions, app?.port ?? 0, burstNo);
    const bareTargets: Target[] = Array.from({ length: CONCURRENT }, () => ({
      port: bare?.port ?? 0,
      path: '/upload',
      headers: () => ({}),
      fields: [],
    }));

    // One upload first (the last burst's folder), so the burst meets a warm server (modules loaded, code compiled).
    const warm = await upload(appTargets(ROUNDS + 1)[0] as Target, pdf, 'warm-up.pdf', agent);
    if (warm.status !== 200) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.body}`);
    await upload(bareTargets[0] as Target, pdf, 'warm-up.pdf', agent);

    process.stdout.write(
      `uploads: memory, ${CONCURRENT} concurrent uploads of ${FILE_BYTES} bytes from ${CLIENTS} clients\n`,
    );
    const appMemory = await burst(app, appTargets(0), pdf, agent, MEMORY);
    const firstFolder = DOCUMENT_CATEGORIES[0].category;
    let listedCount = 0;
    for (const { jar, clientId } of sessions) {
      const listed = (
        await postJson(app.baseUrl, jar, 'upload/getuploaddocs', {
          folderPath: `${clientId}/${firstFolder}/`,
        })
      )['data'] as { Contents?: { Size: number }[] } | undefined;
      listedCount += (listed?.Contents ?? []).filter((d) => d.Size === FILE_BYTES).length;
    }
    const bareMemory = await burst(bare, bareTargets, pdf, agent, MEMORY);
    const pgMemory = await postgresMemoryBurst(pdf, agent);
    for (const [name, b] of [
      ['app, PGlite', appMemory],
      ['app, PostgreSQL', pgMemory],
      ['bare', bareMemory],
    ] as const) {
      process.stdout.write(
        `  ${name}: baseline ${mb(b.baseline).toFixed(1)} MB, peak ${mb(b.peak).toFixed(1)} MB (sampled ${mb(b.sampledPeak).toFixed(1)}, kernel ${b.kernelPeak === undefined ? 'n/a' : mb(b.kernelPeak).toFixed(1)}), growth ${mb(b.peak - b.baseline).toFixed(1)} MB, after ${mb(b.after).toFixed(1)} MB, ${b.seconds.toFixed(2)} s\n`,
      );
    }

    const rounds: { bare: Burst[]; app: Burst[] } = { bare: [], app: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      rounds.bare.push(await burst(bare, bareTargets, pdf, agent, SPEED));
      rounds.app.push(await burst(app, appTargets(round), pdf, agent, SPEED));
      process.stdout.write(
        `  round ${round}: bare ${throughput(rounds.bare.at(-1) as Burst).toFixed(1)} MB/s, app ${throughput(rounds.app.at(-1) as Burst).toFixed(1)} MB/s\n`,
      );
    }

    const allAnswers = [appMemory, pgMemory, bareMemory, ...rounds.app, ...rounds.bare].flatMap(
      (b) => b.answers,
    );
    const failed = allAnswers.filter((a) => a.status !== 200);
    const memoryOk = appMemory.answers.every((a) => a.status === 200);
    const bareMBs = median(rounds.bare.map(throughput));
    const appMBs = median(rounds.app.map(throughput));
    const growth = mb(Math.max(appMemory.peak - appMemory.baseline, pgMemory.peak - pgMemory.baseline));
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    const f1 = (n: number) => n.toFixed(1);
    const usageGrowth = (b: Burst, field: 'heapTotal' | 'external' | 'arrayBuffers') =>
      b.usageBefore && b.usageMax ? f1(mb(b.usageMax[field] - b.usageBefore[field])) : 'n/a';
    const memoryRow = (name: string, b: Burst) => [
      name,
      f1(mb(b.baseline)),
      f1(mb(b.peak)),
      `**${f1(mb(b.peak - b.baseline))}**`,
      f1(mb(b.after)),
      usageGrowth(b, 'heapTotal'),
      usageGrowth(b, 'external'),
      usageGrowth(b, 'arrayBuffers'),
      `${b.answers.filter((a) => a.status === 200).length} of ${CONCURRENT}`,
    ];
    const speedRow = (name: string, bs: Burst[], MBs: number) => [
      name,
      f1(MBs),
      median(bs.map((b) => b.seconds)).toFixed(2),
      bs.map((b) => f1(throughput(b))).join(', '),
    ];

    const text = [
      `<!-- bench:uploads -->`,
      ``,
      `### Uploads: ${CONCURRENT} concurrent 6 MB uploads, the app against a bare multipart route`,
      ``,
      `Measured ${startedAt.toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free), Node ${process.version}, PGlite, local encrypted storage.`,
      `Each upload is one PDF of 6 MB − 1 KB (${FILE_BYTES} bytes) sent to \`upload/uploaddocs\` as the page sends it (folderPath, client_id, upt_id, then the file in \`${UPLOAD_FIELD}\`), all ${CONCURRENT} at once, one from each of ${CLIENTS} logged-in clients (a client has ${UPLOAD_SLOTS} slots per category; each burst uses the next category), over node:http keep-alive, each body streamed from a generator. MB = 2^20 bytes.`,
      `The app is the built server (\`node apps/server/dist/server.js\`, as \`npm start\` runs it) in a child process (NODE_ENV=test, LOG_LEVEL=warn, fresh DATA_DIR), after one warm-up upload, on PGlite and on PostgreSQL 15 (a fresh database per run, dropped after); throughput is measured on PGlite; the bare route is Fastify + @fastify/multipart piping each file to disk (no session, checks, encryption or database), also a child.`,
      `RSS is the server process's VmRSS read from /proc every ${SAMPLE_MS} ms by the bench, and the kernel's peak (VmHWM, ${appMemory.kernelPeak === undefined ? 'not resettable here, so not used' : 'reset before the burst'}); baseline is the median over the second before the burst. Heap and Buffer growth are the highest process.memoryUsage() values the child sent over IPC during the burst, less those just before.`,
      `Budget: ${CONCURRENT} concurrent 6 MB uploads add ≤ ${BUDGET_MB} MB to the server's memory.`,
      ``,
      ...table(
        [
          'server',
          'baseline RSS MB',
          'peak RSS MB',
          'peak growth MB',
          'RSS 2 s later MB',
          'V8 heap growth MB',
          'external growth MB',
          'ArrayBuffer growth MB',
          'answered 200',
        ],
        [
          memoryRow('app, PGlite', appMemory),
          memoryRow('app, PostgreSQL', pgMemory),
          memoryRow('bare route', bareMemory),
        ],
      ),
      ``,
      `App peak growth (the larger of the two engines): **${f1(growth)} MB** against the ${BUDGET_MB} MB budget: ${growth <= BUDGET_MB ? 'within' : `**over by ${f1(growth - BUDGET_MB)} MB**`}. ${memoryOk ? `All ${CONCURRENT} answered 200` : `**Only ${appMemory.answers.filter((a) => a.status === 200).length} of ${CONCURRENT} answered 200**`}; ${listedCount} of ${CONCURRENT} were listed by \`upload/getuploaddocs\` afterwards.`,
      ``,
      `Throughput: ${ROUNDS} alternating rounds (bare, app, …) of the same ${CONCURRENT} concurrent uploads (${f1(mb(CONCURRENT * FILE_BYTES))} MB of files per round), from the first request to the last answer; medians.`,
      ``,
      ...table(
        ['target', 'MB/s', 's per round', 'each round, MB/s'],
        [
          speedRow('bare Fastify + @fastify/multipart, to disk', rounds.bare, bareMBs),
          speedRow('app: session, CSRF, type sniffing, AES-256-GCM, SHA-256, PGlite row', rounds.app, appMBs),
        ],
      ),
      ``,
      `Ratio app / bare: **${(appMBs / bareMBs).toFixed(2)}**.${failed.length > 0 ? ` **${failed.length} uploads did not answer 200** (first: ${failed[0]?.status} ${failed[0]?.body.slice(0, 200)}).` : ''} Command: \`npm run bench\` (this part alone: \`BENCH_ONLY=uploads npm run bench\`).`,
      `<!-- /bench:uploads -->`,
    ].join('\n');
    writeSection(text);
    process.stdout.write(`\n${text}\n`);
    if (failed.length > 0 || listedCount !== CONCURRENT)
      throw new Error(`${failed.length} uploads failed; ${listedCount} of ${CONCURRENT} listed`);
  } finally {
    agent.destroy();
    await Promise.all([app?.stop(), bare?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await runUploadBench();
