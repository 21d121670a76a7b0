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
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_BUILD = path.join(ROOT, 'apps/web/build');
const CLIENT_BUILD = path.join(WEB_BUILD, 'client');
const DOCS = path.join(ROOT, 'docs/benchmarks.md');
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Every public page of the site (the sitemap's list, plus the payment form). */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/profile',
  '/tax-services',
  '/us-tax-services',
  '/indian-tax-services',
  '/testimonials',
  '/careers',
  '/contact-us',
  '/tax-center',
  '/refer-a-friend',
  '/paypal-payment',
  '/privacy-policy',
  '/terms-conditions',
  '/disclaimer',
] as const;

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Runs per route; the run with the median performance score is reported (Lighthouse's own advice). */
const RUNS = Math.max(1, Number(process.env['LIGHTHOUSE_RUNS'] ?? 3));
/** Requests per page (and per static copy) in the HTML timing, after a warm-up. */
const HTML_REQUESTS = Math.max(10, Number(process.env['LIGHTHOUSE_HTML_REQUESTS'] ?? 300));
/** Where the static copies of the pages go inside the client build, so that the same Fastify serves them. */
const STATIC_COPIES = path.join(CLIENT_BUILD, 'bench-static');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
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

type HtmlTiming = { route: string; pageMs: number; staticMs: number; bytes: number };

type PageJs = {
  scripts: number;
  transferredKb: number;
  rawKb: number;
  gzippedKb: number;
  notInBuild: string[];
  /** The largest files, gzipped, biggest first. */
  largest: { file: string; gzippedKb: number }[];
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

const toScore = (score: number | null | undefined) =>
  typeof score === 'number' ? Math.round(score * 100) : null;

/**
 * The audits that cost a category points: any scored audit below 1 in accessibility, best practices and SEO;
 * in performance, the metrics and diagnostics below 0.9 (Lighthouse's own "needs improvement" line).
 */
function failingAudits(lhr: Result, category: Category): string[] {
  const cat = lhr.categories[category];
  if (!cat) return [];
  const out: string[] = [];
  for (const ref of cat.auditRefs) {
    if (ref.group === 'hidden') continue;
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    if (audit.scoreDisplayMode === 'error') {
      out.push(`${ref.id} (error)`);
      continue;
    }
    if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    if (audit.score === null) continue;
    const line = category === 'performance' ? 0.9 : 1;
    if (audit.score >= line) continue;
    const value = audit.displayValue ? `: ${audit.displayValue}` : '';
    out.push(
      category === 'performance'
        ? `${ref.id} (${audit.score.toFixed(2)}${value})`
        : withIssues(ref.id, audit),
    );
  }
  return out;
}

type IssueItem = { issueType?: unknown; subItems?: { items?: { url?: unknown }[] } };

/** inspector-issues says only that the console has issues; name them (type and the URLs involved). */
function withIssues(id: string, audit: Result['audits'][string]): string {
  const items = (audit.details as { items?: IssueItem[] } | undefined)?.items ?? [];
  const issues = items
    .filter((i) => typeof i.issueType === 'string')
    .map((i) => {
      const urls = [
        ...new Set((i.subItems?.items ?? []).map((u) => u.url).filter((u) => typeof u === 'string')),
      ];
      return urls.length > 0 ? `${String(i.issueType)}: ${urls.join(', ')}` : String(i.issueType);
    });
  return issues.length > 0 ? `${id} (${issues.join('; ')})` : id;
}

type NetworkItem = { url?: string; resourceType?: string; transferSize?: number; resourceSize?: number };

/** A page's scripts: as transferred (network-requests audit) and gzipped from the build (the budget). */
function pageJavaScript(lhr: Result, baseUrl: string): PageJs {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((i) => i.resourceType === 'Script' && i.url);
  let transferred = 0;
  let raw = 0;
  let gzipped = 0;
  const notInBuild: string[] = [];
  const files: { file: string; gzippedKb: number }[] = [];
  const seen = new Set<string>();
  for (const item of scripts) {
    transferred += item.transferSize ?? 0;
    const url = new URL(item.url ?? '');
    if (seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const file = path.join(CLIENT_BUILD, decodeURIComponent(url.pathname));
    if (url.origin !== new URL(baseUrl).origin || !url.pathname.startsWith('/assets/') || !existsSync(file)) {
      notInBuild.push(item.url ?? '');
      raw += item.resourceSize ?? 0;
      continue;
    }
    const body = readFileSync(file);
    raw += body.length;
    const size = gzipSync(body).length;
    gzipped += size;
    files.push({ file: url.pathname, gzippedKb: size / 1024 });
  }
  return {
    scripts: seen.size,
    transferredKb: transferred / 1024,
    rawKb: raw / 1024,
    gzippedKb: gzipped / 1024,
    notInBuild,
    largest: files.sort((a, b) => b.gzippedKb - a.gzippedKb).slice(0, 5),
  };
}

/** One Lighthouse run; a run that failed to record (e.g. NO_NAVSTART on a busy machine) is retried twice. */
async function auditWithRetry(url: string, port: number): Promise<Result> {
  let lhr = await audit(url, port);
  for (let retry = 1; retry <= 2 && lhr.runtimeError; retry += 1) {
    process.stdout.write(`${url}: ${lhr.runtimeError.code}, running Lighthouse again\n`);
    lhr = await audit(url, port);
  }
  return lhr;
}

async function audit(url: string, port: number): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result.lhr;
}

function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort(
    (a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0),
  );
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('no Lighthouse run');
  return run;
}

/** A markdown table laid out as prettier lays it out, so the docs stay formatted after a run. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, c) => Math.max(3, h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 3)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** The median of a list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** One GET over a keep-alive connection, the whole body read; milliseconds. No accept-encoding: both plain. */
function timedGet(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const staticName = (route: string) => `${route === '/' ? 'home' : route.slice(1)}.html`;

/** Each page's HTML as the server answers it now, written as a static file into the client build. */
async function writeStaticCopies(baseUrl: string): Promise<Map<string, number>> {
  rmSync(STATIC_COPIES, { recursive: true, force: true });
  mkdirSync(STATIC_COPIES, { recursive: true });
  const sizes = new Map<string, number>();
  for (const route of LIGHTHOUSE_ROUTES) {
    const html = await (
      await fetch(`${baseUrl}${route}`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    writeFileSync(path.join(STATIC_COPIES, staticName(route)), html);
    sizes.set(route, Buffer.byteLength(html));
  }
  return sizes;
}

/**
 * How long the server takes to answer each page's HTML (rendered per request, settings included) against the
 * same bytes as a static file from the same Fastify (@fastify/static): sequential requests on one keep-alive
 * connection, alternating page and file, after a warm-up; medians.
 */
async function htmlTimings(baseUrl: string, sizes: Map<string, number>): Promise<HtmlTiming[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: HtmlTiming[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const pageUrl = `${baseUrl}${route}`;
      const fileUrl = `${baseUrl}/bench-static/${staticName(route)}`;
      for (let i = 0; i < 20; i += 1) {
        await timedGet(agent, pageUrl);
        await timedGet(agent, fileUrl);
      }
      const page: number[] = [];
      const file: number[] = [];
      for (let i = 0; i < HTML_REQUESTS; i += 1) {
        page.push(await timedGet(agent, pageUrl));
        file.push(await timedGet(agent, fileUrl));
      }
      out.push({ route, pageMs: median(page), staticMs: median(file), bytes: sizes.get(route) ?? 0 });
    }
  } finally {
    agent.destroy();
  }
  return out;
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

    launched = await chromeLauncher.launch({ chromePath: chrome, chromeFlags: CHROME_FLAGS });
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
