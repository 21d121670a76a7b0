import path from 'node:path';
import type { S3Config } from '../../env.ts';
import type { Keyring } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The storage the environment asks for: local files under DATA_DIR/files, encrypted at rest by us, or an
 * S3 bucket, encrypted at rest by S3 (SSE-S3).
 */
export function createStorage(options: {
  storage: 'local' | 's3';
  dataDir: string;
  keyring: Keyring;
  s3?: S3Config | undefined;
}): ObjectStorage {
  if (options.storage === 's3') {
    // env.ts requires S3_BUCKET when STORAGE=s3; refuse to start rather than lose files.
    if (!options.s3) throw new Error('STORAGE=s3 needs S3_BUCKET.');
    return createS3Storage(options.s3);
  }
  return createLocalStorage({
    root: path.join(options.dataDir, 'files'),
    keyring: options.keyring,
  });
}
