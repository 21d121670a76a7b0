import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { careerApplications } from '@taxfirm/db';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, postFromAddress as postFrom, useTestApp } from '../../../test/helpers.ts';
import { CAREER_APPLICATION } from '../../../test/samples.ts';
import { sampleDoc, sampleDocx, samplePdf, samplePng } from '../../../test/files.ts';
import { expectFieldErrors, expectAnswered } from '../../../test/answers.ts';

const t = useTestApp();

const VALID = CAREER_APPLICATION;

function form(fields: Record<string, string> = VALID, files: [string, Blob, string][] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, blob, filename] of files) data.append(name, blob, filename);
  return data;
}

const applications = () => t.database.db.select().from(careerApplications);

/**
 * Each test posts as a visitor of its own (F-05 allows 5 applications an hour per IP address), as a
 * person would, instead of counting the whole file as one address.
 */
let visitorCount = 0;
let visitor = '';

const post = (url: string, body: Record<string, string>) => postFrom(t, visitor, url, body);
const postForm = (url: string, body: FormData) => postFrom(t, visitor, url, body);

/** Every file under the storage root (data and metadata), recursively. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.storageRoot, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

beforeEach(async () => {
  visitor = `192.0.2.${++visitorCount}`;
  await t.database.db.delete(careerApplications).where(sql`true`);
  await rm(t.storageRoot, { recursive: true, force: true });
  await mkdir(t.storageRoot);
});

describe('settings/careerssubmit', () => {
  it("stores the spec's JSON payload and answers 'Submitted successfully.'", async () => {
    const res = await post('/api/settings/careerssubmit', VALID);
    expectAnswered(res, 'Submitted successfully.');
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
    const res = await postForm(
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
    // One 64 KiB segment: the bytes and its 16-byte GCM tag.
    expect(onDisk.length).toBe(pdf.length + 16);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.includes(Buffer.from('xxxxxxxx'))).toBe(false);
  });

  it('accepts Word files, .docx and .doc, by their content', async () => {
    const docx = await postForm(
      '/api/settings/careerssubmit',
      form({ ...VALID, firstname: 'Docx' }, [['resume', new Blob([sampleDocx()]), 'cv.docx']]),
    );
    const doc = await postForm(
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
    const res = await postForm('/api/settings/careerssubmit', form(VALID, [['resume', new Blob([]), '']]));
    expect(res.json(), res.body).toMatchObject({ http_code: 200 });
    expect((await applications())[0]?.resumeKey).toBeNull();
  });

  it("answers the spec's messages for every missing field, storing nothing, not even the résumé", async () => {
    const res = await postForm(
      '/api/settings/careerssubmit',
      form({ firstname: ' ', lastname: '', emailaddress: '', phone: '', message: '' }, [
        ['resume', new Blob([samplePdf()]), 'cv.pdf'],
      ]),
    );
    expectFieldErrors(res, {
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
    const res = await postForm(
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
    const tooBig = await postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(6_291_456)]), 'cv.pdf']]),
    );
    expectFieldErrors(tooBig, { resume: 'Resume size should be less than 6MB' });
    expect(await applications()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);

    const justUnder = await postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(6_291_455)]), 'cv.pdf']]),
    );
    expect(justUnder.statusCode).toBe(200);
    expect((await applications())[0]?.resumeSize).toBe(6_291_455);
  });

  it('refuses a file of 1024 bytes or less', async () => {
    const res = await postForm(
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePdf(1024)]), 'cv.pdf']]),
    );
    expectFieldErrors(res, { resume: 'This file is empty or too small to be a document' });
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a second résumé and any other file field, keeping nothing', async () => {
    const two = await postForm(
      '/api/settings/careerssubmit',
      form(VALID, [
        ['resume', new Blob([samplePdf()]), 'a.pdf'],
        ['resume', new Blob([samplePdf()]), 'b.pdf'],
      ]),
    );
    const other = await postForm(
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
        remoteAddress: visitor,
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
    const res = await postForm('/api/savecontactinfo', form({ c_name: 'x' }));
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

describe('F-05: the public Careers form is rate limited and its résumés are capped per day', () => {
  const TOO_MANY = {
    http_code: 429,
    code: 'TOO_MANY_REQUESTS',
    status_smessage: 'Too many attempts. Please wait a moment and try again.',
  };
  const withResume = (firstname: string, bytes = 20_000) =>
    form({ ...VALID, firstname }, [['resume', new Blob([samplePdf(bytes)]), 'cv.pdf']]);

  it('F-05: the 6th application in an hour from one IP gets 429 before its résumé is read, and stores nothing; other IPs are unaffected', async () => {
    const flooder = '203.0.113.5';
    for (let n = 1; n <= 5; n++) {
      const res = await postFrom(t, flooder, '/api/settings/careerssubmit', withResume(`Flood${n}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    const rowsBefore = (await applications()).length;
    const filesBefore = (await storedFiles()).sort();
    expect(rowsBefore).toBe(5);

    const sixth = await postFrom(t, flooder, '/api/settings/careerssubmit', withResume('Flood6'));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(TOO_MANY);
    // A body that reading would refuse (a PNG as résumé: 400) is never read: the limit answers first.
    const unread = await postFrom(
      t,
      flooder,
      '/api/settings/careerssubmit',
      form(VALID, [['resume', new Blob([samplePng()]), 'cv.pdf']]),
    );
    expect(unread.statusCode).toBe(429);
    // The JSON form counts against the same address.
    expect((await postFrom(t, flooder, '/api/settings/careerssubmit', VALID)).statusCode).toBe(429);
    expect(await applications()).toHaveLength(rowsBefore);
    expect((await storedFiles()).sort()).toEqual(filesBefore);

    const neighbour = await postFrom(
      t,
      '203.0.113.6',
      '/api/settings/careerssubmit',
      withResume('Neighbour'),
    );
    expect(neighbour.statusCode, neighbour.body).toBe(200);
    expect(await applications()).toHaveLength(rowsBefore + 1);
  });

  it("F-05: résumé bytes per day across everyone are capped: over it, 'We can't accept more résumés today…', nothing kept", async () => {
    // An app of its own, with a cap of 50 000 bytes a day (CAREERS_RESUME_BYTES_PER_DAY).
    const capped = await createTestApp({ careers: { resumeBytesPerDay: 50_000 } });
    try {
      const rows = () => capped.database.db.select().from(careerApplications);
      const files = async () =>
        (await readdir(capped.storageRoot, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort();
      const submit = (ip: string, body: FormData | Record<string, string>) =>
        postFrom(capped, ip, '/api/settings/careerssubmit', body);

      expect((await submit('198.51.100.1', withResume('First', 30_000))).statusCode).toBe(200);
      const filesAfterFirst = await files();
      expect(filesAfterFirst.length).toBeGreaterThan(0);

      // 30 000 + 30 000 is over the cap, whoever sends it: refused on the résumé field, its file removed.
      const over = await submit('198.51.100.2', withResume('Second', 30_000));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        http_code: 400,
        status_smessage: "We can't accept more résumés today. Please e-mail us or try tomorrow.",
        details: { resume: "We can't accept more résumés today. Please e-mail us or try tomorrow." },
      });
      expect((await rows()).map((r) => r.firstName)).toEqual(['First']);
      expect(await files()).toEqual(filesAfterFirst);

      // An application without a résumé is still taken, and a résumé that fits exactly is too.
      expect((await submit('198.51.100.3', { ...VALID, firstname: 'NoCv' })).statusCode).toBe(200);
      expect((await submit('198.51.100.4', withResume('Fits', 20_000))).statusCode).toBe(200);
      expect((await submit('198.51.100.5', withResume('Tiny', 2_000))).statusCode).toBe(400);

      // The cap is per 24 hours: résumés older than that no longer count.
      await capped.database.db
        .update(careerApplications)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(sql`true`);
      expect((await submit('198.51.100.6', withResume('Tomorrow', 30_000))).statusCode).toBe(200);
      expect((await rows()).map((r) => r.firstName).sort()).toEqual(['First', 'Fits', 'NoCv', 'Tomorrow']);
    } finally {
      await capped.close();
    }
  });
});
