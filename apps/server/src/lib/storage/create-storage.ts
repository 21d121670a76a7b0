import path from 'node:path';
import type { Keyring } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

/** The storage the environment asks for. Local files live under DATA_DIR/files, encrypted at rest. */
export function createStorage(options: {
  storage: 'local' | 's3';
  dataDir: string;
  keyring: Keyring;
}): ObjectStorage {
  if (options.storage === 's3') {
    // The S3 driver arrives with the documents work; refuse to start rather than lose files.
    throw new Error('STORAGE=s3 is not supported yet; unset STORAGE to use encrypted local storage.');
  }
  return createLocalStorage({
    root: path.join(options.dataDir, 'files'),
    keyring: options.keyring,
  });
}
