/**
 * The client's documents on local and S3 storage: uploads stored, listed and downloaded, links that open for
 * their own session and client only, deletes (F-18: audited, refused past the upload stage), and the files
 * encrypted at rest. The refusals are in document-refusals.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocumentKey } from '@taxfirm/contract';
import { auditLog, documents, eq, filings } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeTaxSummary } from '../../../test/factories.ts';
import { samplePdf, samplePng } from '../../../test/files.ts';
import {
  createTestApp,
  signUpAndLogIn,
  TEST_SECRET,
  type ClientSession as Session,
  type TestApp,
} from '../../../test/helpers.ts';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { at, SIX_MB, uploadForm, useDocumentStorage } from './testing/documents-kit.ts';

describe.each(['local', 's3'] as const)('documents on %s storage', (driver) => {
  const { t, asha, ravi, storedObjects, list } = useDocumentStorage(driver);

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
    // A client no one else signs in with gets the spec's list, exactly (issue 38 adds uploaded_by to households).
    expect(Object.keys(first ?? {}).sort()).toEqual(['Key', 'Size', 'location']);
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
