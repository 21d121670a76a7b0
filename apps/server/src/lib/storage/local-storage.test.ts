import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyring, DecryptionError } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import { ObjectNotFoundError, type ObjectStorage } from './object-storage.ts';

let root: string;
let storage: ObjectStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-storage-'));
  storage = createLocalStorage({ root, keyring: createKeyring('storage-test-secret-0123456789abcdef') });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('local storage', () => {
  it('stores encrypted, reports size and SHA-256, and reads back the same bytes', async () => {
    const body = Buffer.from('W-2 wages 85,000 for SSN 123-45-6789\n'.repeat(1000));
    const stored = await storage.put('c1/W2/a', Readable.from([body.subarray(0, 5000), body.subarray(5000)]));
    expect(stored).toEqual({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    const onDisk = await readFile(path.join(root, 'c1/W2/a.data'));
    expect(onDisk.includes(Buffer.from('123-45-6789'))).toBe(false);
    expect((await buffer(await storage.get('c1/W2/a'))).equals(body)).toBe(true);
  });

  it('F-16: fails the read of a tampered file before handing out any byte', async () => {
    await storage.put('k', Readable.from([Buffer.from('x'.repeat(4096))]));
    const file = path.join(root, 'k.data');
    const bytes = await readFile(file);
    bytes.writeUInt8(bytes.readUInt8(100) ^ 1, 100);
    await writeFile(file, bytes);
    await expect(storage.get('k')).rejects.toBeInstanceOf(DecryptionError);
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('dir/broken', failing)).rejects.toThrow('client went away');
    expect(await files()).toEqual([]);
    await expect(storage.get('dir/broken')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes, and deleting a missing object is fine', async () => {
    await storage.put('gone', Readable.from([Buffer.from('bye')]));
    await storage.delete('gone');
    await storage.delete('gone');
    expect(await files()).toEqual([]);
    await expect(storage.get('gone')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('lists complete objects under a prefix, with when they were written, and never a temporary file', async () => {
    const before = Date.now();
    for (const key of ['a/x', 'a/y', 'a/sub/z', 'ab/w', 'b/v']) {
      await storage.put(key, Readable.from([Buffer.from(key)]));
    }
    // What a put interrupted by a crash leaves.
    await writeFile(path.join(root, 'a', 'q.data.0b7c1a7e-7a4e-4f43-9f3e-2f1d8c0e9a11.tmp'), 'partial');
    const list = async (prefix: string) => {
      const listed = [];
      for await (const object of storage.list(prefix)) listed.push(object);
      return listed.sort((p, q) => p.key.localeCompare(q.key));
    };
    const listed = await list('a/');
    expect(listed.map((o) => o.key)).toEqual(['a/sub/z', 'a/x', 'a/y']);
    for (const object of listed) {
      expect(object.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(object.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await list('a')).map((o) => o.key)).toEqual(['a/sub/z', 'a/x', 'a/y', 'ab/w']);
    expect((await list('')).map((o) => o.key)).toEqual(['a/sub/z', 'a/x', 'a/y', 'ab/w', 'b/v']);
    expect(await list('missing/')).toEqual([]);
    await storage.delete('a/x');
    expect((await list('a/')).map((o) => o.key)).toEqual(['a/sub/z', 'a/y']);
    for (const prefix of ['../', '/etc/', 'a/../../', '.hidden/']) {
      await expect(list(prefix), prefix).rejects.toThrow('Invalid storage key');
    }
  });

  it('removes the temporary files of unfinished puts once stale, and nothing else', async () => {
    await storage.put('up/done', Readable.from([Buffer.from('complete')]));
    const stale = path.join(root, 'up', 'a.data.0b7c1a7e-7a4e-4f43-9f3e-2f1d8c0e9a11.tmp');
    const fresh = path.join(root, 'up', 'b.data.1c8d2b8f-8b5f-4054-a04f-3a2e9d1fab22.tmp');
    for (const file of [stale, `${stale}.meta`, fresh, `${fresh}.meta`]) await writeFile(file, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await utimes(`${stale}.meta`, twoHoursAgo, twoHoursAgo);
    await utimes(path.join(root, 'up', 'done.data'), twoHoursAgo, twoHoursAgo);
    await utimes(path.join(root, 'up', 'done.meta'), twoHoursAgo, twoHoursAgo);

    expect(await storage.sweepIncomplete?.(new Date(Date.now() - 3_600_000))).toBe(2);
    expect((await files()).sort()).toEqual([
      'b.data.1c8d2b8f-8b5f-4054-a04f-3a2e9d1fab22.tmp',
      'b.data.1c8d2b8f-8b5f-4054-a04f-3a2e9d1fab22.tmp.meta',
      'done.data',
      'done.meta',
    ]);
    expect((await buffer(await storage.get('up/done'))).toString()).toBe('complete');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '.hidden', 'a/.meta', 'a b', 'a\\b']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key), key).rejects.toThrow('Invalid storage key');
    }
    expect(await files()).toEqual([]);
  });
});
