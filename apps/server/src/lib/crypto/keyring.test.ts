import { describe, expect, it } from 'vitest';
import { createKeyring, DecryptionError, keyIdOf, sealedPrefix } from './keyring.ts';

const SECRET = 'current-secret-0123456789abcdefghijklmnop';
const OLD = 'retired-secret-0123456789abcdefghijklmnop';

describe('keyring', () => {
  it('seals and opens, with a fresh IV each time', () => {
    const keyring = createKeyring(SECRET);
    const a = keyring.seal(Buffer.from('123-45-6789'), 'ssn');
    const b = keyring.seal(Buffer.from('123-45-6789'), 'ssn');
    expect(a).not.toBe(b);
    expect(a.startsWith(`v1.${keyring.keyId}.`)).toBe(true);
    expect(a).not.toContain('6789');
    expect(keyring.open(a, 'ssn').toString()).toBe('123-45-6789');
  });

  it('refuses a tampered value, another context and an unknown key', () => {
    const keyring = createKeyring(SECRET);
    const sealed = keyring.seal(Buffer.from('secret'), 'file-key');
    const body = sealed.split('.')[2] ?? '';
    // The second-to-last character always carries six bits of the ciphertext: change it for another.
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.slice(-1)}`;
    expect(flipped).not.toBe(body);
    expect(() => keyring.open(sealed.replace(body, flipped), 'file-key')).toThrow(DecryptionError);
    expect(() => keyring.open(sealed, 'ssn')).toThrow(DecryptionError);
    expect(() => createKeyring(OLD).open(sealed, 'file-key')).toThrow(DecryptionError);
    expect(() => keyring.open('not-a-sealed-value', 'file-key')).toThrow(DecryptionError);
  });

  it('opens values sealed by a retired key after rotation, and seals with the new one', () => {
    const before = createKeyring(OLD).seal(Buffer.from('old value'), 'ssn');
    const rotated = createKeyring(SECRET, [OLD]);
    expect(rotated.open(before, 'ssn').toString()).toBe('old value');
    expect(rotated.keyId).toBe(createKeyring(SECRET).keyId);
  });

  it('names the key a value was sealed under, and knows which keys it holds', () => {
    const old = createKeyring(OLD);
    const before = old.seal(Buffer.from('old value'), 'ssn');
    expect(keyIdOf(before)).toBe(old.keyId);
    expect(before.startsWith(sealedPrefix(old.keyId))).toBe(true);
    expect(keyIdOf('123-45-6789')).toBeUndefined();
    const rotated = createKeyring(SECRET, [OLD]);
    expect(rotated.hasKey(old.keyId)).toBe(true);
    expect(createKeyring(SECRET).hasKey(old.keyId)).toBe(false);
    expect(() => createKeyring(SECRET).open(before, 'ssn')).toThrow(DecryptionError);
  });
});
