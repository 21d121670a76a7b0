/**
 * Local-disk storage under DATA_DIR, encrypted at rest. Each object gets its own random AES-256-GCM key,
 * sealed by the server's keyring, in a sidecar `.meta` file with the IV, the authentication tag, the size
 * and the SHA-256 of the plaintext. Data is written to a temporary file and renamed into place only when
 * complete, so readers never see half an object.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Readable } from 'node:stream';
import { z } from 'zod';
import type { Keyring } from '../crypto/keyring.ts';
import { meter } from './meter.ts';
import { assertStorageKey, ObjectNotFoundError, type ObjectStorage } from './object-storage.ts';

const FILE_KEY_CONTEXT = 'file-key';

const metaSchema = z.object({
  v: z.literal(1),
  /** The object's own key, sealed by the keyring. */
  key: z.string(),
  iv: z.string(),
  tag: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createLocalStorage({ root, keyring }: { root: string; keyring: Keyring }): ObjectStorage {
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
      const fileKey = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
      const measured = meter();
      try {
        await pipeline(body, measured.stream, cipher, createWriteStream(temp, { mode: 0o600 }));
        const { size, sha256 } = measured.result();
        const meta: z.infer<typeof metaSchema> = {
          v: 1,
          key: keyring.seal(fileKey, FILE_KEY_CONTEXT),
          iv: iv.toString('base64'),
          tag: cipher.getAuthTag().toString('base64'),
          size,
          sha256,
        };
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
      const decipher = createDecipheriv(
        'aes-256-gcm',
        keyring.open(meta.key, FILE_KEY_CONTEXT),
        Buffer.from(meta.iv, 'base64'),
      );
      decipher.setAuthTag(Buffer.from(meta.tag, 'base64'));
      const source = createReadStream(target);
      const out = new PassThrough();
      // A tampered file fails at the end (GCM), which destroys `out` with the error.
      pipeline(source, decipher, out).catch((error: unknown) => out.destroy(error as Error));
      return out as Readable;
    },

    async delete(key) {
      await rm(metaPath(key), { force: true });
      await rm(dataPath(key), { force: true });
    },
  };
}
