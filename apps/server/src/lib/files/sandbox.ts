/**
 * The sandbox for work on files that came from outside (S2-01..S2-03): decoding a HEIC photo, running qpdf on
 * a PDF, stamping a PDF and embedding a drawn PNG. Each job runs in a child process (src/sandbox-child.ts),
 * never on the server's event loop, with:
 * - a memory cap per child: V8's heap (`--max-old-space-size`), WebAssembly memory (`--wasm-max-mem-pages`:
 *   qpdf and libheif live there, outside V8's heap, where worker_threads' resourceLimits do not reach), and
 *   the child's resident memory, read from /proc every 50 ms on Linux (Buffers and pixels are outside both);
 * - a timeout: the child is killed (SIGKILL) and replaced by a fresh one at the next job;
 * - a bounded queue per instance (SandboxBusyError 'instance', a 503), also for a job that waited 45 s for
 *   a child, and per account, jobs waiting and running (SandboxBusyError 'account', a 429).
 * The pool is created lazily and its children started at the first job and stopped after a minute idle, so
 * an idle server pays no memory for them. Written over child_process.fork rather than a library: the jobs
 * carry binary files both ways (`serialization: 'advanced'` sends Buffers without JSON), the per-account
 * limit and the resident-memory watchdog need the pool's own bookkeeping, and it is about 200 lines.
 */
import { MESSAGES } from '@taxfirm/contract';
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '../app-error.ts';

export type SandboxOptions = {
  /** Child processes per instance (SANDBOX_PROCESSES). */
  processes: number;
  /** Jobs waiting for a child, per instance, beyond which a job is refused (SANDBOX_QUEUE). */
  queueLimit: number;
  /** Jobs waiting or running for one account beyond which its next is refused (SANDBOX_ACCOUNT_JOBS). */
  accountLimit: number;
  /** A child's memory cap in MB (SANDBOX_MEMORY_MB). */
  memoryMb: number;
  /** A job's time limit (SANDBOX_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /**
   * How long a job may wait for a child before it is refused as 'instance' busy (503): under the server's
   * connection timeout (60 s without a byte), so the client hears the 503 rather than a dropped connection.
   */
  queueWaitMs?: number;
};

export const SANDBOX_DEFAULTS: SandboxOptions = {
  processes: 1,
  queueLimit: 32,
  accountLimit: 3,
  memoryMb: 1024,
  timeoutMs: 60_000,
  queueWaitMs: 45_000,
};

/** A job refused because the instance's queue or the account's share of it is full. */
export class SandboxBusyError extends Error {
  constructor(readonly scope: 'instance' | 'account') {
    super(`sandbox busy (${scope})`);
    this.name = 'SandboxBusyError';
  }
}

/** The answer to a refused job: 503 when the instance is busy, 429 when the account has its share. */
export function busyAppError(error: SandboxBusyError): AppError {
  return error.scope === 'account'
    ? new AppError('TOO_MANY_REQUESTS', { message: MESSAGES.FILES_BUSY_ACCOUNT })
    : new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.FILES_BUSY });
}

/**
 * A job that did not finish: killed over its time or memory, its child died, or the job itself answered an
 * error (`reason` 'failed', with the job's own `code`, e.g. 'unreadable').
 */
export class SandboxJobError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crashed' | 'failed' | 'closed',
    readonly code?: string,
  ) {
    super(`sandbox job ${reason}${code ? ` (${code})` : ''}`);
    this.name = 'SandboxJobError';
  }
}

/** The reply a child sends for one job. */
export type SandboxReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; code: string };

type Job = {
  /** Refuses the job if it is still waiting then. */
  waitTimer?: NodeJS.Timeout;
  id: number;
  name: string;
  payload: unknown;
  account: string | undefined;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  child: ChildProcess | null;
  job: Job | null;
  jobs: number;
  /** The child has loaded its entry (its start-up does not count against a job's time). */
  ready: boolean;
  timer: NodeJS.Timeout | null;
  watchdog: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
};

/** A child is replaced after this many jobs (any slow leak in a decoder stays bounded). */
const JOBS_PER_CHILD = 100;
/** A child with nothing to do is stopped after this long. */
const IDLE_MS = 60_000;
const WATCHDOG_MS = 50;
/** A new child that has not loaded its entry by then (a hung start) is killed, and its job with it. */
const STARTUP_MS = 30_000;
const MB = 1024 * 1024;
/** The children's scheduling priority (nice): lower than the server's. */
const CHILD_NICENESS = 10;

/** The child's entry: the TypeScript source under tsx (development, tests), the bundle beside this chunk. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('../../sandbox-child.ts', here)), execArgv: ['--import', 'tsx'] };
  }
  return { file: fileURLToPath(new URL('./sandbox-child.js', here)), execArgv: [] };
}

/** The resident memory of a process in bytes (Linux); null where /proc is not there. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'latin1');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export class SandboxPool {
  private readonly waiting: Job[] = [];
  private readonly perAccount = new Map<string, number>();
  private readonly slots: Slot[];
  private nextId = 1;
  private closed = false;
  /** Jobs handed to a child so far (tests prove a refused file never reached one). */
  jobsStarted = 0;

  constructor(private readonly options: SandboxOptions) {
    this.slots = Array.from({ length: Math.max(1, options.processes) }, () => ({
      child: null,
      job: null,
      jobs: 0,
      ready: false,
      timer: null,
      watchdog: null,
      idle: null,
    }));
  }

  /** Jobs waiting and running: for tests and the bench. */
  get load(): { waiting: number; running: number } {
    return { waiting: this.waiting.length, running: this.slots.filter((slot) => slot.job).length };
  }

  /**
   * Run `name` on `payload` in a child; answers the job's result. Refused at once (SandboxBusyError) when
   * `account` has its share of jobs or the instance's queue is full; SandboxJobError when it did not finish.
   */
  run<T>(name: string, payload: unknown, account?: string): Promise<T> {
    if (this.closed) return Promise.reject(new SandboxJobError('closed'));
    if (account !== undefined && (this.perAccount.get(account) ?? 0) >= this.options.accountLimit) {
      return Promise.reject(new SandboxBusyError('account'));
    }
    const free = this.slots.some((slot) => !slot.job);
    if (!free && this.waiting.length >= this.options.queueLimit) {
      return Promise.reject(new SandboxBusyError('instance'));
    }
    if (account !== undefined) this.perAccount.set(account, (this.perAccount.get(account) ?? 0) + 1);
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        name,
        payload,
        account,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      this.waiting.push(job);
      this.dispatch();
      if (this.waiting.includes(job)) {
        job.waitTimer = setTimeout(() => {
          const at = this.waiting.indexOf(job);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          this.settle(job, new SandboxBusyError('instance'));
        }, this.options.queueWaitMs ?? SANDBOX_DEFAULTS.queueWaitMs);
      }
    });
  }

  /** Kill every child and refuse what is waiting; later jobs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) this.settle(job, new SandboxJobError('closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) this.finish(slot, new SandboxJobError('closed'));
        await this.stop(slot);
      }),
    );
  }

  private settle(job: Job, outcome: { value: unknown } | Error) {
    if (job.waitTimer) clearTimeout(job.waitTimer);
    if (job.account !== undefined) {
      const count = (this.perAccount.get(job.account) ?? 1) - 1;
      if (count <= 0) this.perAccount.delete(job.account);
      else this.perAccount.set(job.account, count);
    }
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome.value);
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return;
      if (slot.job) continue;
      const job = this.waiting.shift() as Job;
      if (job.waitTimer) clearTimeout(job.waitTimer);
      this.start(slot, job);
    }
  }

  private spawn(slot: Slot): ChildProcess {
    const { file, execArgv } = childEntry();
    const memoryMb = this.options.memoryMb;
    const child = fork(file, [], {
      execArgv: [
        ...execArgv,
        // The child collects its garbage after each job: a finished decoder's memory is returned at once.
        '--expose-gc',
        `--max-old-space-size=${Math.max(64, Math.floor(memoryMb / 2))}`,
        // 64 KiB pages: three quarters of the cap for one WebAssembly memory.
        `--wasm-max-mem-pages=${Math.max(256, Math.floor((memoryMb * 16 * 3) / 4))}`,
      ],
      serialization: 'advanced',
      // What a decoder prints (qpdf may name the file) is dropped, never logged.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    child.on('message', (reply: SandboxReply | { ready: true }) => {
      if (slot.child !== child) return;
      if ('ready' in reply) {
        slot.ready = true;
        if (slot.job) this.startTimer(slot);
        return;
      }
      if (!slot.job || reply.id !== slot.job.id) return;
      this.finish(slot, reply.ok ? { value: reply.result } : new SandboxJobError('failed', reply.code));
    });
    child.on('exit', () => {
      if (slot.child !== child) return;
      slot.child = null;
      if (slot.job) this.finish(slot, new SandboxJobError('crashed'));
    });
    child.on('error', () => undefined);
    // Below the server's priority: on a busy machine the decoder waits for a core, not the event loop.
    if (child.pid) {
      try {
        setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Not allowed here (some containers): the child runs at the server's priority.
      }
    }
    slot.jobs = 0;
    slot.ready = false;
    return child;
  }

  private start(slot: Slot, job: Job) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.child || slot.jobs >= JOBS_PER_CHILD) {
      if (slot.child) void this.stop(slot);
      slot.child = this.spawn(slot);
    }
    const child = slot.child;
    slot.job = job;
    slot.jobs += 1;
    this.jobsStarted += 1;
    child.ref();
    child.channel?.ref();
    // A new child's loading is bounded too (STARTUP_MS); its ready message starts the job's own clock.
    this.startTimer(slot, slot.ready ? this.options.timeoutMs : Math.max(this.options.timeoutMs, STARTUP_MS));
    const cap = this.options.memoryMb * MB;
    let reading = false;
    slot.watchdog = setInterval(() => {
      if (reading || !child.pid) return;
      reading = true;
      void residentBytes(child.pid).then((bytes) => {
        reading = false;
        if (bytes !== null && bytes > cap && slot.child === child && slot.job === job)
          this.kill(slot, 'memory');
      });
    }, WATCHDOG_MS);
    child.send({ id: job.id, name: job.name, payload: job.payload }, (error) => {
      if (error && slot.job === job) this.kill(slot, 'timeout');
    });
  }

  /** The job's time limit, from now; restarted when a new child is ready (its loading is not the job's). */
  private startTimer(slot: Slot, ms = this.options.timeoutMs) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.kill(slot, 'timeout'), ms);
  }

  /**
   * Kill the slot's child and settle its job now. The child leaves the slot first, so a reply already on its way
   * is ignored and the next job gets a fresh child, never the dying one.
   */
  private kill(slot: Slot, reason: 'timeout' | 'memory') {
    const child = slot.child;
    if (!child) return;
    slot.child = null;
    child.kill('SIGKILL');
    this.finish(slot, new SandboxJobError(reason));
  }

  /** The running job of `slot` is over: settle it, then start the next job or let the child idle. */
  private finish(slot: Slot, outcome: { value: unknown } | Error) {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.watchdog) clearInterval(slot.watchdog);
    slot.timer = null;
    slot.watchdog = null;
    this.settle(job, outcome);
    // A child left holding more than three quarters of its cap after a job (its garbage is collected after each one) is
    // replaced before its next job, so no job starts near the cap.
    const child = slot.child;
    if (child?.pid) {
      void residentBytes(child.pid).then((bytes) => {
        if (
          bytes !== null &&
          bytes > (this.options.memoryMb * MB * 3) / 4 &&
          slot.child === child &&
          !slot.job
        ) {
          void this.stop(slot);
        }
      });
    }
    if (this.closed) return;
    if (this.waiting.length > 0) {
      this.dispatch();
      return;
    }
    // Idle: the child does not keep the process alive, and it is stopped after a while.
    if (slot.child) {
      slot.child.unref();
      slot.child.channel?.unref();
      slot.idle = setTimeout(() => void this.stop(slot), IDLE_MS);
      slot.idle.unref();
    }
  }

  private async stop(slot: Slot) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const child = slot.child;
    slot.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.ref();
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

let configured: SandboxOptions = SANDBOX_DEFAULTS;
let pool: SandboxPool | null = null;

/** Set the limits (app.ts, from env.ts); a pool already made keeps its own until it is closed. */
export function configureSandbox(options: Partial<SandboxOptions>): void {
  configured = { ...SANDBOX_DEFAULTS, ...options };
}

/** The instance's pool, made at its first use. */
export function sandbox(): SandboxPool {
  pool ??= new SandboxPool(configured);
  return pool;
}

/** Stop the pool's children (app.onClose); the next job makes a new pool. */
export async function closeSandbox(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
