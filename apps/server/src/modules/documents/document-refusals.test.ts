/**
 * What the client's uploads refuse, on local and S3 storage, storing nothing: too big, the wrong type, another
 * client's folder, a seventh document, a cut connection, a submit without a file.
 */
import { describe, expect, it, vi } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { SIX_MB, uploadForm, useDocumentStorage } from './testing/documents-kit.ts';

describe.each(['local', 's3'] as const)('documents on %s storage', (driver) => {
  const { t, asha, ravi, storedObjects, rawUpload, list } = useDocumentStorage(driver);

  it('refuses a file of 6 MB + 1 byte, an executable named .pdf and a file of 1 KB, storing nothing', async () => {
    const before = await storedObjects();
    const cases = [
      {
        name: 'big.pdf',
        bytes: samplePdf(SIX_MB + 1),
        message: 'Upload Document size should be less than 6MB',
      },
      {
        name: 'exactly-6mb.pdf',
        bytes: samplePdf(SIX_MB),
        message: 'Upload Document size should be less than 6MB',
      },
      {
        name: 'w2.pdf',
        // An ELF executable's header, padded, declared as a PDF.
        bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000)]),
        message: 'Only image (jpeg/png), pdf and doc files can be uploaded.',
      },
      {
        name: 'tiny.pdf',
        bytes: samplePdf(1024),
        message: 'This file is empty or too small to be a document',
      },
      {
        name: 'empty.pdf',
        bytes: Buffer.alloc(0),
        message: 'This file is empty or too small to be a document',
      },
    ];
    for (const { name, bytes, message } of cases) {
      const res = await t.postFormAs(
        asha.sid,
        '/api/upload/uploaddocs',
        uploadForm(asha, '1099B-G', 2, [
          { name: 'good.pdf', bytes: samplePdf(2048) },
          { name, bytes },
        ]),
      );
      expect(res.statusCode, name).toBe(400);
      expect(res.json().status_smessage, name).toBe(message);
    }
    // Not even the good file of each refused submit was kept.
    expect(await list(asha, '1099B-G')).toEqual([]);
    expect(await storedObjects()).toEqual(before);
  });

  it("refuses another client's folder, a climbing or odd path, and a mismatched category with nothing stored", async () => {
    const before = await storedObjects();
    const file = [{ name: 'w2.pdf', bytes: samplePdf(4000) }];
    for (const folderPath of [
      `${ravi.clientId}/W2/`,
      `${asha.clientId}/../${ravi.clientId}/W2/`,
      `../${asha.clientId}/W2/`,
      `/${asha.clientId}/W2/`,
      `${asha.clientId}/W2`,
      `${asha.clientId}/W2/x/`,
      `${asha.clientId}/w2/`,
      `${asha.clientId}/W2;rm/`,
    ]) {
      const res = await t.postFormAs(
        asha.sid,
        '/api/upload/uploaddocs',
        uploadForm(asha, 'W2', 1, file, folderPath),
      );
      expect(res.statusCode, folderPath).toBe(403);
      const listRes = await t.postAs(asha.sid, '/api/upload/getuploaddocs', { folderPath });
      expect(listRes.statusCode, folderPath).toBe(403);
    }
    const wrongUpt = await t.postFormAs(asha.sid, '/api/upload/uploaddocs', uploadForm(asha, 'W2', 5, file));
    expect(wrongUpt.statusCode).toBe(400);
    expect(wrongUpt.json().status_smessage).toBe('upt_id does not match the folder.');
    const notANumber = uploadForm(asha, 'W2', 1, file);
    notANumber.set('upt_id', 'W2');
    const garbled = await t.postFormAs(asha.sid, '/api/upload/uploaddocs', notANumber);
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().status_smessage).toBe('upt_id does not match the folder.');
    // A folder field repeated after the files cannot move them into another client's folder.
    const sneaky = uploadForm(asha, 'W2', 1, file);
    sneaky.append('folderPath', `${ravi.clientId}/W2/`);
    expect((await t.postFormAs(asha.sid, '/api/upload/uploaddocs', sneaky)).statusCode).toBe(403);
    expect(await list(ravi)).toEqual([]);
    expect(await storedObjects()).toEqual(before);
  });

  it('a connection cut in the middle of a file leaves nothing listed and nothing stored', async () => {
    const before = await storedObjects();
    const listedBefore = (await list(asha)).length;
    const { req } = await rawUpload(asha, `${asha.clientId}/W2/`, 6_000_000);
    await new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // 5.5 MB of a 6 MB file (past the S3 driver's first 5 MiB part), then the connection drops.
      req.write(samplePdf(5_500_000), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the cut and cleans up; nothing was listed at any point.
    await vi.waitFor(async () => expect(await storedObjects()).toEqual(before), { timeout: 5000 });
    expect(await list(asha)).toHaveLength(listedBefore);
  });

  it('keeps six documents per category: a seventh is refused before it is stored, and so is a submit past six', async () => {
    const file = (n: number) => ({ name: `form-${n}.pdf`, bytes: samplePdf(2000 + n) });
    const four = await t.postFormAs(
      ravi.sid,
      '/api/upload/uploaddocs',
      uploadForm(ravi, '1098-1098T', 6, [1, 2, 3, 4].map(file)),
    );
    expect(four.statusCode).toBe(200);
    const before = await storedObjects();
    // Four held, three more sent: refused when the rows would be written, and the three removed again.
    const three = await t.postFormAs(
      ravi.sid,
      '/api/upload/uploaddocs',
      uploadForm(ravi, '1098-1098T', 6, [5, 6, 7].map(file)),
    );
    expect(three.statusCode).toBe(409);
    expect(three.json().status_smessage).toBe(
      'All six slots are in use. Delete a document to upload another.',
    );
    expect(await storedObjects()).toEqual(before);
    const two = await t.postFormAs(
      ravi.sid,
      '/api/upload/uploaddocs',
      uploadForm(ravi, '1098-1098T', 6, [5, 6].map(file)),
    );
    expect(two.statusCode).toBe(200);
    const full = await storedObjects();
    const seventh = await t.postFormAs(
      ravi.sid,
      '/api/upload/uploaddocs',
      uploadForm(ravi, '1098-1098T', 6, [file(7)]),
    );
    expect(seventh.statusCode).toBe(409);
    expect(await list(ravi, '1098-1098T')).toHaveLength(6);
    expect(await storedObjects()).toEqual(full);
  });

  it('answers a refusal at once and closes the connection, without reading the rest of a large body', async () => {
    const file = samplePdf(6_000_000);
    const answer = await new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        void rawUpload(asha, `${ravi.clientId}/W2/`, file.length, (res) => {
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
          res.resume();
        }).then(({ req, tail }) => {
          // The server may close before the whole body is written: that is the point.
          req.on('error', (error) =>
            error.message.includes('EPIPE') || error.message.includes('ECONNRESET')
              ? undefined
              : reject(error),
          );
          req.write(file);
          req.end(tail);
        }, reject);
      },
    );
    expect(answer).toEqual({ status: 403, connection: 'close' });
  });

  it('refuses a submit without a file', async () => {
    const res = await t.postFormAs(asha.sid, '/api/upload/uploaddocs', uploadForm(asha, 'W2', 1, []));
    expect(res.statusCode).toBe(400);
    expect(res.json().status_smessage).toBe('Select at least one document to upload.');
  });
});
