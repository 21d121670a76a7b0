/**
 * The lock on an embedded (PGlite) data directory. PGlite has no lock of its own: two processes opening
 * the same directory (the server, and `npm run staff:create` beside it) each write to it as if alone and
 * can corrupt it. So whoever opens it first holds `<dir>.lock`, a file next to the directory naming its
 * owner (pid, host, start time, command); any other opener is refused with that name. A lock whose owner
 * is gone (a crash, kill -9) is taken over, and said so. The lock goes when the database is closed, and
 * on exit or on a signal nobody else handles. PostgreSQL (DATABASE_URL) needs none of this.
 */
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds a data directory, as written in its lock file. */
export type LockOwner = {
  pid: number;
  hostname: string;
  /** When the owner opened the database (ISO 8601). */
  startedAt: string;
  /** The owner's command line, to name it to whoever is refused. */
  command: string;
};

export type DataDirLock = {
  /** The lock file. */
  file: string;
  owner: LockOwner;
  /** Remove the lock (if it is still this process's). Idempotent. */
  release: () => void;
};

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${describeOwner(owner)}. ` +
        `Two processes must never open it at once: stop that one first. ` +
        `If no such process is running any more, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function describeOwner(owner: LockOwner | undefined): string {
  if (!owner) return 'another process (one that is taking over its lock right now)';
  const where = owner.hostname === hostname() ? '' : ` on ${owner.hostname}`;
  return `another process (pid ${owner.pid}${where}, started ${owner.startedAt}: ${owner.command})`;
}

/** Lock files held by this process, by path (a second opener in the same process is refused too). */
const held = new Map<string, () => void>();
/** A takeover guard older than this was left by a process that died while taking over. */
const GUARD_STALE_MS = 10_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function readOwner(file: string): { raw: string; owner: LockOwner | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(raw) as Partial<LockOwner>;
    const owner =
      typeof value.pid === 'number' &&
      typeof value.hostname === 'string' &&
      typeof value.startedAt === 'string' &&
      typeof value.command === 'string'
        ? (value as LockOwner)
        : undefined;
    return { raw, owner };
  } catch {
    return { raw, owner: undefined };
  }
}

/**
 * Is the lock's owner still running? A lock from another host cannot be checked, so it counts as held. A
 * lock naming this very process that this process does not hold is a previous life's (a container's pid 1
 * after a crash and restart).
 */
function isAlive(owner: LockOwner | undefined, file: string): boolean {
  if (!owner) return false;
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return !isCode(error, 'ESRCH');
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** Create `file` with `content` only if it does not exist, atomically: the content is there at once. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, content, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Replace a dead owner's lock by this one. A guard file lets one process at a time do it, so two
 * processes that both found the lock stale cannot both end up holding it.
 */
function takeOver(file: string, staleRaw: string, content: string): boolean {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { force: true });
    } catch {
      // gone meanwhile
    }
    return false;
  }
  try {
    closeSync(fd);
    // Still the same stale lock? Another process may have taken it over between our read and the guard.
    if (readOwner(file)?.raw !== staleRaw) return false;
    unlinkSync(file);
    return createExclusive(file, content);
  } finally {
    rmSync(guard, { force: true });
  }
}

function onSignal(signal: NodeJS.Signals): void {
  // Someone else handles this signal (the server's graceful shutdown closes the database, which releases
  // the lock): leave it to them. Otherwise the process is about to die of it: release, then die of it.
  if (process.listenerCount(signal) > 1) return;
  for (const release of [...held.values()]) release();
  process.kill(process.pid, signal);
}

function releaseAllOnExit(): void {
  for (const release of [...held.values()]) release();
}

function watchProcess(on: boolean): void {
  if (on) {
    process.on('exit', releaseAllOnExit);
    for (const signal of SIGNALS) process.on(signal, onSignal);
  } else {
    process.removeListener('exit', releaseAllOnExit);
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  }
}

/**
 * Take the lock on the embedded data directory `dataDir` (the lock file is `<dataDir>.lock`, beside it).
 * Throws DataDirLockedError when a live process holds it; takes over, with a line to `log`, a lock whose
 * owner is gone.
 */
export function lockDataDir(
  dataDir: string,
  { log = (line: string) => process.stderr.write(`${line}\n`) }: { log?: (line: string) => void } = {},
): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = `${dir}.lock`;
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.join(' '),
  };
  const content = `${JSON.stringify(owner, null, 2)}\n`;
  if (held.has(file)) throw new DataDirLockedError(dir, file, readOwner(file)?.owner ?? owner);

  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, content)) break;
    const found = readOwner(file);
    // Released meanwhile: try again.
    if (!found) continue;
    if (isAlive(found.owner, file) || attempt >= 5) throw new DataDirLockedError(dir, file, found.owner);
    if (takeOver(file, found.raw, content)) {
      log(
        `Took over the lock on ${dir} from ${describeOwner(found.owner)}, which is no longer running ` +
          `(a crash or kill?).`,
      );
      break;
    }
  }

  const release = () => {
    if (held.get(file) !== release) return;
    held.delete(file);
    if (held.size === 0) watchProcess(false);
    // Remove the file only if it is still ours.
    if (readOwner(file)?.raw === content) rmSync(file, { force: true });
  };
  if (held.size === 0) watchProcess(true);
  held.set(file, release);
  return { file, owner, release };
}
