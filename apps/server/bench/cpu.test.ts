/**
 * The API bench's CPU accounting (bench/cpu.ts): a process's CPU time as /proc counts it, read through a
 * command name that holds ") ", and the per-request arithmetic the bench's tables print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuPerRequest, ownCpuUs, postgresCpuUs, processCpuUs } from './cpu.ts';

const onLinux = process.platform === 'linux';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A Node process whose command name (/proc's `comm`) is `name`, spinning until `busy` ms have passed. */
async function spinning(name: string, busyMs: number): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cpu-'));
  dirs.push(dir);
  const program = path.join(dir, name);
  symlinkSync(process.execPath, program);
  const child = spawn(
    program,
    [
      '-e',
      `const t = Date.now(); while (Date.now() - t < ${busyMs}); console.log('done'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return child;
}

describe.runIf(onLinux)('CPU time from /proc', () => {
  it("reads a process's CPU time, even when its command name holds ') '", async () => {
    // `comm` is "x) 1 2 3 4 5 6": a reader that split the stat line at the first ") " would take six of the
    // name's words for fields and read the terminal's numbers as CPU time.
    const child = await spinning('x) 1 2 3 4 5 6', 400);
    const spent = processCpuUs(child.pid ?? -1);
    // It spun for 400 ms of wall time; the kernel counts in ticks (10 ms), and a loaded machine gives less.
    expect(spent).toBeGreaterThanOrEqual(100_000);
    expect(spent).toBeLessThan(5_000_000);
  });

  it('says nothing for a process that does not exist', () => {
    expect(processCpuUs(2 ** 30)).toBeUndefined();
  });

  it("counts this process's own time and every postgres process's", () => {
    const before = ownCpuUs();
    const t = Date.now();
    while (Date.now() - t < 50);
    expect(ownCpuUs() - before).toBeGreaterThan(20_000);
    // A number whether or not PostgreSQL runs on this machine (0 when it does not).
    expect(postgresCpuUs()).toBeGreaterThanOrEqual(0);
  });
});

describe('CPU per request', () => {
  it('divides each process by the requests answered, and leaves unknown parts unknown', () => {
    expect(
      cpuPerRequest(
        { server: 1_000, postgres: undefined, load: 500 },
        { server: 41_000, postgres: undefined, load: 20_500 },
        400,
      ),
    ).toEqual({ server: 100, postgres: undefined, load: 50 });
  });
});
