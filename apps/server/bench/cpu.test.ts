/**
 * The API bench's CPU accounting (bench/cpu.ts): a process's CPU time as /proc counts it, read through a
 * command name that holds ") ", PostgreSQL's processes found by name, and the per-request arithmetic and
 * ceilings the bench's tables print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ceiling, cpuPerRequest, mainThreadCpuUs, ownCpuUs, postgresCpuUs, processCpuUs } from './cpu.ts';

const onLinux = process.platform === 'linux';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A Node process whose command name (/proc's `comm`) is `name`, once it has spent `cpuMs` of CPU time on its
 * main thread (its own count, so a loaded machine only makes it take longer).
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
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before spinning`)));
  });
  return child;
}

describe.runIf(onLinux)('CPU time from /proc', () => {
  it("reads a process's CPU time and its main thread's, even when its command name holds ') '", async () => {
    // `comm` is "x) 1 2 3 4 5 6": a reader that split the stat line at the first ") " would take six of the
    // name's words for fields and read tpgid and the flags as CPU time.
    const child = await spinning('x) 1 2 3 4 5 6', 300);
    const spent = processCpuUs(child.pid ?? -1);
    const thread = mainThreadCpuUs(child.pid ?? -1);
    // It spent 300 ms of user time on its main thread; the kernel counts in ticks (10 ms).
    expect(thread).toBeGreaterThanOrEqual(280_000);
    expect(thread).toBeLessThan(5_000_000);
    // The process counts its other threads (V8's, libuv's) too.
    expect(spent).toBeGreaterThanOrEqual(thread ?? Infinity);
    expect(spent).toBeLessThan(5_000_000);
  });

  it('says nothing for a process that does not exist', () => {
    expect(processCpuUs(2 ** 30)).toBeUndefined();
    expect(mainThreadCpuUs(2 ** 30)).toBeUndefined();
  });

  it("reads this process's own time as /proc does", () => {
    const own = ownCpuUs();
    const proc = processCpuUs(process.pid) ?? -Infinity;
    // process.cpuUsage() counts in µs, /proc in ticks: they agree within a few ticks.
    expect(Math.abs(own - proc)).toBeLessThan(50_000);
  });

  it("adds up the processes named postgres, a new one's time included", async () => {
    const before = postgresCpuUs() ?? 0;
    await spinning('postgres', 200);
    const after = postgresCpuUs();
    // Other PostgreSQL processes on this machine may add to it, never take from it (an ended one's time
    // moves to its parent's children's time).
    expect(after).toBeGreaterThanOrEqual(before + 190_000);
  });
});

describe('CPU per request and ceilings', () => {
  it('divides each process by the requests answered, and leaves unknown parts unknown', () => {
    expect(
      cpuPerRequest(
        { server: 1_000, serverThread: 500, postgres: undefined, load: 500 },
        { server: 41_000, serverThread: 30_500, postgres: undefined, load: 20_500 },
        400,
      ),
    ).toEqual({ server: 100, serverThread: 75, postgres: undefined, load: 50 });
  });

  it('is the lowest of the shared cores and the one core of each single-threaded part', () => {
    const cpu = { server: 500, serverThread: 450, postgres: 250, load: 80 };
    // Shared: 2 cores ÷ 830 µs = 2,410 a second; the server's thread alone: 1 s ÷ 450 µs = 2,222.
    expect(ceiling(cpu, true, 2)).toEqual({ rate: 1e6 / 450, bound: 'server thread' });
    // With four cores the thread bound stays; with one core, the cores bound.
    expect(ceiling(cpu, true, 4)?.bound).toBe('server thread');
    expect(ceiling(cpu, true, 1)).toEqual({ rate: 1e6 / 830, bound: 'cores' });
    // Without PostgreSQL (getsettings on PGlite, inside the server) its part is left out.
    expect(ceiling({ ...cpu, postgres: undefined }, false, 1)).toEqual({ rate: 1e6 / 580, bound: 'cores' });
    expect(ceiling({ server: 40, serverThread: 35, postgres: undefined, load: 60 }, false, 2)).toEqual({
      rate: 1e6 / 60,
      bound: 'load generator',
    });
    // Unknown parts give no ceiling.
    expect(ceiling({ ...cpu, postgres: undefined }, true, 2)).toBeUndefined();
    expect(ceiling({ ...cpu, serverThread: undefined }, false, 2)).toBeUndefined();
  });
});
