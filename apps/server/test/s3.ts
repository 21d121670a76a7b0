import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyring, type Keyring } from '../src/lib/crypto/keyring.ts';
import type { ObjectStorage } from '../src/lib/storage/object-storage.ts';
import { createS3Storage } from '../src/lib/storage/s3-storage.ts';

/** The part of s3rver 3.x used here (the package ships no types). */
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver accepts any signature made with these. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The keyring the S3 driver seals objects with in tests (the test app's ENCRYPTION_KEY). */
export const S3_TEST_KEYRING = createKeyring('test-encryption-key-0123456789abcdefghij');

/**
 * A local S3 (s3rver) on 127.0.0.1 and a free port, keeping its data in a temporary folder, with one
 * bucket; `storage` is the S3 driver pointed at it, sealing with `keyring`. `stop()` closes it and removes
 * the folder.
 */
export async function startS3(keyring: Keyring = S3_TEST_KEYRING): Promise<{
  storage: ObjectStorage;
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}> {
  const bucket = 'test-bucket';
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storage = createS3Storage({ bucket, region: 'us-east-1', endpoint, ...S3RVER_CREDENTIALS }, keyring);
  return {
    storage,
    endpoint,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
