/**
 * npm run bench — measures, in one run on this machine, each part writing its own section of
 * docs/benchmarks.md:
 *   api: settings/getsettings against a bare Fastify route, with and without request logs, and
 *     authenticated portal and staff reads on PostgreSQL at 100 connections (bench/api.ts);
 *   uploads: server memory during 20 concurrent 6 MB uploads and upload throughput against a bare
 *     multipart route, then the built server's start-up time and idle memory, on PGlite and PostgreSQL
 *     (bench/uploads.ts, bench/memory.ts);
 *   memory: the start-up and idle memory half of uploads alone (bench/memory.ts);
 *   lighthouse: the public pages on the built app (bench/lighthouse.ts);
 *   sandbox: 20 concurrent 12-MP HEIC uploads while another client reads, and the bomb files, through the
 *     files sandbox (bench/sandbox.ts).
 * One part alone: `BENCH_ONLY=uploads npm run bench` (or api, lighthouse; several: api,uploads); see
 * selectedParts() for the flags.
 */
import { runApiBench } from './api.ts';
import { runLighthouse } from './lighthouse.ts';
import { runUploadBench } from './uploads.ts';
import { runMemoryBench } from './memory.ts';
import { runSeasonBench } from './season.ts';
import { runSandboxBench } from './sandbox.ts';
import { runBulkBench } from './bulk.ts';

const PARTS = ['api', 'uploads', 'memory', 'lighthouse', 'season', 'bulk', 'sandbox'] as const;
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
  // All parts by default; `memory` runs within `uploads`, so not twice.
  return new Set(asked.length > 0 ? (asked as Part[]) : PARTS.filter((p) => p !== 'memory'));
}

async function main() {
  const parts = selectedParts();
  if (parts.has('api')) await runApiBench();
  if (parts.has('uploads')) {
    await runUploadBench();
    await runMemoryBench();
  } else if (parts.has('memory')) await runMemoryBench();
  if (parts.has('lighthouse')) await runLighthouse();
  if (parts.has('season')) await runSeasonBench();
  if (parts.has('bulk')) await runBulkBench();
  if (parts.has('sandbox')) await runSandboxBench();
}

await main();
