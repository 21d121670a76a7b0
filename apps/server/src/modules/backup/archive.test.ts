/**
 * The archive writer on its own: stopping it mid-write (a backup refused or failed after the file was opened)
 * must settle quietly, so the command reports the failure that stopped it and not the writer's own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createArchiveWriter } from './archive.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('archive writer', () => {
  it('aborts while a member is still streaming in without rejecting, and leaves the file closed', async () => {
    // A destroy that lands while the encrypter still writes makes the file stream emit "Cannot call writev
    // after a stream was destroyed"; waiting for 'close' with events.once turned that into abort's rejection
    // (3-8 of these 40 rounds before the fix). Each round lands the abort at a different point of the write.
    const rejections: string[] = [];
    for (let round = 0; round < 40; round++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'archive-abort-'));
      dirs.push(dir);
      const file = path.join(dir, 'backup.partial');
      const writer = await createArchiveWriter(file, 'a test backup key', 10);
      const size = 4 * 1024 * 1024;
      const adding = writer.add('files/big', size, Readable.from([randomBytes(size)])).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, round % 8));
      await writer.abort().catch((error: unknown) => rejections.push((error as Error).message));
      await adding;
      // Closed: the caller may remove it and nothing makes it again.
      await rm(file, { force: true });
      await new Promise((resolve) => setImmediate(resolve));
      expect(existsSync(file)).toBe(false);
    }
    expect(rejections).toEqual([]);
  });
});
