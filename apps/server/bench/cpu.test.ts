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

/**
 * A Node process whose command name (/proc's `comm`) is `name`, once it has spent `cpuMs` of CPU time (its own
 * count, so a loaded machine only makes it take longer).
 */
async function spinning(name: string, cpuMs: number): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cpu-'));
  dirs.push(dir);
  const program = path.join(dir, name);
  symlinkSync(process.execPath, program);
  const child = spawn(
    program,
    [
      '-e',
      `while (process.cpuUsage().user < ${cpuMs * 1000}); console.log('done'); setInterval(() => {}, 1000);`,
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
    const child = await spinning('x) 1 2 3 4 5 6', 300);
    const spent = processCpuUs(child.pid ?? -1);
    // It spent 300 ms of user time; the kernel counts in ticks (10 ms).
    expect(spent).toBeGreaterThanOrEqual(280_000);
    expect(spent).toBeLessThan(5_000_000);
  });

  it('says nothing for a process that does not exist', () => {
    expect(processCpuUs(2 ** 30)).toBeUndefined();
  });

  it("counts this process's own time and every postgres process's", () => {
    const before = ownCpuUs();
    while (ownCpuUs() - before < 50_000);
    expect(ownCpuUs() - before).toBeGreaterThanOrEqual(50_000);
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
