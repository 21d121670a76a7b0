/** One page under Lighthouse (bench/lighthouse.ts): the runs, the median one, what cost it points, its JavaScript. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CLIENT_BUILD } from './lighthouse-pages.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export type PageJs = {
  scripts: number;
  transferredKb: number;
  rawKb: number;
  gzippedKb: number;
  notInBuild: string[];
  /** The largest files, gzipped, biggest first. */
  largest: { file: string; gzippedKb: number }[];
};

export const toScore = (score: number | null | undefined) =>
  typeof score === 'number' ? Math.round(score * 100) : null;

/**
 * The audits that cost a category points: any scored audit below 1 in accessibility, best practices and SEO;
 * in performance, the metrics and diagnostics below 0.9 (Lighthouse's own "needs improvement" line).
 */
export function failingAudits(lhr: Result, category: Category): string[] {
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
export function pageJavaScript(lhr: Result, baseUrl: string): PageJs {
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
export async function auditWithRetry(url: string, port: number): Promise<Result> {
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

/** The run with the median performance score. */
export function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort(
    (a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0),
  );
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('no Lighthouse run');
  return run;
}
