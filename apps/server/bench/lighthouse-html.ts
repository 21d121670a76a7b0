/**
 * The HTML timing of the Lighthouse bench (bench/lighthouse.ts): each page as the server renders it against
 * the same bytes as a static file from the same server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { CLIENT_BUILD, LIGHTHOUSE_ROUTES } from './lighthouse-pages.ts';

/** Requests per page (and per static copy) in the HTML timing, after a warm-up. */
export const HTML_REQUESTS = Math.max(10, Number(process.env['LIGHTHOUSE_HTML_REQUESTS'] ?? 300));
/** Where the static copies of the pages go inside the client build, so that the same Fastify serves them. */
export const STATIC_COPIES = path.join(CLIENT_BUILD, 'bench-static');

export type HtmlTiming = { route: string; pageMs: number; staticMs: number; bytes: number };

/** The median of a list of numbers. */
export function median(values: number[]): number {
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
export async function writeStaticCopies(baseUrl: string): Promise<Map<string, number>> {
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
export async function htmlTimings(baseUrl: string, sizes: Map<string, number>): Promise<HtmlTiming[]> {
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
