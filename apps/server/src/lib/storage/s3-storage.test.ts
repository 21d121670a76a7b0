import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3_TEST_KEYRING, S3RVER_CREDENTIALS, startS3 } from '../../../test/s3.ts';
import { createKeyring, DecryptionError, keyIdOf } from '../crypto/keyring.ts';
import { ObjectNotFoundError, type ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { sealedSize } from './sealed-object.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let storage: ObjectStorage;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3();
  storage = s3.storage;
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
});

const keys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map(
    (object) => object.Key,
  );

/** `bytes` in chunks of `size`, read lazily, as a request body arrives. */
function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      this.push(offset < bytes.length ? bytes.subarray(offset, (offset += size)) : null);
    },
  });
}

describe('S3 storage (against s3rver)', () => {
  it('streams a multipart object in and reads back the same bytes, with its size and SHA-256', async () => {
    const body = randomBytes(6 * 1024 * 1024 + 12_345);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const stored = await storage.put('c1/W2/big', chunked(body));
    expect(stored).toEqual({ size: body.length, sha256 });
    expect((await buffer(await storage.get('c1/W2/big'))).equals(body)).toBe(true);
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'c1/W2/big' }));
    // Sealed: a 16-byte tag per 64 KiB segment.
    expect(head.ContentLength).toBe(sealedSize(body.length));
    expect(head.Metadata?.['taxfirm-seal']).toBe('2');
  });

  it('writes each object once, asking for SSE (no copy onto itself, which a versioned bucket would keep)', async () => {
    const send = vi.spyOn(S3Client.prototype, 'send');
    try {
      await storage.put('once/small', Readable.from([Buffer.from('1099-INT')]));
      await storage.put('once/big', chunked(randomBytes(6 * 1024 * 1024)));
      const commands = send.mock.calls.map(([command]) => command as { constructor: { name: string } });
      expect(commands.map((command) => command.constructor.name)).toEqual([
        'PutObjectCommand',
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'CompleteMultipartUploadCommand',
      ]);
      for (const command of [commands[0], commands[1]]) {
        expect((command as unknown as { input: object }).input).toMatchObject({
          ServerSideEncryption: 'AES256',
        });
      }
    } finally {
      send.mockRestore();
    }
  });

  it('F-16: asks for SSE-KMS under the configured key instead of SSE-S3', async () => {
    const kms = createS3Storage(
      {
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        ...S3RVER_CREDENTIALS,
        kmsKeyId: 'alias/taxfirm',
      },
      S3_TEST_KEYRING,
    );
    const send = vi.spyOn(S3Client.prototype, 'send');
    try {
      await kms.put('kms/small', Readable.from([Buffer.from('1099-INT')]));
      const [command] = send.mock.calls.map(([c]) => c as unknown as { input: object });
      expect(command?.input).toMatchObject({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: 'alias/taxfirm' });
    } finally {
      send.mockRestore();
    }
    expect((await buffer(await kms.get('kms/small'))).toString()).toBe('1099-INT');
  });

  it('stores a small object with a single PUT, and an empty one', async () => {
    const body = Buffer.from('W-2 wages 85,000\n');
    expect(await storage.put('small/a', Readable.from([body]))).toEqual({
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect((await buffer(await storage.get('small/a'))).equals(body)).toBe(true);
    expect(await storage.put('small/empty', Readable.from([]))).toEqual({
      size: 0,
      sha256: createHash('sha256').digest('hex'),
    });
    expect((await buffer(await storage.get('small/empty'))).length).toBe(0);
  });

  it('F-16: the bytes stored in the bucket are not the plaintext: sealed by the app, its key in the metadata', async () => {
    const body = Buffer.from('W-2 wages 85,000 for SSN 123-45-6789\n'.repeat(3000));
    await storage.put('c1/W2/sealed', chunked(body));
    const raw = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'c1/W2/sealed' }));
    const stored = Buffer.from((await raw.Body?.transformToByteArray()) ?? []);
    expect(stored.length).toBe(sealedSize(body.length));
    expect(stored.includes(Buffer.from('123-45-6789'))).toBe(false);
    expect(stored.includes(Buffer.from('W-2 wages'))).toBe(false);
    expect(raw.Metadata?.['taxfirm-seal']).toBe('2');
    expect(raw.Metadata?.['taxfirm-key']).toMatch(new RegExp(`^v1\\.${S3_TEST_KEYRING.keyId}\\.`));
    expect((await buffer(await storage.get('c1/W2/sealed'))).equals(body)).toBe(true);
    // Another keyring (another ENCRYPTION_KEY) cannot open it.
    const other = await startS3(createKeyring('another-encryption-key-0123456789abcdef'));
    try {
      await other.storage.put('x', Readable.from([Buffer.from('x')]));
      const otherClient = new S3Client({
        region: 'us-east-1',
        endpoint: other.endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      await otherClient.send(
        new PutObjectCommand({
          Bucket: other.bucket,
          Key: 'c1/W2/sealed',
          Body: stored,
          Metadata: raw.Metadata ?? {},
        }),
      );
      otherClient.destroy();
      await expect(other.storage.get('c1/W2/sealed')).rejects.toBeInstanceOf(DecryptionError);
    } finally {
      await other.stop();
    }
  });

  it('F-16: an object moved to another key, or tampered with, does not open, before any byte', async () => {
    const body = randomBytes(3 * 64 * 1024);
    await storage.put('asha/W2/doc', chunked(body));
    const raw = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'asha/W2/doc' }));
    const stored = Buffer.from((await raw.Body?.transformToByteArray()) ?? []);
    const putRaw = (key: string, bytes: Buffer) =>
      client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, Metadata: raw.Metadata ?? {} }),
      );

    // Copied, metadata and all, over another client's object: its key is sealed for Asha's object only.
    await putRaw('ravi/W2/doc', stored);
    await expect(storage.get('ravi/W2/doc')).rejects.toBeInstanceOf(DecryptionError);

    const flipped = Buffer.from(stored);
    flipped.writeUInt8(flipped.readUInt8(7) ^ 1, 7);
    await putRaw('asha/W2/doc', flipped);
    await expect(storage.get('asha/W2/doc')).rejects.toBeInstanceOf(DecryptionError);

    // Cut after two segments: the second, not sealed as the last, fails; only the first is released.
    await putRaw('asha/W2/doc', stored.subarray(0, 2 * (64 * 1024 + 16)));
    const chunks: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of await storage.get('asha/W2/doc')) chunks.push(chunk as Buffer);
      })(),
    ).rejects.toBeInstanceOf(DecryptionError);
    expect(Buffer.concat(chunks).equals(body.subarray(0, 64 * 1024))).toBe(true);
  });

  it('F-16: objects stored before the app sealed them (no seal flag) still read as they are', async () => {
    const body = Buffer.from('%PDF-1.4 a W-2 uploaded last season');
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'before/a',
        Body: body,
        ServerSideEncryption: 'AES256',
      }),
    );
    expect((await buffer(await storage.get('before/a'))).equals(body)).toBe(true);
  });

  it('rejects a missing key with ObjectNotFoundError', async () => {
    await expect(storage.get('nothing/here')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes, and deleting a missing object is fine', async () => {
    await storage.put('gone/a', Readable.from([Buffer.from('bye')]));
    await storage.delete('gone/a');
    await storage.delete('gone/a');
    await storage.delete('gone/never-was');
    await expect(storage.get('gone/a')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await keys('gone/')).toEqual([]);
  });

  it.each([
    ['before the first part is full', 1024 * 1024],
    ['after a part has been uploaded', 7 * 1024 * 1024],
  ])('leaves nothing when the body fails %s', async (_when, failAfter) => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= failAfter) {
          this.destroy(new Error('client went away'));
          return;
        }
        sent += 256 * 1024;
        this.push(randomBytes(256 * 1024));
      },
    });
    await expect(storage.put('broken/a', failing)).rejects.toThrow('client went away');
    await expect(storage.get('broken/a')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await keys('')).not.toContain('broken/a');
    expect(await keys('broken/')).toEqual([]);
  });

  it("rejects with the store's error when it cannot be reached, and stops reading the body", async () => {
    const unreachable = createS3Storage(
      { bucket: s3.bucket, region: 'us-east-1', endpoint: 'http://127.0.0.1:1', ...S3RVER_CREDENTIALS },
      S3_TEST_KEYRING,
    );
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(256 * 1024));
      },
    });
    await expect(unreachable.put('down/a', endless)).rejects.toThrow('ECONNREFUSED');
    expect(endless.destroyed).toBe(true);
  });

  it('lists the objects under a prefix page by page, with when they were written', async () => {
    const before = Date.now();
    for (const key of ['list/a', 'list/b', 'list/c', 'list/sub/d', 'list/sub/e', 'listing/f']) {
      await storage.put(key, Readable.from([Buffer.from(key)]));
    }
    // Two keys a page, so that paging is followed. (s3rver itself fails any truncated page: its
    // continuation tokens use DES, which OpenSSL 3 no longer offers; so its full answer is cut here.)
    const send = S3Client.prototype.send as (this: S3Client, command: unknown) => Promise<unknown>;
    const spy = vi.spyOn(S3Client.prototype, 'send').mockImplementation(async function (
      this: S3Client,
      command: unknown,
    ) {
      const answer = await send.call(this, command);
      if (!(command instanceof ListObjectsV2Command)) return answer;
      const contents = (answer as ListObjectsV2CommandOutput).Contents ?? [];
      return { ...(answer as object), Contents: contents.slice(0, 2), IsTruncated: contents.length > 2 };
    } as S3Client['send']);
    try {
      const listed = [];
      for await (const object of storage.list('list/')) listed.push(object);
      expect(listed.map((o) => o.key).sort()).toEqual([
        'list/a',
        'list/b',
        'list/c',
        'list/sub/d',
        'list/sub/e',
      ]);
      for (const object of listed) {
        // S3 keeps whole seconds.
        expect(object.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
        expect(object.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      }
      expect(spy.mock.calls.filter(([command]) => command instanceof ListObjectsV2Command)).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
    const empty = [];
    for await (const object of storage.list('nothing-here/')) empty.push(object);
    expect(empty).toEqual([]);
  });

  it('refuses keys that could leave their place before sending any request', async () => {
    const send = vi.spyOn(S3Client.prototype, 'send');
    try {
      for (const key of ['../x', '/abs', 'a/../b', 'a//b', '.hidden', 'a b', 'a\\b']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(
          'Invalid storage key',
        );
        await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
        await expect(storage.delete(key), key).rejects.toThrow('Invalid storage key');
      }
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });
});

describe('re-sealing object keys on S3 (key rotation, F-09)', () => {
  // The new key, with S3_TEST_KEYRING's secret retired.
  const rotated = createKeyring('rotated-s3-key-Lp3Ks7Qd2Wx9Mv5Bn1Tz8', [
    'test-encryption-key-0123456789abcdefghij',
  ]);
  const onlyRotated = createKeyring('rotated-s3-key-Lp3Ks7Qd2Wx9Mv5Bn1Tz8');
  const withKeyring = (keyring: ReturnType<typeof createKeyring>) =>
    createS3Storage(
      { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, ...S3RVER_CREDENTIALS },
      keyring,
    );
  const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));

  it('replaces only the sealed key in the metadata, keeping the bytes and the content type', async () => {
    const body = randomBytes(200_000);
    await storage.put('reseal/a', Readable.from([body]));
    const rawBefore = await buffer(
      (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'reseal/a' }))).Body as Readable,
    );
    const before = await head('reseal/a');
    const moving = withKeyring(rotated);
    expect(await moving.resealKey('reseal/a', { dryRun: true })).toBe('resealed');
    expect((await head('reseal/a')).Metadata).toEqual(before.Metadata);
    expect(await moving.resealKey('reseal/a')).toBe('resealed');
    expect(await moving.resealKey('reseal/a')).toBe('current');
    const after = await head('reseal/a');
    expect(after.ContentType).toBe(before.ContentType);
    expect(after.Metadata?.['taxfirm-seal']).toBe('2');
    expect(keyIdOf(after.Metadata?.['taxfirm-key'] ?? '')).toBe(onlyRotated.keyId);
    const rawAfter = await buffer(
      (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'reseal/a' }))).Body as Readable,
    );
    expect(rawAfter).toEqual(rawBefore);
    expect(await buffer(await withKeyring(onlyRotated).get('reseal/a'))).toEqual(body);
  });

  it('leaves an object stored before the app sealed objects, and refuses what it cannot open', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'reseal/plain',
        Body: 'old',
        ContentType: 'text/plain',
      }),
    );
    expect(await withKeyring(rotated).resealKey('reseal/plain')).toBe('unsealed');
    await storage.put('reseal/b', Readable.from([Buffer.from('1099')]));
    await expect(withKeyring(onlyRotated).resealKey('reseal/b')).rejects.toThrow(DecryptionError);
    await expect(withKeyring(rotated).resealKey('reseal/none')).rejects.toThrow(ObjectNotFoundError);
  });
});
