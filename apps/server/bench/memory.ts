/**
 * Start-up and idle memory, part of the uploads part of `npm run bench` (alone: `npx tsx bench/memory.ts`).
 * The server is started as a child process BENCH_STARTS times (5 by default) on an existing data directory
 * (PGlite) or an existing, migrated database (PostgreSQL, a fresh database made for the run and dropped
 * after); each start is timed from spawn to the first 200 of /readyz, then the process's VmRSS is read from
 * /proc over one second after three idle seconds, and process.memoryUsage() from the child
 * (bench/memory-reporter.mjs) says which part is V8's heap and which is outside it (PGlite's WebAssembly
 * memory, Buffers). The first start of each series makes the data directory or database and migrates it,
 * and is reported on its own. The built server (`node apps/server/dist/server.js`, as `npm start` runs it)
 * is measured on both engines, and `src/server.ts` under tsx on PGlite for comparison; PGlite's own share is
 * bench/pglite-alone.mjs on the built server's data directory (PGlite opened with pg_trgm, the migrations
 * check, a bare /readyz: what the server's start-up and idle memory would be with nothing else loaded).
 * Alone: `BENCH_ONLY=memory npm run bench`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './free-port.ts';
import { freshPostgresDatabase } from './postgres.ts';
import { machine, median, table, writeSection } from './report.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILT_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const SOURCE_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const PGLITE_ALONE = fileURLToPath(new URL('./pglite-alone.mjs', import.meta.url));
const REPORTER = pathToFileURL(fileURLToPath(new URL('./memory-reporter.mjs', import.meta.url))).href;
const STARTS = Number(process.env['BENCH_STARTS'] ?? 5);
const BUDGET_MS = 3000;
/** Idle RSS of the built server on PGlite (issue 39). */
const RSS_BUDGET_MB = 300;
const IDLE_WAIT_MS = 3000;
const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Usage = { rss: number; heapUsed: number; external: number; arrayBuffers: number };
type Start = { ms: number; rss: number; usage: Usage | undefined };
type Variant = { name: string; args: string[]; env: Record<string, string> };

function vmRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** One start: spawn, time to the first 200 of /readyz, idle RSS, then SIGTERM. */
async function startOnce(variant: Variant): Promise<Start> {
  const port = await freePort();
  let output = '';
  let usage: Usage | undefined;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', REPORTER, ...variant.args], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...variant.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  child.on('message', (m: Usage & { kind?: string }) => {
    if (m.kind === 'memory') usage = m;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    let ms: number | undefined;
    while (ms === undefined) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited before it was ready:\n${output}`);
      if (performance.now() - started > 60_000)
        throw new Error(`${variant.name}: no /readyz in 60 s:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) ms = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (ms === undefined) await sleep(20);
    }
    await sleep(IDLE_WAIT_MS);
    const samples: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      samples.push(vmRss(child.pid ?? 0));
      await sleep(50);
    }
    return { ms, rss: median(samples), usage };
  } finally {
    await stop();
  }
}

type Series = { variant: Variant; first: Start; starts: Start[] };
type Failed = { variant: Variant; error: string };

async function series(variant: Variant): Promise<Series> {
  const first = await startOnce(variant);
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i += 1) starts.push(await startOnce(variant));
  process.stdout.write(
    `  ${variant.name}: first ${first.ms.toFixed(0)} ms, then ${starts.map((s) => s.ms.toFixed(0)).join(', ')} ms; idle RSS ${starts.map((s) => (s.rss / MB).toFixed(0)).join(', ')} MB\n`,
  );
  return { variant, first, starts };
}

export async function runMemoryBench(): Promise<void> {
  if (!existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: run npm run build first.`);
  const startedAt = new Date();
  const dirs = [1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-memory-')));
  const [builtDir = '', sourceDir = ''] = dirs;
  const postgres = await freshPostgresDatabase('taxfirm_bench_memory');
  const results: Series[] = [];
  const failed: Failed[] = [];
  try {
    process.stdout.write(`memory: start-up and idle RSS, ${STARTS} starts each\n`);
    const pgDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-memory-pg-'));
    dirs.push(pgDir);
    const variants: Variant[] = [
      { name: 'built, PGlite', args: [BUILT_ENTRY], env: { DATA_DIR: builtDir } },
      // On the data directory the built server made and migrated: its first start is no migration.
      { name: 'PGlite alone (no app)', args: [PGLITE_ALONE], env: { DATA_DIR: builtDir } },
      {
        name: 'built, PostgreSQL',
        args: [BUILT_ENTRY],
        env: { DATA_DIR: pgDir, DATABASE_URL: postgres.url },
      },
      {
        name: 'src/server.ts under tsx, PGlite',
        args: ['--import', 'tsx', SOURCE_ENTRY],
        env: { DATA_DIR: sourceDir },
      },
    ];
    for (const variant of variants) {
      try {
        results.push(await series(variant));
      } catch (error) {
        // One server that fails to start (e.g. a plugin over Fastify's 10 s on a loaded machine) is reported.
        const message = error instanceof Error ? error.message : String(error);
        process.stdout.write(`  ${variant.name}: ${message}\n`);
        failed.push({
          variant,
          error: /FastifyError: [^\n]*/.exec(message)?.[0] ?? message.split('\n')[0] ?? '',
        });
      }
    }
  } finally {
    await postgres.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  const f0 = (n: number) => n.toFixed(0);
  const mbOf = (starts: Start[], field: keyof Usage) => {
    const values = starts.flatMap((s) => (s.usage ? [s.usage[field]] : []));
    return values.length > 0 ? f0(median(values) / MB) : 'n/a';
  };
  const rows = results.map(({ variant, first, starts }) => {
    const ms = median(starts.map((s) => s.ms));
    return [
      variant.name,
      `**${f0(ms)}**`,
      starts.map((s) => f0(s.ms)).join(', '),
      f0(first.ms),
      `**${f0(median(starts.map((s) => s.rss)) / MB)}**`,
      mbOf(starts, 'heapUsed'),
      mbOf(starts, 'external'),
      mbOf(starts, 'arrayBuffers'),
    ];
  });
  const builtPglite = results.find((r) => r.variant.name === 'built, PGlite');
  const builtPgliteRss = builtPglite ? median(builtPglite.starts.map((s) => s.rss)) / MB : undefined;
  const over = [...failed, ...results.filter((r) => median(r.starts.map((s) => s.ms)) > BUDGET_MS)];
  const text = [
    `<!-- bench:memory -->`,
    ``,
    `### Start-up and idle memory`,
    ``,
    `Measured ${startedAt.toISOString().slice(0, 10)} on ${machine()}.`,
    `Each server is started ${STARTS} times as a child process (NODE_ENV=test, LOG_LEVEL=warn, the web build served) on an existing data directory (PGlite) or an existing, migrated database (PostgreSQL 15, a fresh database made for the run and dropped after). Start-up is from spawn to the first 200 of \`/readyz\`; idle RSS is VmRSS from /proc, the median over one second after three idle seconds; V8 heap, external and ArrayBuffer memory are the child's process.memoryUsage() (\`bench/memory-reporter.mjs\`); PGlite's WebAssembly memory counts in external and ArrayBuffers. The first start of a series makes the data directory or database and migrates it (but PGlite alone's, which opens the built server's). PGlite alone is \`bench/pglite-alone.mjs\`: PGlite opened with pg_trgm and the migrations check, then a bare /readyz, nothing of the app loaded (PGlite's own share). Medians; MB = 2^20 bytes. Budget: start-up on an existing data directory ≤ ${BUDGET_MS / 1000} s.`,
    ``,
    ...table(
      [
        'server',
        'start-up ms',
        'each start, ms',
        'first start (migrations) ms',
        'idle RSS MB',
        'V8 heap used MB',
        'external MB',
        'ArrayBuffers MB',
      ],
      [...rows, ...failed.map(({ variant }) => [variant.name, '**did not start**', '', '', '', '', '', ''])],
    ),
    ...failed.map(({ variant, error }) => `\n${variant.name} did not start: ${error.replaceAll('`', "'")}`),
    ``,
    `Start-up: ${over.length === 0 ? `every median within the ${BUDGET_MS / 1000} s budget` : `**over the budget:** ${over.map((r) => r.variant.name).join(', ')}`}. Command: \`npm run bench\` after \`npm run build\` (this part with the uploads: \`BENCH_ONLY=uploads npm run bench\`; alone: \`BENCH_ONLY=memory npm run bench\`).`,
    builtPgliteRss === undefined
      ? `Idle RSS of the built server on PGlite: not measured.`
      : `Idle RSS of the built server on PGlite: ${f0(builtPgliteRss)} MB, ${builtPgliteRss <= RSS_BUDGET_MB ? 'within' : '**over**'} the ${RSS_BUDGET_MB} MB budget.`,
    `<!-- /bench:memory -->`,
  ].join('\n');
  writeSection('memory', text, 'lighthouse');
  process.stdout.write(`\n${text}\n`);
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await runMemoryBench();
