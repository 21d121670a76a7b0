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
import {
  ceiling,
  cpuPerRequest,
  mainThreadCpuUs,
  ownCpuUs,
  postgresCpuUs,
  processCpuUs,
  statCpuUs,
} from './cpu.ts';

const onLinux = process.platform === 'linux';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Spins until this process has spent `cpuMs` of user time (its own count: a loaded machine only slows it). */
const SPIN = (cpuMs: number) => `while (process.cpuUsage().user < ${cpuMs * 1000});`;
/** Prints "done" (what `started` waits for) and stays alive. */
const DONE = `console.log('done'); setInterval(() => {}, 1000);`;

/** A Node process whose command name (/proc's `comm`) is `name`, running `script`, once it has printed. */
async function started(name: string, script: string): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cpu-'));
  dirs.push(dir);
  const program = path.join(dir, name);
  symlinkSync(process.execPath, program);
  const child = spawn(program, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it printed`)));
  });
  return child;
}

describe.runIf(onLinux)('CPU time from /proc', () => {
  it("reads a process's CPU time and its main thread's, even when its command name holds ') '", async () => {
    // `comm` is "x) 1 2 3 4 5 6": a reader that split the stat line at the first ") " would take six of the
    // name's words for fields and read tpgid and the flags as CPU time.
    const child = await started('x) 1 2 3 4 5 6', SPIN(300) + DONE);
    const thread = mainThreadCpuUs(child.pid ?? -1);
    const spent = processCpuUs(child.pid ?? -1);
    // It spent 300 ms of user time on its main thread; the kernel counts in ticks (10 ms).
    expect(thread).toBeGreaterThanOrEqual(280_000);
    expect(thread).toBeLessThan(5_000_000);
    // The process counts its other threads (V8's, libuv's) too.
    expect(spent).toBeGreaterThanOrEqual(thread ?? Infinity);
    expect(spent).toBeLessThan(5_000_000);
  });

  it("tells a process's main thread from its other threads", async () => {
    // The main thread waits while a worker thread spins.
    const child = await started(
      'worker-spin',
      `const { Worker } = require('node:worker_threads');` +
        `new Worker(${JSON.stringify(SPIN(300))}, { eval: true }).on('exit', () => { ${DONE} });`,
    );
    const thread = mainThreadCpuUs(child.pid ?? -1) ?? Infinity;
    const spent = processCpuUs(child.pid ?? -1) ?? -Infinity;
    expect(spent - thread).toBeGreaterThanOrEqual(200_000);
  });

  it("counts a process's ended children when asked", async () => {
    // A parent that waits for a spinning child to end, then stays.
    const parent = await started(
      'parent',
      `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(SPIN(400))}]);` +
        DONE,
    );
    const stat = `/proc/${parent.pid ?? -1}/stat`;
    const own = statCpuUs(stat) ?? Infinity;
    const withChildren = statCpuUs(stat, true) ?? -Infinity;
    // 400 ms: more than a misread priority and nice (20 ticks and 0) would add.
    expect(withChildren - own).toBeGreaterThanOrEqual(380_000);
    expect(withChildren - own).toBeLessThan(5_000_000);
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

  it('adds up the processes named postgres', async () => {
    const child = await started('postgres', SPIN(200) + DONE);
    const own = processCpuUs(child.pid ?? -1) ?? Infinity;
    expect(own).toBeGreaterThanOrEqual(190_000);
    // Every other process named postgres on this machine adds to it.
    expect(postgresCpuUs()).toBeGreaterThanOrEqual(own);
  });
});

describe('CPU per request and ceilings', () => {
  it('divides each process by the requests answered, and leaves unknown parts unknown', () => {
    expect(
      cpuPerRequest(
        { server: 1_000, serverThread: 500, postgres: undefined, load: 500, loadThread: 400 },
        { server: 41_000, serverThread: 30_500, postgres: undefined, load: 20_500, loadThread: 16_400 },
        400,
      ),
    ).toEqual({ server: 100, serverThread: 75, postgres: undefined, load: 50, loadThread: 40 });
  });

  it('is the lowest of the shared cores and the one core of each single-threaded part', () => {
    const cpu = { server: 500, serverThread: 450, postgres: 250, load: 80, loadThread: 70 };
    // Shared: 2 cores ÷ 830 µs = 2,410 a second; the server's thread alone: 1 s ÷ 450 µs = 2,222.
    expect(ceiling(cpu, true, 2)).toEqual({ rate: 1e6 / 450, bound: 'server thread' });
    // With four cores the thread bound stays; with one core, the cores bound.
    expect(ceiling(cpu, true, 4)?.bound).toBe('server thread');
    expect(ceiling(cpu, true, 1)).toEqual({ rate: 1e6 / 830, bound: 'cores' });
    // Without PostgreSQL (getsettings on PGlite, inside the server) its part is left out.
    expect(ceiling({ ...cpu, postgres: undefined }, false, 1)).toEqual({ rate: 1e6 / 580, bound: 'cores' });
    // The load generator's bound is its main thread's.
    const light = { server: 40, serverThread: 35, postgres: undefined, load: 70, loadThread: 60 };
    expect(ceiling(light, false, 2)).toEqual({ rate: 1e6 / 60, bound: 'load generator' });
    // Unknown parts give no ceiling.
    expect(ceiling({ ...cpu, postgres: undefined }, true, 2)).toBeUndefined();
    expect(ceiling({ ...cpu, serverThread: undefined }, false, 2)).toBeUndefined();
  });
});
