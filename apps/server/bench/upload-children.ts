/**
 * The upload bench's server children (bench/uploads.ts): the built app or the bare route, each a node process
 * of its own with the memory reporter loaded, and its memory as the kernel sees it (/proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './free-port.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REPORTER = pathToFileURL(fileURLToPath(new URL('./memory-reporter.mjs', import.meta.url))).href;

export type MemoryUsage = {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

/** A server child: its pid (the node process itself, so /proc is its own), its URL, its IPC samples. */
export type Child = {
  name: string;
  pid: number;
  baseUrl: string;
  port: number;
  /** process.memoryUsage() samples received since the last `takeReports()`. */
  takeReports: () => MemoryUsage[];
  stop: () => Promise<void>;
};

/** Start `entry` as a child with `env` and wait (60 s at most) until it answers /readyz. */
export async function startChild(
  name: string,
  entry: string,
  env: Record<string, string>,
  { tsx }: { tsx: boolean },
): Promise<Child> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let reports: MemoryUsage[] = [];
  const loader = tsx ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(process.execPath, [...loader, '--import', REPORTER, entry], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  child.on('message', (m: unknown) => {
    if (m && typeof m === 'object' && 'kind' in m && m.kind === 'memory')
      reports.push(m as unknown as MemoryUsage);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok && child.pid) {
        return {
          name,
          pid: child.pid,
          baseUrl,
          port,
          takeReports: () => {
            const taken = reports;
            reports = [];
            return taken;
          },
          stop,
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${name} did not answer /readyz within 60 s:\n${output}`);
}

/** VmRSS and VmHWM (the peak since start or the last reset) of a process, in bytes. */
export function procMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** Reset the kernel's peak RSS of `pid` to its current RSS (Linux ≥ 4.0); false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
