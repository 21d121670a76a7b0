import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, DataDirLockedError, lockDataDir, type LockOwner } from './client.ts';

let root = '';
let dataDir = '';
let lockFile = '';

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'taxfirm-lock-'));
  dataDir = path.join(root, 'pglite');
  lockFile = `${dataDir}.lock`;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The pid of a process that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function writeLock(owner: LockOwner): void {
  writeFileSync(lockFile, JSON.stringify(owner));
}

describe('DATA_DIR lock: one process at a time on the embedded database', () => {
  it('DATA_DIR lock: a second createDatabase on the same directory is refused, naming the holder; it opens again once closed', async () => {
    const first = await createDatabase({ engine: 'pglite', dataDir });
    try {
      await first.db.execute('create table marks (n int)');
      await first.db.execute('insert into marks values (1)');
      const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as LockOwner;
      expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
      expect(owner.command).toContain(process.argv[1]);

      const second = createDatabase({ engine: 'pglite', dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}, started ${owner.startedAt}: ${owner.command}).`,
      );
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
      // The refusal left the holder's lock alone.
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual(owner);
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);

    const again = await createDatabase({ engine: 'pglite', dataDir });
    try {
      const result = (await again.db.execute('select n from marks')) as { rows: unknown[] };
      expect(result.rows).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  });

  it('DATA_DIR lock: a live process of another pid holds it; one on another host is never taken over', () => {
    // The test runner's parent is alive for as long as this test runs.
    writeLock({ pid: process.ppid, hostname: hostname(), startedAt: 'then', command: 'node server.js' });
    expect(() => lockDataDir(dataDir)).toThrow(
      `is in use by another process (pid ${process.ppid}, started then: node server.js)`,
    );
    writeLock({ pid: deadPid(), hostname: 'other-host', startedAt: 'then', command: 'node server.js' });
    expect(() => lockDataDir(dataDir)).toThrow(/on other-host, started then: node server\.js/);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ hostname: 'other-host' });
  });

  it('DATA_DIR lock: a stale lock (its pid no longer running) is taken over, with a log line', async () => {
    const pid = deadPid();
    writeLock({
      pid,
      hostname: hostname(),
      startedAt: '2026-01-01T00:00:00.000Z',
      command: 'node server.js',
    });
    const lines: string[] = [];
    const handle = await createDatabase({ engine: 'pglite', dataDir, log: (line) => lines.push(line) });
    try {
      expect(lines).toEqual([
        `Took over the lock on ${dataDir} from another process (pid ${pid}, started 2026-01-01T00:00:00.000Z: node server.js), which is no longer running (a crash or kill?).`,
      ]);
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
      await handle.ping();
    } finally {
      await handle.close();
    }
    expect(existsSync(lockFile)).toBe(false);
  });

  it("DATA_DIR lock: a lock naming this very pid that this process does not hold is a previous life's (pid 1 in a restarted container)", () => {
    writeLock({ pid: process.pid, hostname: hostname(), startedAt: 'before the restart', command: 'x' });
    const lines: string[] = [];
    const lock = lockDataDir(dataDir, { log: (line) => lines.push(line) });
    try {
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('which is no longer running');
    } finally {
      lock.release();
    }
    expect(existsSync(lockFile)).toBe(false);
  });

  it('DATA_DIR lock: an unreadable lock file (not JSON) counts as stale; release leaves a lock that is not ours', () => {
    writeFileSync(lockFile, 'garbage');
    const lock = lockDataDir(dataDir, { log: () => {} });
    // Somebody removed our lock by hand and another process took it: releasing ours must not remove theirs.
    writeLock({ pid: process.ppid, hostname: hostname(), startedAt: 'now', command: 'other' });
    lock.release();
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ command: 'other' });
  });
});
