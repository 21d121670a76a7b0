/**
 * CPU time by process, as the kernel counts it (/proc/<pid>/stat), for the API bench (bench/api.ts): how much
 * CPU one request costs the server (its whole process, and its main thread, where its JavaScript runs), the
 * PostgreSQL server (every `postgres` process on this machine: the backends, the WAL writer, autovacuum) and the
 * load generator (this process). From these, the ceiling they put on throughput: the machine's cores shared by
 * all three, and one core for each single-threaded part. Linux only; elsewhere the readings are undefined.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The kernel's clock ticks per second (`getconf CLK_TCK`; 100 on Linux unless configured otherwise). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time in µs of a /proc stat file (`/proc/<pid>/stat`, a process; `/proc/<pid>/task/<tid>/stat`, one
 * thread): user + system time, and with `children` the time of its children that ended and were waited for.
 * Undefined when it cannot be read (gone, not Linux).
 */
export function statCpuUs(file: string, children = false): number | undefined {
  try {
    // The command name (field 2) is in parentheses and may hold ") ": the fields after it start after the last
    // ") ". Index 0 there is field 3 (state); utime, stime, cutime and cstime are fields 14-17: indexes 11-14.
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks / TICKS_PER_S) * 1e6;
  } catch {
    return undefined;
  }
}

/** A process's CPU time in µs (all its threads), or undefined when /proc cannot say. */
export const processCpuUs = (pid: number) => statCpuUs(`/proc/${pid}/stat`);

/** A process's main thread's CPU time in µs: a Node process's JavaScript, which runs on that one thread. */
export const mainThreadCpuUs = (pid: number) => statCpuUs(`/proc/${pid}/task/${pid}/stat`);

/**
 * The CPU time in µs of every process named `postgres` on this machine (every cluster on it), with the time of
 * the ones that ended (a backend that closed counts in the postmaster's children's time once it is waited for).
 * Undefined when none is visible (PostgreSQL on another host, or no /proc).
 */
export function postgresCpuUs(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total: number | undefined;
  for (const pid of pids) {
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // ended while we looked
    }
    if (comm === 'postgres') total = (total ?? 0) + (statCpuUs(`/proc/${pid}/stat`, true) ?? 0);
  }
  return total;
}

/** This process's own CPU time in µs (the load generator's, while autocannon runs here). */
export const ownCpuUs = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** CPU times in µs: running totals (`readCpu`), or per request (`cpuPerRequest`). */
export type CpuReading = {
  /** The server's process, all its threads. */
  server: number | undefined;
  /** The server's main thread. */
  serverThread: number | undefined;
  /** Every `postgres` process (undefined when not read). */
  postgres: number | undefined;
  /** This process: the load generator. */
  load: number | undefined;
  /** This process's main thread, where autocannon runs. */
  loadThread: number | undefined;
};

/** The CPU times of a server child, its main thread, the PostgreSQL server (when asked) and this process, now. */
export function readCpu(serverPid: number, withPostgres: boolean): CpuReading {
  return {
    server: processCpuUs(serverPid),
    serverThread: mainThreadCpuUs(serverPid),
    postgres: withPostgres ? postgresCpuUs() : undefined,
    load: ownCpuUs(),
    loadThread: mainThreadCpuUs(process.pid),
  };
}

/** CPU µs per request between two readings, over `requests` requests (undefined where either is unknown). */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): CpuReading {
  const per = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || requests === 0 ? undefined : (b - a) / requests;
  return {
    server: per(before.server, after.server),
    serverThread: per(before.serverThread, after.serverThread),
    postgres: per(before.postgres, after.postgres),
    load: per(before.load, after.load),
    loadThread: per(before.loadThread, after.loadThread),
  };
}

/** What bounds a ceiling: the cores all three share, or the one core of a single-threaded part. */
export type CeilingBound = 'cores' | 'server thread' | 'load generator';

/**
 * The most requests a second this machine could answer at a target's CPU per request, however little the code
 * waited, and what bounds it: the lowest of `cores` ÷ the server's, PostgreSQL's (with `withPostgres`) and the
 * load generator's CPU together, one core ÷ the server's main thread's, and one core ÷ the load generator's
 * main thread's (each runs its JavaScript on one thread). Undefined when a part is unknown.
 */
export function ceiling(
  perRequest: CpuReading,
  withPostgres: boolean,
  cores = availableParallelism(),
): { rate: number; bound: CeilingBound } | undefined {
  const { server, serverThread, postgres, load, loadThread } = perRequest;
  if (server === undefined || serverThread === undefined || load === undefined || loadThread === undefined)
    return undefined;
  if (withPostgres && postgres === undefined) return undefined;
  const bounds: { rate: number; bound: CeilingBound }[] = [
    { rate: (cores * 1e6) / (server + (withPostgres ? (postgres ?? 0) : 0) + load), bound: 'cores' },
    { rate: 1e6 / serverThread, bound: 'server thread' },
    { rate: 1e6 / loadThread, bound: 'load generator' },
  ];
  return bounds.reduce((lowest, b) => (b.rate < lowest.rate ? b : lowest));
}
