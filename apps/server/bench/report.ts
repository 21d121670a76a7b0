/** Writing a bench part's results into docs/benchmarks.md, between its own markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** "2 × CPU, 24 GiB RAM (21 GiB free), Node v20": the machine, for a section's first line. */
export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free), Node ${process.version}`;
}

/** A markdown table padded the way prettier writes it, so `prettier --check` leaves the section alone. */
export function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/**
 * Replace the section between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` with `text` (which carries
 * the markers); a new section goes before `before`'s marker when that exists, else at the end.
 */
export function writeSection(name: string, text: string, before?: string): void {
  let docs = readFileSync(DOCS, 'utf8');
  const re = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  const anchor = before ? `<!-- bench:${before} -->` : undefined;
  if (re.test(docs)) docs = docs.replace(re, () => text);
  else if (anchor && docs.includes(anchor)) docs = docs.replace(anchor, () => `${text}\n\n${anchor}`);
  else docs = `${docs.trimEnd()}\n\n${text}\n`;
  writeFileSync(DOCS, docs);
}
