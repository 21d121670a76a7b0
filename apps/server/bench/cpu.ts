/**
 * CPU time by process, as the kernel counts it (/proc/<pid>/stat's user and system time), for the API bench
 * (bench/api.ts): how much CPU one request costs the server, the PostgreSQL server (every `postgres` process
 * on this machine: the backends, the WAL writer, autovacuum) and the load generator (this process). On a
 * machine where the three share the cores, these per-request costs bound the throughput whatever the code
 * waits for: cores ÷ their sum. Linux only; elsewhere every reading is undefined.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's clock ticks per second (`getconf CLK_TCK`; 100 on Linux unless configured otherwise). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's user + system CPU time in µs, or undefined when /proc cannot say (gone, not Linux). */
export function processCpuUs(pid: number): number | undefined {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: the fields after it start at ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the file, 11 and 12 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_S) * 1e6;
  } catch {
    return undefined;
  }
}

/** The CPU time of every process named `postgres` on this machine, in µs (undefined without /proc). */
export function postgresCpuUs(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // ended while we looked
    }
    if (comm === 'postgres') total += processCpuUs(Number(pid)) ?? 0;
  }
  return total;
}

/** This process's own CPU time in µs (the load generator's, while autocannon runs here). */
export const ownCpuUs = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

export type CpuReading = { server: number | undefined; postgres: number | undefined; load: number };

/** The CPU times of a server child, the PostgreSQL server (when asked) and this process, now. */
export function readCpu(serverPid: number, withPostgres: boolean): CpuReading {
  return {
    server: processCpuUs(serverPid),
    postgres: withPostgres ? postgresCpuUs() : undefined,
    load: ownCpuUs(),
  };
}

/** CPU µs per request between two readings, over `requests` requests. */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): CpuReading {
  const per = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || requests === 0 ? undefined : (b - a) / requests;
  return {
    server: per(before.server, after.server),
    postgres: per(before.postgres, after.postgres),
    load: per(before.load, after.load) ?? 0,
  };
}
