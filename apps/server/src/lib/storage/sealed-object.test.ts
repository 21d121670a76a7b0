import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { documents, eq } from '@taxfirm/db';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { createTestApp, signUpAndLogIn, TEST_ENCRYPTION_KEY, type TestApp } from '../../../test/helpers.ts';
import { createKeyring, DecryptionError, keyIdOf } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import { ObjectNotFoundError, type ObjectStorage } from './object-storage.ts';
import { SEGMENT_BYTES, sealedSize } from './sealed-object.ts';

const TAG = 16;
const keyring = createKeyring(TEST_ENCRYPTION_KEY);

let root: string;
let storage: ObjectStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sealed-object-'));
  storage = createLocalStorage({ root, keyring });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const dataFile = (key: string) => path.join(root, `${key}.data`);
const metaFile = (key: string) => path.join(root, `${key}.meta`);

/** Whatever a reader of `key` receives before the stream ends or fails, and how it ended. */
async function readAll(key: string): Promise<{ received: Buffer; error: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    return { received: Buffer.concat(chunks), error: undefined };
  } catch (error) {
    return { received: Buffer.concat(chunks), error };
  }
}

/** An object as the local driver wrote it before F-16 (format 1: one GCM tag, key sealed as plain `file-key`). */
async function putLegacy(key: string, body: Buffer) {
  const fileKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
  const ciphertext = Buffer.concat([cipher.update(body), cipher.final()]);
  await mkdir(path.dirname(dataFile(key)), { recursive: true });
  await writeFile(dataFile(key), ciphertext);
  const meta = {
    v: 1,
    key: keyring.seal(fileKey, 'file-key'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    size: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  await writeFile(metaFile(key), JSON.stringify(meta));
}

describe('sealed objects on local storage (F-16)', () => {
  it('F-16: reads back every size around the segment boundaries, stored as segments each with its tag', async () => {
    for (const size of [
      0,
      1,
      SEGMENT_BYTES - 1,
      SEGMENT_BYTES,
      SEGMENT_BYTES + 1,
      2 * SEGMENT_BYTES,
      200_000,
    ]) {
      const body = randomBytes(size);
      // Fed in uneven chunks, as a request body arrives.
      const chunks = [body.subarray(0, 1000), body.subarray(1000, 70_000), body.subarray(70_000)];
      expect(await storage.put(`sizes/${size}`, Readable.from(chunks.filter((c) => c.length > 0)))).toEqual({
        size,
        sha256: createHash('sha256').update(body).digest('hex'),
      });
      const onDisk = await readFile(dataFile(`sizes/${size}`));
      expect(onDisk.length, String(size)).toBe(sealedSize(size));
      expect((await buffer(await storage.get(`sizes/${size}`))).equals(body), String(size)).toBe(true);
    }
    expect(sealedSize(0)).toBe(TAG);
    expect(sealedSize(SEGMENT_BYTES)).toBe(SEGMENT_BYTES + TAG);
    expect(sealedSize(SEGMENT_BYTES + 1)).toBe(SEGMENT_BYTES + 1 + 2 * TAG);
  });

  it('F-16: a bit flipped in a later segment releases only the verified segments before it, never its bytes', async () => {
    const body = Buffer.from('W-2 wages 85,000 for SSN 123-45-6789\n'.repeat(6000)); // 222 KB: 4 segments
    await storage.put('c1/W2/a', Readable.from([body]));
    const bytes = await readFile(dataFile('c1/W2/a'));
    const inThird = 2 * (SEGMENT_BYTES + TAG) + 500;
    bytes.writeUInt8(bytes.readUInt8(inThird) ^ 1, inThird);
    await writeFile(dataFile('c1/W2/a'), bytes);
    const { received, error } = await readAll('c1/W2/a');
    expect(error).toBeInstanceOf(DecryptionError);
    // Exactly the two genuine segments before it: nothing of the tampered one.
    expect(received.equals(body.subarray(0, 2 * SEGMENT_BYTES))).toBe(true);
  });

  it('F-16: an object cut at a segment boundary, or with segments swapped, does not open', async () => {
    const body = randomBytes(3 * SEGMENT_BYTES);
    await storage.put('cut', Readable.from([body]));
    const sealed = await readFile(dataFile('cut'));
    const segment = SEGMENT_BYTES + TAG;
    const [first, second, third] = [0, 1, 2].map((i) => sealed.subarray(i * segment, (i + 1) * segment));
    if (!first || !second || !third) throw new Error('expected three segments');

    await writeFile(dataFile('cut'), Buffer.concat([first, second]));
    const truncated = await readAll('cut');
    expect(truncated.error).toBeInstanceOf(DecryptionError);
    expect(truncated.received.equals(body.subarray(0, SEGMENT_BYTES))).toBe(true);

    await writeFile(dataFile('cut'), Buffer.concat([second, first, third]));
    await expect(storage.get('cut')).rejects.toBeInstanceOf(DecryptionError);

    await writeFile(dataFile('cut'), Buffer.concat([first, second, third, third]));
    expect((await readAll('cut')).error).toBeInstanceOf(DecryptionError);
  });

  it("F-16: a .data/.meta pair moved onto another client's object does not open, nor does its data alone", async () => {
    await storage.put('asha/W2/doc', Readable.from([Buffer.from("Asha's W-2, SSN 123-45-6789")]));
    await storage.put('ravi/W2/doc', Readable.from([Buffer.from("Ravi's W-2, SSN 555-12-3456")]));
    // The data alone: Ravi's key does not open Asha's segments.
    await copyFile(dataFile('asha/W2/doc'), dataFile('ravi/W2/doc'));
    await expect(storage.get('ravi/W2/doc')).rejects.toBeInstanceOf(DecryptionError);
    // The pair: Asha's key is sealed for her object's key only.
    await copyFile(metaFile('asha/W2/doc'), metaFile('ravi/W2/doc'));
    await expect(storage.get('ravi/W2/doc')).rejects.toBeInstanceOf(DecryptionError);
    expect((await buffer(await storage.get('asha/W2/doc'))).toString()).toBe("Asha's W-2, SSN 123-45-6789");
  });

  it('F-16: objects written before (format 1) still read, and a tampered one fails before any byte', async () => {
    const body = Buffer.from('1099-INT interest 120.00\n'.repeat(4000));
    await putLegacy('old/a', body);
    expect((await buffer(await storage.get('old/a'))).equals(body)).toBe(true);

    // The last byte: with format 1's single tag, only the end could tell; nothing is released before it.
    const bytes = await readFile(dataFile('old/a'));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    await writeFile(dataFile('old/a'), bytes);
    await expect(storage.get('old/a')).rejects.toBeInstanceOf(DecryptionError);
  });
});

describe('downloading a tampered document (F-16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('F-16: answers a plain 500 with no byte of the document, and logs the failure', async () => {
    const asha = await signUpAndLogIn(t, 'asha.sealed@example.com');
    const pdf = samplePdf(5000);
    const form = new FormData();
    form.append('folderPath', `${asha.clientId}/W2/`);
    form.append('client_id', asha.clientId);
    form.append('upt_id', '1');
    form.append('uploadedImages', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'w2.pdf');
    expect((await t.postFormAs(asha.sid, '/api/upload/uploaddocs', form)).statusCode).toBe(200);
    const listed = (
      await t.postAs(asha.sid, '/api/upload/getuploaddocs', { folderPath: `${asha.clientId}/W2/` })
    ).json().data.Contents as { location: string }[];
    const location = listed[0]?.location ?? '';
    expect((await t.getAs(asha.sid, location)).rawPayload.equals(pdf)).toBe(true);

    const [row] = await t.database.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.clientId, asha.clientId));
    const file = path.join(t.storageRoot, `${row?.key}.data`);
    const bytes = await readFile(file);
    bytes.writeUInt8(bytes.readUInt8(10) ^ 1, 10);
    await writeFile(file, bytes);

    const res = await t.getAs(asha.sid, location);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ http_code: 500, code: 'INTERNAL' });
    expect(res.rawPayload.includes(pdf.subarray(0, 8))).toBe(false);
    expect(res.body).not.toContain('authentication');
    expect(t.logs()).toContain('Sealed object failed authentication');
  });
});

describe('re-sealing object keys on local storage (key rotation, F-09)', () => {
  const rotated = createKeyring('rotated-storage-key-Hq4Wd8Zm1Xc6Vb3Nt9Ry2', [TEST_ENCRYPTION_KEY]);
  const onlyRotated = createKeyring('rotated-storage-key-Hq4Wd8Zm1Xc6Vb3Nt9Ry2');
  const keyIdIn = async (key: string) =>
    keyIdOf((JSON.parse(await readFile(metaFile(key), 'utf8')) as { key: string }).key);

  it('seals a current and a format-1 object key again, leaves the bytes, and opens them with the new key alone', async () => {
    const body = randomBytes(100_000);
    await storage.put('now/a', Readable.from([body]));
    await putLegacy('old/a', body);
    const dataBefore = await readFile(dataFile('now/a'));
    const moving = createLocalStorage({ root, keyring: rotated });
    expect(await moving.resealKey('now/a', { dryRun: true })).toBe('resealed');
    expect(await keyIdIn('now/a')).toBe(keyring.keyId);
    expect(await moving.resealKey('now/a')).toBe('resealed');
    expect(await moving.resealKey('old/a')).toBe('resealed');
    expect(await moving.resealKey('now/a')).toBe('current');
    expect(await keyIdIn('now/a')).toBe(rotated.keyId);
    expect(await keyIdIn('old/a')).toBe(rotated.keyId);
    expect(await readFile(dataFile('now/a'))).toEqual(dataBefore);
    const reader = createLocalStorage({ root, keyring: onlyRotated });
    expect(await buffer(await reader.get('now/a'))).toEqual(body);
    expect(await buffer(await reader.get('old/a'))).toEqual(body);
    // No temporary file is left behind.
    expect((await readdir(root, { recursive: true })).filter((name) => name.includes('.tmp'))).toEqual([]);
  });

  it('refuses a key it cannot open, and a missing object', async () => {
    await storage.put('now/b', Readable.from([Buffer.from('1099')]));
    const stranger = createLocalStorage({ root, keyring: onlyRotated });
    await expect(stranger.resealKey('now/b')).rejects.toThrow(DecryptionError);
    await expect(stranger.resealKey('now/none')).rejects.toThrow(ObjectNotFoundError);
  });
});
