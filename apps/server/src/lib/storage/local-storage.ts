/**
 * Local-disk storage under DATA_DIR, encrypted at rest. Each object is sealed by `sealed-object.ts` (its own
 * AES-256 key, bound to the object's key, and 64 KiB AES-256-GCM segments); the sidecar `.meta` file holds
 * the sealed key, the size and the SHA-256 of the plaintext. Objects written before (format 1: one GCM tag
 * for the whole file, key sealed under plain `file-key`) still open, verified in full before any byte is
 * answered. Data is written to a temporary file and renamed into place only when complete, so readers never
 * see half an object. A crash mid-write leaves only `<key>.data.<uuid>.tmp` (and its `.tmp.meta`), which
 * listings ignore and sweepIncomplete removes once stale.
 */
import { createDecipheriv, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dir } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { DecryptionError, keyIdOf, type Keyring } from '../crypto/keyring.ts';
import { meter } from './meter.ts';
import {
  assertStorageKey,
  assertStoragePrefix,
  ObjectNotFoundError,
  type ObjectStorage,
} from './object-storage.ts';
import { createObjectSealer, SEALED_FORMAT } from './sealed-object.ts';

/** The keyring context of a format-1 object's key (it did not name the object). */
const LEGACY_FILE_KEY_CONTEXT = 'file-key';

const legacyMetaSchema = z.object({
  v: z.literal(1),
  /** The object's own key, sealed by the keyring. */
  key: z.string(),
  iv: z.string(),
  tag: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});

const sealedMetaSchema = z.object({
  v: z.literal(SEALED_FORMAT),
  /** The object's own key, sealed by the keyring for this object's key (sealed-object.ts). */
  key: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});

const metaSchema = z.discriminatedUnion('v', [legacyMetaSchema, sealedMetaSchema]);

/**
 * A format-1 object's plaintext, decrypted and verified in full (one tag covers the whole file) before a
 * single byte is handed out. These objects are at most the upload limit, so memory holds them.
 */
async function openLegacy(keyring: Keyring, meta: z.infer<typeof legacyMetaSchema>, file: string) {
  const ciphertext = await readFile(file);
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyring.open(meta.key, LEGACY_FILE_KEY_CONTEXT),
    Buffer.from(meta.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(meta.tag, 'base64'));
  const plaintext = decipher.update(ciphertext);
  try {
    decipher.final();
  } catch {
    throw new DecryptionError('Stored object failed authentication');
  }
  return Readable.from([plaintext]);
}

/** What a put in progress writes before renaming: `<key>.data.<uuid>.tmp` and `<key>.data.<uuid>.tmp.meta`. */
const TEMP_FILE = /\.data\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp(\.meta)?$/;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Every file under `dir` (a missing folder has none), as its absolute path; symbolic links are not followed. */
async function* walk(dir: string): AsyncGenerator<string> {
  let entries: Dir;
  try {
    // Read as it goes (an upload folder may hold many files), not all at once.
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** When the file was last written; null if it has gone meanwhile. */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export function createLocalStorage({ root, keyring }: { root: string; keyring: Keyring }): ObjectStorage {
  const sealer = createObjectSealer(keyring);
  const dataPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, `${key}.data`);
  };
  const metaPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, `${key}.meta`);
  };

  return {
    async put(key, body) {
      const target = dataPath(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomUUID()}.tmp`;
      const { sealedKey, stream: sealing } = sealer.seal(key);
      const measured = meter();
      try {
        await pipeline(body, measured.stream, sealing, createWriteStream(temp, { mode: 0o600 }));
        const { size, sha256 } = measured.result();
        const meta: z.infer<typeof sealedMetaSchema> = { v: SEALED_FORMAT, key: sealedKey, size, sha256 };
        await writeFile(`${temp}.meta`, JSON.stringify(meta), { mode: 0o600 });
        await rename(temp, target);
        await rename(`${temp}.meta`, metaPath(key));
        return { size, sha256 };
      } catch (error) {
        await rm(temp, { force: true });
        await rm(`${temp}.meta`, { force: true });
        throw error;
      }
    },

    async get(key) {
      const target = dataPath(key);
      let meta: z.infer<typeof metaSchema>;
      try {
        meta = metaSchema.parse(JSON.parse(await readFile(metaPath(key), 'utf8')));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError();
        throw error;
      }
      try {
        if (meta.v === 1) return await openLegacy(keyring, meta, target);
        // Segment by segment: nothing unverified is released, and a bad first segment fails here.
        return await sealer.open(key, meta.key, createReadStream(target));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError();
        throw error;
      }
    },

    async resealKey(key, { dryRun = false } = {}) {
      const file = metaPath(key);
      const readMeta = async () => {
        try {
          return await readFile(file, 'utf8');
        } catch (error) {
          if (isMissing(error)) throw new ObjectNotFoundError();
          throw error;
        }
      };
      for (;;) {
        const text = await readMeta();
        const meta = metaSchema.parse(JSON.parse(text));
        if (keyIdOf(meta.key) === keyring.keyId) return 'current';
        const resealed =
          meta.v === 1
            ? keyring.seal(keyring.open(meta.key, LEGACY_FILE_KEY_CONTEXT), LEGACY_FILE_KEY_CONTEXT)
            : sealer.reseal(key, meta.key);
        if (dryRun) return 'resealed';
        // Named like a put's leftovers, so a crash here leaves a file the sweeper removes.
        const temp = `${dataPath(key)}.${randomUUID()}.tmp.meta`;
        try {
          await writeFile(temp, JSON.stringify({ ...meta, key: resealed }), { mode: 0o600 });
          // A put of the same key since the read wrote another object with its own key: that one stays,
          // and is looked at again.
          if ((await readMeta()) !== text) continue;
          await rename(temp, file);
          return 'resealed';
        } finally {
          await rm(temp, { force: true });
        }
      }
    },

    async delete(key) {
      await rm(metaPath(key), { force: true });
      await rm(dataPath(key), { force: true });
    },

    async *list(prefix) {
      assertStoragePrefix(prefix);
      // Only the folder the prefix names is walked; the prefix's last, partial segment is a filter.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const file of walk(path.join(root, folder))) {
        // Only complete objects: `<key>.data` (temporary files end in `.tmp` or `.tmp.meta`).
        if (!file.endsWith('.data')) continue;
        const key = path.relative(root, file).slice(0, -'.data'.length).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        try {
          assertStorageKey(key);
        } catch {
          continue; // not a file this driver wrote
        }
        const modified = await modifiedAt(file);
        if (modified) yield { key, modifiedAt: modified };
      }
    },

    async sweepIncomplete(olderThan) {
      let removed = 0;
      for await (const file of walk(root)) {
        if (!TEMP_FILE.test(file)) continue;
        // `<key>.meta` of a complete object whose key itself looks temporary is not a leftover.
        if (file.endsWith('.meta') && (await modifiedAt(`${file.slice(0, -'.meta'.length)}.data`))) continue;
        const modified = await modifiedAt(file);
        if (!modified || modified >= olderThan) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
