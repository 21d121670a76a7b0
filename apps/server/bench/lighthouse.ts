/**
 * npm run bench:lighthouse (and the end of npm run bench) — Lighthouse 12 on the public pages of the built app:
 *   starts `node apps/server/dist/server.js` (NODE_ENV=test, fresh DATA_DIR, PGlite) on a free port, runs
 *   Lighthouse (mobile form factor, default simulated throttling) in headless Chromium on each public route,
 *   three times by default (the median run by performance is reported, with the spread), and records the
 *   performance, accessibility, best-practices and SEO scores against the budgets of issue 21 / ADR 021, the
 *   audits that keep each route below 100, the JavaScript each page loads (gzipped, against its budget: home
 *   50 KB, other pages 10 KB), and how fast each page's HTML is answered against a static file of the same
 *   HTML served by the same Fastify (median of many requests; budget ≤ 3×). Writes the results into
 *   docs/benchmarks.md between the bench:lighthouse markers.
 * It builds nothing: run `npm run build` first.
 * Its pages are bench/lighthouse-pages.ts, one page's audit bench/lighthouse-audit.ts, the HTML timing
 * bench/lighthouse-html.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';
import { freePort } from './free-port.ts';
import {
  auditWithRetry,
  CATEGORIES,
  failingAudits,
  medianRun,
  pageJavaScript,
  toScore,
  type Category,
  type PageJs,
} from './lighthouse-audit.ts';
import {
  HTML_REQUESTS,
  htmlTimings,
  median,
  STATIC_COPIES,
  writeStaticCopies,
  type HtmlTiming,
} from './lighthouse-html.ts';
import { CLIENT_BUILD, LIGHTHOUSE_ROUTES, ROOT, WEB_BUILD } from './lighthouse-pages.ts';

const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const DOCS = path.join(ROOT, 'docs/benchmarks.md');
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Runs per route; the run with the median performance score is reported (Lighthouse's own advice). */
const RUNS = Math.max(1, Number(process.env['LIGHTHOUSE_RUNS'] ?? 3));
const BUDGET: Record<Category, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** JavaScript a page may load, gzipped (ADR 021): the home page's carousels and popup, and every other page. */
const JS_BUDGET_KB = { home: 50, other: 10 } as const;
const jsBudget = (route: string) => (route === '/' ? JS_BUDGET_KB.home : JS_BUDGET_KB.other);
/** A page's HTML answered within this multiple of a static file of the same HTML. */
const HTML_RATIO_BUDGET = 3;

type RouteResult = {
  route: string;
  scores: Record<Category, number | null>;
  /** Performance of every run, lowest first. */
  performanceRuns: number[];
  failing: Partial<Record<Category, string[]>>;
  runtimeError: string | undefined;
  js: PageJs;
};

/** The built server on its own free port and data directory, as the browser suite runs it. */
async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      // Production needs real secrets and an https APP_URL; test runs the same built code.
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A fresh data directory runs every migration first; allow a busy shared machine time for it.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The built server exited before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The built server did not answer /readyz within 120 s:\n${output}`);
}

function requireBuild(): void {
  const missing = [SERVER_ENTRY, CLIENT_BUILD, path.join(WEB_BUILD, 'server')].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `The Lighthouse benchmark measures the built app and builds nothing. Missing:\n${missing
        .map((p) => `  ${path.relative(ROOT, p)}`)
        .join('\n')}\nRun \`npm run build\` at the repository root first.`,
    );
  }
}

function chromePath(): string {
  const candidate = process.env['CHROME_PATH'] || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
  return candidate;
}

/** A markdown table laid out as prettier lays it out, so the docs stay formatted after a run. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, c) => Math.max(3, h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 3)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function section(opts: {
  results: RouteResult[];
  html: HtmlTiming[];
  chromium: string;
  startedAt: Date;
}): string {
  const { results, html, chromium, startedAt } = opts;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const show = (s: number | null) => (s === null ? 'n/a' : String(s));
  const jsOver = (r: RouteResult) => r.js.gzippedKb > jsBudget(r.route);
  const misses = (r: RouteResult) => [
    ...CATEGORIES.filter((c) => r.scores[c] === null || (r.scores[c] ?? 0) < BUDGET[c]),
    ...(jsOver(r) ? ['JavaScript'] : []),
  ];
  const rows = results.map((r) => {
    const missed = misses(r);
    const runs = r.performanceRuns;
    return [
      `\`${r.route}\``,
      show(r.scores.performance),
      runs.length > 1 ? `${runs[0]}–${runs.at(-1)}` : '–',
      show(r.scores.accessibility),
      show(r.scores['best-practices']),
      show(r.scores.seo),
      `${r.js.gzippedKb.toFixed(1)} / ${jsBudget(r.route)}`,
      missed.length === 0 ? 'yes' : `no (${missed.join(', ')})`,
    ];
  });
  const overBudget = results.filter((r) => misses(r).length > 0);
  const htmlRows = html.map((h) => {
    const ratio = h.pageMs / h.staticMs;
    return [
      `\`${h.route}\``,
      (h.bytes / 1024).toFixed(1),
      h.pageMs.toFixed(2),
      h.staticMs.toFixed(2),
      ratio.toFixed(2),
      ratio <= HTML_RATIO_BUDGET ? 'yes' : 'no',
    ];
  });
  const htmlOver = html.filter((h) => h.pageMs / h.staticMs > HTML_RATIO_BUDGET);
  const failing = results.flatMap((r) => {
    const parts = CATEGORIES.flatMap((c) => {
      const ids = r.failing[c] ?? [];
      return ids.length > 0 ? [`${c}: ${ids.map((id) => `\`${id}\``).join(', ')}`] : [];
    });
    if (r.runtimeError) parts.unshift(`runtime error: ${r.runtimeError}`);
    return parts.length > 0 ? [`- \`${r.route}\` — ${parts.join('; ')}`] : [];
  });
  const scriptLines = results.map(
    (r) =>
      `- \`${r.route}\`: ${r.js.scripts} scripts, ${r.js.transferredKb.toFixed(1)} KB transferred, ${r.js.rawKb.toFixed(1)} KB uncompressed, **${r.js.gzippedKb.toFixed(1)} KB gzipped**${r.js.largest.length > 0 ? ` (${r.js.largest.map((f) => `\`${f.file}\` ${f.gzippedKb.toFixed(1)}`).join(', ')})` : ''}${r.js.notInBuild.length > 0 ? `; not in the build (counted uncompressed): ${r.js.notInBuild.map((u) => `\`${u}\``).join(', ')}` : ''}`,
  );

  return [
    `<!-- bench:lighthouse -->`,
    ``,
    `### Public pages: Lighthouse (mobile)`,
    ``,
    `Measured ${startedAt.toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free), ${chromium}, Lighthouse ${LIGHTHOUSE_VERSION}, Node ${process.version}.`,
    `The built app (\`node apps/server/dist/server.js\`, NODE_ENV=test, fresh PGlite data directory) on 127.0.0.1; mobile form factor, default simulated throttling; ${RUNS === 1 ? 'one run per route' : `${RUNS} runs per route, the run with the median performance score (its scores below; "runs" is the lowest and highest performance of the ${RUNS})`}.`,
    `Budgets (issue 21, ADR 021): performance ≥ ${BUDGET.performance}; accessibility, best practices and SEO = 100; JavaScript the page loads ≤ ${JS_BUDGET_KB.home} KB gzipped on the home page and ≤ ${JS_BUDGET_KB.other} KB on every other page (each file under apps/web/build/client/assets the page loaded, gzipped alone; the login panel's chunk loads on a click and is not counted).`,
    ``,
    ...table(
      [
        'route',
        'performance',
        'runs',
        'accessibility',
        'best practices',
        'SEO',
        'JS KB gz / budget',
        'within budget',
      ],
      rows,
    ),
    ``,
    overBudget.length === 0
      ? `Every route is within its budgets.`
      : `**Over budget:** ${overBudget.map((r) => `\`${r.route}\` (${misses(r).join(', ')})`).join(', ')}.`,
    ``,
    `Scripts each page loads (largest files, KB gzipped):`,
    ``,
    ...scriptLines,
    ``,
    `#### HTML answer time against a static file`,
    ``,
    `Each page's HTML as the server renders it per request (settings read, React server rendering, CSP nonce), against the same bytes saved as a static file under the client build and served by the same Fastify (@fastify/static): ${HTML_REQUESTS} requests each, alternating, one keep-alive connection, uncompressed, after 20 warm-up pairs; medians, milliseconds to the last byte. Budget: ≤ ${HTML_RATIO_BUDGET}×.`,
    ``,
    ...table(['route', 'HTML KB', 'page ms', 'static file ms', 'ratio', 'within'], htmlRows),
    ``,
    htmlOver.length === 0
      ? `Every page within ${HTML_RATIO_BUDGET}× of its static file (median ratio ${median(html.map((h) => h.pageMs / h.staticMs)).toFixed(2)}).`
      : `**Over ${HTML_RATIO_BUDGET}×:** ${htmlOver.map((h) => `\`${h.route}\` (${(h.pageMs / h.staticMs).toFixed(2)}×)`).join(', ')}; median ratio ${median(html.map((h) => h.pageMs / h.staticMs)).toFixed(2)}.`,
    ``,
    `Audits costing points (accessibility, best practices, SEO: every scored audit below 1; performance: audits below 0.9, with Lighthouse's score and value):`,
    ``,
    ...(failing.length > 0 ? failing : ['- none']),
    ``,
    `Command: \`npm run bench:lighthouse -w @taxfirm/server\` after \`npm run build\` (also the last part of \`npm run bench\`; \`LIGHTHOUSE_RUNS\`, \`LIGHTHOUSE_HTML_REQUESTS\` change the counts).`,
    `<!-- /bench:lighthouse -->`,
  ].join('\n');
}

export async function runLighthouse(): Promise<void> {
  requireBuild();
  const chrome = chromePath();
  const startedAt = new Date();
  // The static copies must exist when the server starts: @fastify/static lists the client build's files then.
  const first = await startServer();
  let sizes: Map<string, number>;
  try {
    sizes = await writeStaticCopies(first.baseUrl);
  } finally {
    await first.stop();
  }
  const server = await startServer();
  let launched: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Warm the server's render path so the first audited route does not pay for the cold start.
    for (const route of LIGHTHOUSE_ROUTES) {
      const res = await fetch(`${server.baseUrl}${route}`);
      if (!res.ok) throw new Error(`${route} answered ${res.status} before the audit`);
      await res.arrayBuffer();
    }
    const html = await htmlTimings(server.baseUrl, sizes);
    for (const h of html) {
      process.stdout.write(
        `${h.route}: HTML ${h.pageMs.toFixed(2)} ms, static ${h.staticMs.toFixed(2)} ms (${(h.pageMs / h.staticMs).toFixed(2)}×)\n`,
      );
    }

    launched = await chromeLauncher.launch({ chromePath: chrome, chromeFlags: [...CHROMIUM_FLAGS] });
    const version = (await (await fetch(`http://127.0.0.1:${launched.port}/json/version`)).json()) as {
      Browser?: string;
    };
    const chromium = `Chromium ${/[\d.]+$/.exec(version.Browser ?? '')?.[0] ?? '(unknown version)'}`;

    const results: RouteResult[] = [];
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await auditWithRetry(`${server.baseUrl}${route}`, launched.port));
      const lhr = medianRun(runs);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, toScore(lhr.categories[c]?.score)]),
      ) as Record<Category, number | null>;
      const failing = Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])) as Partial<
        Record<Category, string[]>
      >;
      const performanceRuns = runs
        .map((r) => toScore(r.categories['performance']?.score))
        .filter((p): p is number => p !== null)
        .sort((a, b) => a - b);
      const js = pageJavaScript(lhr, server.baseUrl);
      results.push({ route, scores, performanceRuns, failing, runtimeError: lhr.runtimeError?.message, js });
      process.stdout.write(
        `${route}: ${CATEGORIES.map((c) => `${c} ${scores[c] ?? 'n/a'}`).join(', ')} (performance runs ${performanceRuns.join(', ')}), JS ${js.gzippedKb.toFixed(1)} KB gzipped\n`,
      );
    }

    const text = section({ results, html, chromium, startedAt });
    let docs = readFileSync(DOCS, 'utf8');
    const re = /<!-- bench:lighthouse -->[\s\S]*?<!-- \/bench:lighthouse -->/;
    docs = re.test(docs) ? docs.replace(re, text) : `${docs.trimEnd()}\n\n${text}\n`;
    writeFileSync(DOCS, docs);
    process.stdout.write(`\n${text}\n`);
  } finally {
    launched?.kill();
    await server.stop();
    rmSync(STATIC_COPIES, { recursive: true, force: true });
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await runLighthouse();
