import type { Readable } from 'node:stream';

/** What storage knows of an object once it is completely stored. */
export type StoredObject = { size: number; sha256: string };

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
};

export class ObjectNotFoundError extends Error {
  constructor() {
    super('Object not found');
    this.name = 'ObjectNotFoundError';
  }
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are server-made: letters, digits, `_-.` and `/` between segments; no `..`, no leading `/`. */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment.startsWith('.'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
