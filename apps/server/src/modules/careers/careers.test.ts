import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { careerApplications } from '@taxfirm/db';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { CAREER_APPLICATION } from '../../../test/samples.ts';
import { sampleDoc, sampleDocx, samplePdf, samplePng } from '../../../test/files.ts';

const t = useTestApp();

const VALID = CAREER_APPLICATION;

function form(fields: Record<string, string> = VALID, files: [string, Blob, string][] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, blob, filename] of files) data.append(name, blob, filename);
  return data;
}

const applications = () => t.database.db.select().from(careerApplications);

/** Every file under the storage root (data and metadata), recursively. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.storageRoot, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

beforeEach(async () => {
  await t.database.db.delete(careerApplications).where(sql`true`);
  await rm(t.storageRoot, { recursive: true, force: true });
  await mkdir(t.storageRoot);
});

describe('settings/careerssubmit', () => {
  it("stores the spec's JSON payload and answers 'Submitted successfully.'", async () => {
    const res = await t.post('/api/settings/careerssubmit', VALID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ http_code: 200, status_smessage: 'Submitted successfully.' });
    const rows = await applications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya@example.com',
      phone: '9876543210',
      phoneExt: 'INDIA',
      message: VALID.message,
      resumeKey: null,
      status: 'new',
    });
  });

  it('stores a multipart application with its résumé, encrypted at rest, and records its hash', async () => {
    const pdf = samplePdf(20_000);
    const res = await t.postForm(
      '/api/settings/careerssubmit',
      form({ ...VALID, firstname: 'Ravi' }, [['resume', new Blob([pdf]), '../../etc/My CV.pdf']]),
    );
    expect(res.statusCode).toBe(200);
    const row = (await applications()).find((r) => r.firstName === 'Ravi');
    expect(row).toMatchObject({
      // The parser keeps only the base name.
      resumeName: 'My CV.pdf',
      resumeType: 'application/pdf',
      resumeSize: 20_000,
      resumeSha256: createHash('sha256').update(pdf).digest('hex'),
    });
    // The key is the server's own, never the applicant's file name.
    const key = row?.resumeKey ?? '';
    expect(key).toMatch(/^settings-careerssubmit\/[0-9a-f-]{36}$/);
    const back = await buffer(await t.storage.get(key));
    expect(back.equals(pdf)).toBe(true);
    // On disk the bytes are ciphertext: the PDF header and padding are nowhere to be read.
    const onDisk = await readFile(`${t.storageRoot}/${key}.data`);
    expect(onDisk.length).toBe(pdf.length);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.includes(Buffer.from('xxxxxxxx'))).toBe(false);
  });

  it('accepts Word files, .docx and .doc, by their content', async () => {
    const docx = await t.postForm(
      '/api/settings/careerssubmit',
      form({ ...VALID, firstname: 'Docx' }, [['resume', new Blob([sampleDocx()]), 'cv.docx']]),
    );
    const doc = await t.postForm(
      '/api/settings/careerssubmit',
      form({ ...VALID, firstname: 'Doc' }, [['resume', new Blob([sampleDoc()]), 'cv.doc']]),
    );
    expect([docx.statusCode, doc.statusCode]).toEqual([200, 200]);
    const types = Object.fromEntries((await applications()).map((r) => [r.firstName, r.resumeType]));
    expect(types).toEqual({
      Docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      Doc: 'application/msword',
    });
  });

  it('treats an empty file input as no résumé', async () => {
    const res = await t.postForm('/api/settings/careerssubmit', form(VALID, [['resume', new Blob([]), '']]));
    expect(res.json(), res.body).toMatchObject({ http_code: 200 });
    expect((await applications())[0]?.resumeKey).toBeNull();
  });

  it("answers the spec's messages for every missing field, storing nothing, not even the résumé", async () => {
    const res = await t.postForm(
      '/api/settings/careerssubmit',
      form({ firstname: ' ', lastname: '', emailaddress: '', phone: '', message: '' }, [
        ['resume', new Blob([samplePdf()]), 'cv.pdf'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      firstname: 'Firstname is required',
      lastname: 'Lastname is required',
      emailaddress: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file whose content is not PDF or Word, whatever its name and declared type', async () => {
    const res = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePng()], { type: 'application/pdf' }), 'cv.pdf']]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status_smessage: 'Resume must be a PDF or Word document',
      details: { resume: 'Resume must be a PDF or Word document' },
    });
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a résumé of 6 MB (6291456 bytes) and keeps nothing; one byte less is stored', async () => {
    const tooBig = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(6_291_456)]), 'cv.pdf']]),
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details).toEqual({ resume: 'Resume size should be less than 6MB' });
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);

    const justUnder = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(6_291_455)]), 'cv.pdf']]),
    );
    expect(justUnder.statusCode).toBe(200);
    expect((await applications())[0]?.resumeSize).toBe(6_291_455);
  });

  it('refuses a file of 1024 bytes or less', async () => {
    const res = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(1024)]), 'cv.pdf']]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ resume: 'This file is empty or too small to be a document' });
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a second résumé and any other file field, keeping nothing', async () => {
    const two = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [
        ['resume', new Blob([samplePdf()]), 'a.pdf'],
        ['resume', new Blob([samplePdf()]), 'b.pdf'],
      ]),
    );
    const other = await t.postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['photo', new Blob([samplePdf()]), 'a.pdf']]),
    );
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
    expect(other.statusCode).toBe(400);
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('answers a malformed multipart body with 400, never a 500, and keeps nothing', async () => {
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/careerssubmit',
        cookies: { 'XSRF-TOKEN': t.csrfToken },
        headers: { 'X-XSRF-TOKEN': t.csrfToken, 'content-type': contentType },
        payload,
      });
    const noBoundary = await post('multipart/form-data', 'garbage');
    const cutShort = await post(
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="firstname"\r\n\r\nPriya',
    );
    const fileCutShort = await post(
      'multipart/form-data; boundary=zzz',
      `--zzz\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${samplePdf(70_000).toString('latin1')}`,
    );
    for (const res of [noBoundary, cutShort, fileCutShort]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ http_code: 400, code: 'MALFORMED_BODY' });
    }
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a multipart body on a call that takes only JSON', async () => {
    const res = await t.postForm('/api/savecontactinfo', form({ c_name: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_BODY');
  });

  it('refuses a multipart post without the CSRF token before reading any file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/careerssubmit',
      payload: form(VALID, [['resume', new Blob([samplePdf()]), 'cv.pdf']]),
    });
    expect(res.statusCode).toBe(403);
    expect(await storedFiles()).toEqual([]);
  });
});
