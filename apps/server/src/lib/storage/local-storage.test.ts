import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyring } from '../crypto/keyring.ts';
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

  it('fails the read of a tampered file', async () => {
    await storage.put('k', Readable.from([Buffer.from('x'.repeat(4096))]));
    const file = path.join(root, 'k.data');
    const bytes = await readFile(file);
    bytes.writeUInt8(bytes.readUInt8(100) ^ 1, 100);
    await writeFile(file, bytes);
    await expect(buffer(await storage.get('k'))).rejects.toThrow();
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
