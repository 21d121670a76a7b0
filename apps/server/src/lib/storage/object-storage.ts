import type { Readable } from 'node:stream';

/** What storage knows of an object once it is completely stored. */
export type StoredObject = { size: number; sha256: string };

/**
 * What re-sealing an object's key found: sealed again under the keyring's current key, already under it,
 * or stored before the app sealed objects (nothing to re-seal).
 */
export type ResealOutcome = 'resealed' | 'current' | 'unsealed';

/** A completely stored object, as a listing sees it. */
export type ListedObject = { key: string; modifiedAt: Date };

/**
 * Where documents and résumés live. Keys are chosen by the server (never from a client's file name); an
 * object becomes visible only once it is completely stored, and a failed put leaves nothing behind.
 */
export type ObjectStorage = {
  /** Stream `body` into `key`, hashing as it goes. Rejects, leaving nothing, if the stream fails. */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** The object's bytes; rejects with ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Remove the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every completely stored object whose key starts with `prefix` (in no particular order), with the time
   * it was last written. Objects still being written are not listed.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Seal the object's own key again under the keyring's current key (key rotation); the bytes are not
   * rewritten. An object already under the current key is left as it is, so a run can be repeated. With
   * `dryRun` the key is opened (proving it opens) but nothing is written. Rejects with ObjectNotFoundError
   * when there is no object, and DecryptionError when its key does not open with any key of the keyring.
   */
  resealKey(key: string, options?: { dryRun?: boolean }): Promise<ResealOutcome>;
  /**
   * Remove the leftovers of puts that never finished (a crash mid-write) last touched before `olderThan`;
   * resolves to how many were removed. Only drivers that leave such leftovers have it (local disk; an S3
   * bucket's lifecycle rule aborts its incomplete multipart uploads).
   */
  sweepIncomplete?(olderThan: Date): Promise<number>;
};

export class ObjectNotFoundError extends Error {
  constructor() {
    super('Object not found');
    this.name = 'ObjectNotFoundError';
  }
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/**
 * A listing prefix: a key, a key with a trailing `/`, or the start of a key's last segment; or empty (all).
 * Anything that could leave the storage root is refused, as for keys.
 */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertStorageKey(trimmed);
}

/** Keys are server-made: letters, digits, `_-.` and `/` between segments; no `..`, no leading `/`. */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment.startsWith('.'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
