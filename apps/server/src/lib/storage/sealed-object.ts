/**
 * How both storage drivers seal an object's bytes (format v2). Each object gets its own random AES-256 key,
 * sealed by the keyring under a context that names the object's storage key (`file-key|<key>`), so a sealed
 * key (with its data) moved to another key does not open. The bytes are cut into 64 KiB segments, each
 * encrypted with AES-256-GCM and its own tag (the STREAM construction, as in age): the nonce is the
 * segment's number (11 bytes, big-endian) and a last-segment flag (1 byte), so reordered, dropped or
 * truncated segments fail to open. Opening releases a segment's plaintext only once its tag is verified,
 * and the object is opened only once its first segment is: a tampered object never reaches a reader as
 * plaintext, and one tampered in its first segment (every object up to 64 KiB) fails before any byte.
 *
 * On disk / in the bucket: segment 0 … segment n, each `ciphertext | tag`; every segment but the last holds
 * exactly 64 KiB of plaintext, the last 0 to 64 KiB (0 only for an empty object).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DecryptionError, type Keyring } from '../crypto/keyring.ts';

/** The format this module writes; format 1 (one GCM tag for the whole object) is read by the local driver. */
export const SEALED_FORMAT = 2;
/** Plaintext bytes per segment. */
export const SEGMENT_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const ALGORITHM = 'aes-256-gcm';

/** The keyring context of an object's key: it names the object, so the key opens for that object only. */
export const fileKeyContext = (storageKey: string) => `file-key|${storageKey}`;

/** The stored size of `plaintextBytes` once sealed: one tag per segment (an empty object has one). */
export const sealedSize = (plaintextBytes: number) =>
  plaintextBytes + TAG_BYTES * Math.max(1, Math.ceil(plaintextBytes / SEGMENT_BYTES));

function nonce(counter: number, isLast: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  // 48 bits of counter (bytes 5–10) cover any object this server stores; bytes 0–4 stay zero.
  bytes.writeUIntBE(counter, 5, 6);
  bytes[11] = isLast ? 1 : 0;
  return bytes;
}

function sealSegment(key: Buffer, counter: number, isLast: boolean, plaintext: Buffer): Buffer {
  const cipher = createCipheriv(ALGORITHM, key, nonce(counter, isLast));
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function openSegment(key: Buffer, counter: number, isLast: boolean, sealed: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new DecryptionError('Sealed object truncated');
  const decipher = createDecipheriv(ALGORITHM, key, nonce(counter, isLast));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const plaintext = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    throw new DecryptionError('Sealed object failed authentication');
  }
  return plaintext;
}

/**
 * A transform cutting its input into segments of `size` bytes; every full segment but the last is passed
 * to `each` as it is complete, and the last (full, short or empty) at the end, flagged.
 */
function segmenter(size: number, each: (segment: Buffer, isLast: boolean) => Buffer, onFirst?: () => void) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let emitted = false;
  const emit = (stream: Transform, segment: Buffer, isLast: boolean) => {
    stream.push(each(segment, isLast));
    if (!emitted) onFirst?.();
    emitted = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A full segment is held back until more follows: only then is it known not to be the last.
      if (pendingBytes <= size) return callback();
      try {
        const all = Buffer.concat(pending);
        let offset = 0;
        for (; all.length - offset > size; offset += size)
          emit(this, all.subarray(offset, offset + size), false);
        pending = [Buffer.from(all.subarray(offset))];
        pendingBytes = all.length - offset;
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        emit(this, Buffer.concat(pending), true);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** Plaintext in, sealed segments out, under `key`. */
function sealStream(key: Buffer): Transform {
  let counter = 0;
  return segmenter(SEGMENT_BYTES, (segment, isLast) => sealSegment(key, counter++, isLast, segment));
}

/** Sealed segments in, verified plaintext out; fails (DecryptionError) at the first segment that does not open. */
function openStream(key: Buffer, onFirst: () => void): Transform {
  let counter = 0;
  return segmenter(
    SEGMENT_BYTES + TAG_BYTES,
    (segment, isLast) => openSegment(key, counter++, isLast, segment),
    onFirst,
  );
}

export type ObjectSealer = {
  /**
   * A fresh key for the object at `storageKey`: `sealedKey` (to store beside the object) and `stream`, the
   * transform that seals the plaintext piped through it.
   */
  seal(storageKey: string): { sealedKey: string; stream: Transform };
  /**
   * The plaintext of the sealed bytes `source` of the object at `storageKey`. Resolves once the first
   * segment is verified; rejects with DecryptionError (and destroys `source`) if the key does not open for
   * this object or the first segment is not genuine. A later segment that is not genuine fails the stream
   * before any of its bytes are released.
   */
  open(storageKey: string, sealedKey: string, source: Readable): Promise<Readable>;
  /** The object's key, sealed again under the keyring's current key; throws DecryptionError if it does not open. */
  reseal(storageKey: string, sealedKey: string): string;
};

export function createObjectSealer(keyring: Keyring): ObjectSealer {
  return {
    seal(storageKey) {
      const key = randomBytes(KEY_BYTES);
      return { sealedKey: keyring.seal(key, fileKeyContext(storageKey)), stream: sealStream(key) };
    },

    reseal(storageKey, sealedKey) {
      const context = fileKeyContext(storageKey);
      return keyring.seal(keyring.open(sealedKey, context), context);
    },

    async open(storageKey, sealedKey, source) {
      let key: Buffer;
      try {
        key = keyring.open(sealedKey, fileKeyContext(storageKey));
      } catch (error) {
        source.destroy();
        throw error;
      }
      let firstOpened!: () => void;
      const first = new Promise<void>((resolve) => (firstOpened = resolve));
      const out = new PassThrough();
      const opening = pipeline(source, openStream(key, firstOpened), out);
      // Whichever comes first: the first segment verified, or the stream failing (before or after it).
      const failed = opening.then(
        () => undefined,
        (error: unknown) => {
          out.destroy(error as Error);
          throw error;
        },
      );
      await Promise.race([first, failed]);
      // Later failures reach the reader through `out`.
      failed.catch(() => undefined);
      return out;
    },
  };
}
