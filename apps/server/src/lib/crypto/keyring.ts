/**
 * Envelope encryption with the server's ENCRYPTION_KEY. The key is never used directly: an AES-256 key
 * encryption key is derived from it with HKDF, and each sealed value names the key that sealed it (its id),
 * so a second key can be added for rotation without re-encrypting everything at once.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export class DecryptionError extends Error {
  constructor(message = 'The value could not be decrypted') {
    super(message);
    this.name = 'DecryptionError';
  }
}

export type Keyring = {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  /** Whether a value sealed under `keyId` can be opened (the current key or a retired one). */
  hasKey(keyId: string): boolean;
  /** Encrypt and authenticate; the result is `v1.<keyId>.<base64url(iv | tag | ciphertext)>`. */
  seal(plaintext: Buffer, context: string): string;
  /** Reverse of seal; throws DecryptionError for a tampered value, another context or an unknown key. */
  open(sealed: string, context: string): Buffer;
};

/** The id of the key a sealed value names (not proof that it opens); undefined if it is not a sealed value. */
export function keyIdOf(sealed: string): string | undefined {
  const [version, keyId, body, ...rest] = sealed.split('.');
  return version === VERSION && keyId && body && rest.length === 0 ? keyId : undefined;
}

/** How every value sealed under `keyId` starts (for finding them with LIKE: ids are hex). */
export const sealedPrefix = (keyId: string) => `${VERSION}.${keyId}.`;

function deriveKey(secret: string): { id: string; key: Buffer } {
  const key = Buffer.from(hkdfSync('sha256', secret, 'taxfirm', 'key-encryption-key/v1', 32));
  const id = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return { id, key };
}

/**
 * A keyring from the current secret and, optionally, retired secrets that can still open old values.
 * `context` binds a sealed value to its use (e.g. "file-key"), so one cannot be replayed as another.
 */
export function createKeyring(currentSecret: string, retiredSecrets: readonly string[] = []): Keyring {
  const current = deriveKey(currentSecret);
  const keys = new Map([current, ...retiredSecrets.map(deriveKey)].map((k) => [k.id, k.key]));

  return {
    keyId: current.id,
    hasKey: (keyId) => keys.has(keyId),
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current.key, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${current.id}.${context}`));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      const body = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
      return `${VERSION}.${current.id}.${body}`;
    },
    open(sealed, context) {
      const [version, keyId, body, ...rest] = sealed.split('.');
      const key = keyId ? keys.get(keyId) : undefined;
      if (version !== VERSION || !key || !body || rest.length > 0) throw new DecryptionError();
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new DecryptionError();
      try {
        const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch (error) {
        throw new DecryptionError(error instanceof Error ? error.message : undefined);
      }
    },
  };
}
