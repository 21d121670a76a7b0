import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { auditLog, documents, eq, filings, invoices, siteSettings } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { samplePdf, samplePng } from '../../../test/files.ts';
import { currentTaxYear, makeInvoice, makeTaxSummary } from '../../../test/factories.ts';
import { parseDocumentKey } from '@taxfirm/contract';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { createTestApp, csrfFor, TEST_SECRET, signUpAndLogIn, type TestApp } from '../../../test/helpers.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../../../test/s3.ts';

type Session = { sid: string; userId: string; clientId: string };
type S3 = Awaited<ReturnType<typeof startS3>>;

const SIX_MB = 6_291_456;

/** The item at `index`, which the test expects to be there. */
function at<T>(items: readonly T[], index = 0): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at ${index}`);
  return item;
}

/** The upload form in the order the page sends it: the fields, then the files. */
function uploadForm(
  who: Session,
  category: string,
  uptId: number,
  files: { name: string; bytes: Buffer; type?: string }[],
  folderPath = `${who.clientId}/${category}/`,
) {
  const form = new FormData();
  form.append('folderPath', folderPath);
  form.append('client_id', who.clientId);
  form.append('upt_id', String(uptId));
  for (const file of files) {
    form.append(
      'uploadedImages',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  return form;
}

describe.each(['local', 's3'] as const)('documents on %s storage', (driver) => {
  let t: TestApp;
  let s3: S3 | undefined;
  let asha: Session;
  let ravi: Session;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3() : undefined;
    t = await createTestApp({}, s3 ? { storage: s3.storage } : {});
    asha = await signUpAndLogIn(t, `asha.docs.${driver}@example.com`);
    ravi = await signUpAndLogIn(t, `ravi.docs.${driver}@example.com`, { first: 'Ravi', last: 'Kumar' });
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  /** Every object in storage, whichever the driver. */
  async function storedObjects(): Promise<string[]> {
    if (s3) {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      client.destroy();
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    }
    // Every stored object and any leftover temporary file (folders are not objects).
    const entries = await readdir(t.storageRoot, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.meta'))
      .map((entry) => path.relative(t.storageRoot, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  /** The app on a real port (for requests light-my-request cannot make). */
  async function listening(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  /**
   * An upload written by hand on a real socket (light-my-request cannot cut a body or close early): the
   * fields and the start of one file part go out at once; the caller sends the file's bytes and `tail`.
   */
  async function rawUpload(
    who: Session,
    folderPath: string,
    fileBytes: number,
    onResponse?: (res: IncomingMessage) => void,
  ): Promise<{ req: ClientRequest; tail: Buffer }> {
    const { port } = new URL(await listening());
    const boundary = 'rawuploadboundary';
    const head = Buffer.from(
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="folderPath"\r\n\r\n${folderPath}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="upt_id"\r\n\r\n1\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="uploadedImages"; filename="w2.pdf"\r\n`,
        'Content-Type: application/pdf\r\n\r\n',
      ].join(''),
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const token = csrfFor(who.sid);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/upload/uploaddocs',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + fileBytes + tail.length),
          cookie: `sid=${encodeURIComponent(who.sid)}; XSRF-TOKEN=${encodeURIComponent(token)}`,
          'x-xsrf-token': token,
        },
      },
      onResponse,
    );
    req.write(head);
    return { req, tail };
  }

  const list = async (who: Session, category = 'W2') =>
    (
      await t.postAs(who.sid, '/api/upload/getuploaddocs', { folderPath: `${who.clientId}/${category}/` })
    ).json().data.Contents as { Key: string; Size: number; location: string }[];

  it('stores the files of a submit, lists them under their names, and downloads the same bytes', async () => {
    const w2 = samplePdf(5000);
    const photo = samplePng(3000);
    const res = await t.postFormAs(
      asha.sid,
      '/api/upload/uploaddocs',
      uploadForm(asha, 'W2', 1, [
        { name: 'w2-acme.pdf', bytes: w2 },
        { name: 'C:\\Users\\asha\\photo of w2.png', bytes: photo, type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ http_code: 200, message: 'Documents uploaded successfully.' });

    const listed = await list(asha);
    expect(listed.map((d) => [d.Key.replace(/[0-9a-f-]{36}__/, 'ID__'), d.Size])).toEqual([
      [`${asha.clientId}/W2/ID__w2-acme.pdf`, 5000],
      [`${asha.clientId}/W2/ID__photo of w2.png`, 3000],
    ]);
    // Other categories and other clients see none of it.
    expect(await list(asha, 'OTHERDOCS')).toEqual([]);
    expect(await list(ravi)).toEqual([]);

    const download = await t.getAs(asha.sid, at(listed, 0).location);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(w2)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="w2-acme.pdf"; filename*=UTF-8''w2-acme.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
    const png = await t.getAs(asha.sid, at(listed, 1).location);
    expect(png.headers['content-type']).toBe('image/png');

    // The row records what was stored, the type found in the content, and its SHA-256.
    const rows = await t.database.db.select().from(documents).where(eq(documents.clientId, asha.clientId));
    expect(rows.map((r) => r.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.sha256))).toBe(true);
    // Stored names are the server's own: never the client's file name.
    for (const row of rows) expect(row.storageKey).toMatch(/^upload-uploaddocs\/[0-9a-f-]{36}$/);
  });

  it('a download link opens only for its own session, and a forged or altered one is refused', async () => {
    const first = at(await list(asha));
    const theirs = await t.getAs(ravi.sid, first.location);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().status_smessage).toBe(
      'This download link has expired. Please reload the page and try again.',
    );
    const altered = first.location.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.getAs(asha.sid, altered)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: first.location });
    expect(anonymous.statusCode).toBe(401);
  });

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

  it('deletes only with the session’s own uid and key; a forged uid or another client’s key changes nothing', async () => {
    await t.postFormAs(
      ravi.sid,
      '/api/upload/uploaddocs',
      uploadForm(ravi, 'OTHERDOCS', 5, [{ name: 'ravi.pdf', bytes: samplePdf(3000) }]),
    );
    const ravisDoc = at(await list(ravi, 'OTHERDOCS'));
    const ashasDoc = at(await list(asha));
    const objects = await storedObjects();

    const forgedUid = await t.postAs(asha.sid, '/api/upload/deleteuploaddoc', {
      uid: ravi.userId,
      filename: ashasDoc.Key,
    });
    expect(forgedUid.statusCode).toBe(403);
    const theirKey = await t.postAs(asha.sid, '/api/upload/deleteuploaddoc', {
      uid: asha.userId,
      filename: ravisDoc.Key,
    });
    expect(theirKey.statusCode).toBe(403);
    // Their document id inside her own folder: no such document of hers.
    const theirId = ravisDoc.Key.replace(`${ravi.clientId}/OTHERDOCS/`, `${asha.clientId}/OTHERDOCS/`);
    const res = await t.postAs(asha.sid, '/api/upload/deleteuploaddoc', {
      uid: asha.userId,
      filename: theirId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_smessage).toBe('This document was not found.');
    expect(await list(ravi, 'OTHERDOCS')).toHaveLength(1);
    expect(await storedObjects()).toEqual(objects);

    const own = await t.postAs(asha.sid, '/api/upload/deleteuploaddoc', {
      uid: asha.userId,
      filename: ashasDoc.Key,
    });
    expect(own.json()).toMatchObject({ http_code: 200, msg: 'Document deleted successfully.' });
    expect((await list(asha)).map((d) => d.Key)).not.toContain(ashasDoc.Key);
    expect(await storedObjects()).toHaveLength(objects.length - 1);
    // Its link opens nothing any more.
    expect((await t.getAs(asha.sid, ashasDoc.location)).statusCode).toBe(404);
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

  it('takes a file one byte under 6 MB, and names any file safely in its download', async () => {
    const name = 'W-2 "final"\r\n\u202Efdp.exe – Año.pdf';
    const res = await t.postFormAs(
      asha.sid,
      '/api/upload/uploaddocs',
      uploadForm(asha, '1099R-IRA', 4, [{ name, bytes: samplePdf(SIX_MB - 1) }]),
    );
    expect(res.statusCode).toBe(200);
    const doc = at(await list(asha, '1099R-IRA'));
    expect(doc.Size).toBe(SIX_MB - 1);
    // Control and format characters are gone from the stored name; the header carries it safely.
    expect(doc.Key.endsWith('__W-2 "final"fdp.exe – Año.pdf')).toBe(true);
    const download = await t.getAs(asha.sid, doc.location);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="W-2 _final_fdp.exe _ A_o.pdf"; filename*=UTF-8''W-2%20%22final%22fdp.exe%20%E2%80%93%20A%C3%B1o.pdf`,
    );
    expect(download.rawPayload.length).toBe(SIX_MB - 1);
  });

  it('a link made for one client never opens another client’s document', async () => {
    const doc = at(await list(asha, '1099R-IRA'));
    const documentId = parseDocumentKey(doc.Key)?.documentId ?? '';
    // A genuine signature, for ravi, naming asha's document: the lookup is by ravi's client, so nothing.
    const forRavi = createLinkSigner(TEST_SECRET).sign({ k: 'document', id: documentId, u: ravi.userId });
    const res = await t.getAs(ravi.sid, `/api/account/download?t=${forRavi}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('%PDF');
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

  // The local driver's own promise (S3 encrypts at rest on the provider's side).
  if (driver === 'local')
    it('keeps the bytes on disk encrypted, never the plain file', async () => {
      const marker = Buffer.from('PLAINTEXT-W2-MARKER-0123456789');
      const pdf = Buffer.concat([samplePdf(3000), marker]);
      await t.postFormAs(
        asha.sid,
        '/api/upload/uploaddocs',
        uploadForm(asha, '5498-HSA', 3, [{ name: 'hsa.pdf', bytes: pdf }]),
      );
      const files = (await readdir(t.storageRoot, { recursive: true })).filter((f) => f.endsWith('.data'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const bytes = await readFile(path.join(t.storageRoot, file));
        expect(bytes.includes(marker)).toBe(false);
        expect(bytes.subarray(0, 5).toString()).not.toBe('%PDF-');
      }
    });

  it('answers the published tax summaries of the current filing, and downloads them for their client only', async () => {
    const summary = samplePdf(8000);
    const year = await currentTaxYear(t);
    await makeTaxSummary(t, {
      clientId: asha.clientId,
      taxYear: year,
      title: 'Federal summary',
      bytes: summary,
    });
    await makeTaxSummary(t, {
      clientId: asha.clientId,
      taxYear: year,
      title: 'Draft, not for the client',
      bytes: samplePdf(2000),
      status: 'draft',
    });
    // A summary of another tax year's filing is not this year's.
    await t.database.db.insert(filings).values({ clientId: asha.clientId, taxYear: year - 1 });
    await makeTaxSummary(t, {
      clientId: asha.clientId,
      taxYear: year - 1,
      title: 'Last year',
      bytes: samplePdf(2000),
    });
    const res = await t.postAs(asha.sid, '/api/user/usersynopsys');
    const info = res.json().synopsysinfo;
    expect(
      info.map((s: { synopsys_title: string; synopsys_status: string }) => [
        s.synopsys_title,
        s.synopsys_status,
      ]),
    ).toEqual([['Federal summary', 'Ready for your review']]);
    const download = await t.getAs(asha.sid, info[0].synopsys_file);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(summary)).toBe(true);
    expect((await t.getAs(ravi.sid, info[0].synopsys_file)).statusCode).toBe(403);
    expect((await t.postAs(ravi.sid, '/api/user/usersynopsys')).json().synopsysinfo).toEqual([]);
  });
});

describe('F-18: client document deletes', () => {
  let t: TestApp;
  let meera: Session;
  const folder = () => `${meera.clientId}/W2/`;
  const listW2 = async () =>
    (await t.postAs(meera.sid, '/api/upload/getuploaddocs', { folderPath: folder() })).json().data
      .Contents as {
      Key: string;
    }[];
  const deletes = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'documents.delete'));

  beforeAll(async () => {
    t = await createTestApp();
    meera = await signUpAndLogIn(t, 'meera.f18@example.com', { first: 'Meera', last: 'Nair' });
    for (const name of ['w2-a.pdf', 'w2-b.pdf']) {
      const res = await t.postFormAs(
        meera.sid,
        '/api/upload/uploaddocs',
        uploadForm(meera, 'W2', 1, [{ name, bytes: samplePdf(3000) }]),
      );
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('F-18: a delete while documents are collected is audited (who, which document, from where)', async () => {
    const [first] = await listW2();
    const res = await t.postAs(meera.sid, '/api/upload/deleteuploaddoc', {
      uid: meera.userId,
      filename: first?.Key,
    });
    expect(res.statusCode, res.body).toBe(200);
    const documentId = parseDocumentKey(first?.Key ?? '')?.documentId;
    expect(await deletes()).toEqual([
      expect.objectContaining({
        actorUserId: meera.userId,
        clientId: meera.clientId,
        subject: `W2/${documentId}`,
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('F-18: once the filing is past the document-upload stage, a delete is refused (422) and changes nothing', async () => {
    await t.database.db
      .update(filings)
      .set({ status: 'Preparation Pending' })
      .where(eq(filings.clientId, meera.clientId));
    const [kept] = await listW2();
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, parseDocumentKey(kept?.Key ?? '')?.documentId ?? ''));
    const res = await t.postAs(meera.sid, '/api/upload/deleteuploaddoc', {
      uid: meera.userId,
      filename: kept?.Key,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(
      'Your documents can no longer be deleted while we prepare your return. Please contact us to make a change.',
    );
    expect((await listW2()).map((d) => d.Key)).toEqual([kept?.Key]);
    await expect(t.storage.get(row?.storageKey ?? '')).resolves.toBeDefined();
    expect(await deletes()).toHaveLength(1);
    // Back in Other Docs Pending (still collecting), it may be deleted again.
    await t.database.db
      .update(filings)
      .set({ status: 'Other Docs Pending' })
      .where(eq(filings.clientId, meera.clientId));
    const again = await t.postAs(meera.sid, '/api/upload/deleteuploaddoc', {
      uid: meera.userId,
      filename: kept?.Key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await deletes()).toHaveLength(2);
  });
});

describe('the tax summary held until paid (issue 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const hold = (on: boolean) =>
    t.database.db
      .update(siteSettings)
      .set({ invoiceHoldSummary: on })
      .where(eq(siteSettings.singleton, true));
  type Listed = { synopsys_title: string; synopsys_file: string; held_until_paid?: boolean };
  const listed = async (sid: string) =>
    (await t.postAs(sid, '/api/user/usersynopsys')).json().synopsysinfo as Listed[];

  it("lists it as held, with no link, and refuses its download while the year's invoice has a balance; never without the setting", async () => {
    const client = await signUpAndLogIn(t, `held-${Date.now()}@example.com`);
    const year = await currentTaxYear(t);
    const bytes = samplePdf(5000);
    await makeTaxSummary(t, { clientId: client.clientId, taxYear: year, title: 'Final summary', bytes });
    // Another year's unpaid invoice, a draft and a void one hold nothing.
    await t.database.db.insert(filings).values({ clientId: client.clientId, taxYear: year - 1 });
    await makeInvoice(t.database.db, { clientId: client.clientId, taxYear: year - 1, totalCents: 9000 });
    await makeInvoice(t.database.db, {
      clientId: client.clientId,
      taxYear: year,
      totalCents: 9000,
      status: 'draft',
    });
    await makeInvoice(t.database.db, {
      clientId: client.clientId,
      taxYear: year,
      totalCents: 9000,
      status: 'void',
    });
    await hold(true);
    try {
      const [free] = await listed(client.sid);
      expect(free).toMatchObject({ synopsys_title: 'Final summary', held_until_paid: false });
      const oldLink = free?.synopsys_file ?? '';
      expect((await t.getAs(client.sid, oldLink)).statusCode).toBe(200);

      const invoice = await makeInvoice(t.database.db, {
        clientId: client.clientId,
        taxYear: year,
        totalCents: 35000,
      });
      const [held] = await listed(client.sid);
      expect(held).toEqual({
        synopsys_title: 'Final summary',
        synopsys_file: '',
        synopsys_status: 'Ready for your review',
        held_until_paid: true,
      });
      // A link given out before the invoice opens nothing while it holds.
      const refused = await t.getAs(client.sid, oldLink);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().status_smessage).toBe('Available once your invoice is paid.');

      // Partly paid: still held. Paid: available again.
      await t.database.db
        .update(invoices)
        .set({ status: 'partly_paid', paidCents: 20000 })
        .where(eq(invoices.id, invoice.id));
      expect((await listed(client.sid))[0]?.held_until_paid).toBe(true);
      await t.database.db
        .update(invoices)
        .set({ status: 'paid', paidCents: 35000 })
        .where(eq(invoices.id, invoice.id));
      const [paid] = await listed(client.sid);
      expect(paid?.held_until_paid).toBe(false);
      const download = await t.getAs(client.sid, paid?.synopsys_file ?? '');
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);

      // Owing again, with the setting off: never held.
      await makeInvoice(t.database.db, { clientId: client.clientId, taxYear: year, totalCents: 5000 });
      expect((await listed(client.sid))[0]?.held_until_paid).toBe(true);
      await hold(false);
      const [off] = await listed(client.sid);
      expect(off?.held_until_paid).toBe(false);
      expect((await t.getAs(client.sid, off?.synopsys_file ?? '')).statusCode).toBe(200);
    } finally {
      await hold(false);
    }
  });
});
