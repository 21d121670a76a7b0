/**
 * What the client documents tests share (documents, document-refusals, documents.staff, tax-summary-hold):
 * the upload form as the portal sends it, and an app on local or S3 storage with two clients, its stored
 * objects, a real port and a hand-written upload for what light-my-request cannot do.
 */
import { readdir } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import {
  createTestApp,
  csrfFor,
  signUpAndLogIn,
  type ClientSession as Session,
  type TestApp,
} from '../../../../test/helpers.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../../../../test/s3.ts';

export const SIX_MB = 6_291_456;

/** The item at `index`, which the test expects to be there. */
export function at<T>(items: readonly T[], index = 0): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at ${index}`);
  return item;
}

/** The upload form in the order the page sends it: the fields, then the files. */
export function uploadForm(
  who: Pick<Session, 'clientId'>,
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

/**
 * An app on `driver` storage for the describe block, with Asha and Ravi signed up (their addresses carry the
 * driver), and what the tests read of it. `t`, `asha` and `ravi` are filled before the first test.
 */
export function useDocumentStorage(driver: 'local' | 's3') {
  const t = {} as TestApp;
  const asha = {} as Session;
  const ravi = {} as Session;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3() : undefined;
    Object.assign(t, await createTestApp({}, s3 ? { storage: s3.storage } : {}));
    Object.assign(asha, await signUpAndLogIn(t, `asha.docs.${driver}@example.com`));
    Object.assign(
      ravi,
      await signUpAndLogIn(t, `ravi.docs.${driver}@example.com`, { first: 'Ravi', last: 'Kumar' }),
    );
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
  return { t, asha, ravi, storedObjects, listening, rawUpload, list };
}
