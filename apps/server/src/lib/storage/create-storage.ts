import path from 'node:path';
import type { S3Config } from '../../env.ts';
import type { Keyring } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The storage the environment asks for: local files under DATA_DIR/files or an S3 bucket, either way each
 * object sealed by us with the keyring (sealed-object.ts); S3 adds its own encryption at rest.
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
    return createS3Storage(options.s3, options.keyring);
  }
  return createLocalStorage({
    root: path.join(options.dataDir, 'files'),
    keyring: options.keyring,
  });
}
