import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, auditLog, clients, documents, eq, filings } from '@taxfirm/db';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm } from '../../../test/factories.ts';
import { sampleDoc, samplePdf, samplePng } from '../../../test/files.ts';
import {
  signUpAndLogIn,
  TEST_SECRET,
  useTestApp,
  type ClientSession as Session,
  type StaffSession,
} from '../../../test/helpers.ts';
import { createLinkSigner, createStaffLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { uploadForm } from './testing/documents-kit.ts';

type Listed = {
  document_id: string;
  name: string;
  size: number;
  content_type: string;
  uploaded_at: string;
  preview_url: string | null;
  download_url: string;
};
type Listing = {
  tax_year: number;
  categories: { category: string; label: string; documents: Listed[] }[];
  zip_url: string | null;
  zip_name: string;
  links_ttl_s: number;
};

const t = useTestApp();
let admin: StaffSession;
let analyst: StaffSession;
let otherAnalyst: StaffSession;
let asha: Session;
let ravi: Session;
let nofile: Session;
let taxYear: number;

/** What each of Asha's documents holds, by its name in the ZIP. */
const ashaFiles = {
  w2First: samplePdf(4096),
  w2Second: samplePdf(5000),
  scan: samplePng(3000),
  letter: sampleDoc(2048),
  odd: samplePdf(2222),
};
const raviFile = samplePdf(7777);

async function upload(
  who: Session,
  category: string,
  uptId: number,
  files: { name: string; bytes: Buffer; type: string }[],
) {
  const res = await t.postFormAs(who.sid, '/api/upload/uploaddocs', uploadForm(who, category, uptId, files));
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
}

/** A document row whose stored name came from elsewhere (an import, an older version): not cleaned on upload. */
async function storeDirectly(who: Session, name: string, bytes: Buffer) {
  const [filing] = await t.database.db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, who.clientId), eq(filings.taxYear, taxYear)));
  if (!filing) throw new Error('no filing');
  const storageKey = `upload-uploaddocs/${randomUUID()}`;
  const stored = await t.storage.put(storageKey, Readable.from([bytes]));
  await t.database.db.insert(documents).values({
    filingId: filing.id,
    clientId: who.clientId,
    category: 'OTHERDOCS',
    originalName: name,
    size: stored.size,
    contentType: 'application/pdf',
    storageKey,
    sha256: stored.sha256,
  });
}

async function assign(who: Session, to: string | null, status: 'Docs Upload Pending' | 'To Be Assigned') {
  await t.database.db
    .update(filings)
    .set({ status, assignedTo: to })
    .where(eq(filings.clientId, who.clientId));
}

const list = (sid: string, clientId: string, body: Record<string, unknown> = {}) =>
  t.postAs(sid, '/api/staff/clients/documents', { client_id: clientId, ...body });

async function listing(sid: string, who: Session): Promise<Listing> {
  const res = await list(sid, who.clientId);
  if (res.statusCode !== 200) throw new Error(`listing failed: ${res.body}`);
  return res.json() as Listing;
}

const docs = (body: Listing) => body.categories.flatMap((c) => c.documents);
const docNamed = (body: Listing, name: string) => {
  const found = docs(body).find((d) => d.name === name);
  if (!found) throw new Error(`no document ${name}`);
  return found;
};

const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** Exactly one `action` row more than `before`, the newest the analyst's on Asha's file about `subject`. */
async function expectAnalystAudit(action: string, before: number, subject: string) {
  const rows = await auditRows(action);
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)).toMatchObject({
    actorUserId: analyst.userId,
    clientId: asha.clientId,
    subject,
  });
}

/** The token in a link, and the same link with another token. */
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('t') ?? '';

beforeAll(async () => {
  ({ taxYear, admin, analyst, otherAnalyst, asha, ravi } = await seedFirm(t, { tag: 'staffdocs' }));
  nofile = await signUpAndLogIn(t, 'dsouza.staffdocs@example.com', { first: 'Neil', last: 'Souza' });
  // A name registration would refuse today (an apostrophe) but an older account may hold.
  await t.database.db.update(clients).set({ lastName: "D'Souza" }).where(eq(clients.id, nofile.clientId));
  await upload(asha, 'W2', 1, [
    { name: 'w2.pdf', bytes: ashaFiles.w2First, type: 'application/pdf' },
    { name: 'W2.pdf', bytes: ashaFiles.w2Second, type: 'application/pdf' },
  ]);
  await upload(asha, 'OTHERDOCS', 5, [{ name: 'scan.png', bytes: ashaFiles.scan, type: 'image/png' }]);
  await upload(asha, '1099B-G', 2, [
    { name: 'letter.doc', bytes: ashaFiles.letter, type: 'application/msword' },
  ]);
  await storeDirectly(asha, '../../etc/pass:wd.pdf', ashaFiles.odd);
  await upload(ravi, 'W2', 1, [{ name: 'ravi-w2.pdf', bytes: raviFile, type: 'application/pdf' }]);
  await t.database.db.update(clients).set({ fileNumber: 'TF25-0001' }).where(eq(clients.id, asha.clientId));
  await assign(asha, analyst.userId, 'Docs Upload Pending');
  await assign(ravi, otherAnalyst.userId, 'Docs Upload Pending');
  await upload(nofile, 'W2', 1, [{ name: 'w2.pdf', bytes: samplePdf(3000), type: 'application/pdf' }]);
  await assign(nofile, analyst.userId, 'Docs Upload Pending');
});

describe('staff/clients/documents', () => {
  it("lists the filing's documents by category, in the portal's order, with links (audited)", async () => {
    const before = (await auditRows('staff.documents.list')).length;
    const body = await listing(analyst.sid, asha);
    expect(body.tax_year).toBe(taxYear);
    expect(body.zip_name).toBe('TF25-0001.zip');
    expect(body.links_ttl_s).toBe(LINK_TTL_MS / 1000);
    expect(body.categories.map((c) => [c.category, c.label, c.documents.map((d) => d.name)])).toEqual([
      ['W2', 'W2', ['w2.pdf', 'W2.pdf']],
      ['1099B-G', '1099 B-G', ['letter.doc']],
      ['5498-HSA', '5498/HSA', []],
      ['1099R-IRA', '1099R/IRA', []],
      ['1098-1098T', '1098/1098-T', []],
      ['OTHERDOCS', 'OTHER DOCS', ['scan.png', '../../etc/pass:wd.pdf']],
    ]);
    const w2 = docNamed(body, 'w2.pdf');
    expect(w2).toMatchObject({ size: 4096, content_type: 'application/pdf' });
    expect(Date.parse(w2.uploaded_at)).not.toBeNaN();
    expect(w2.preview_url).toMatch(/^\/api\/staff\/documents\/file\?t=[\w-]+\.[\w-]+&inline=1$/);
    expect(w2.download_url).toMatch(/^\/api\/staff\/documents\/file\?t=[\w-]+\.[\w-]+$/);
    expect(docNamed(body, 'scan.png').preview_url).not.toBeNull();
    // A Word file is not shown by a browser: download only.
    expect(docNamed(body, 'letter.doc')).toMatchObject({
      content_type: 'application/msword',
      preview_url: null,
    });
    expect(body.zip_url).toMatch(/^\/api\/staff\/documents\/zip\?t=/);
    await expectAnalystAudit('staff.documents.list', before, String(taxYear));
  });

  it('names the ZIP after the last name and tax year when the client has no file number', async () => {
    expect((await listing(analyst.sid, nofile)).zip_name).toBe(`D-Souza-${taxYear}.zip`);
  });

  it('answers no ZIP link for a year without documents', async () => {
    const body = (await list(analyst.sid, asha.clientId, { taxy: taxYear - 1 })).json();
    // No filing that year: nothing to list.
    expect(body.code).toBe('NOT_FOUND');
    await t.database.db.insert(filings).values({
      clientId: asha.clientId,
      taxYear: taxYear - 1,
      status: 'Docs Upload Pending',
      assignedTo: analyst.userId,
    });
    const empty = (await list(analyst.sid, asha.clientId, { taxy: taxYear - 1 })).json() as Listing;
    expect(docs(empty)).toEqual([]);
    expect(empty.zip_url).toBeNull();
  });

  it("refuses another analyst's client (403), a client session (403) and no session (401)", async () => {
    const before = (await auditRows('staff.documents.list')).length;
    const other = await list(otherAnalyst.sid, asha.clientId);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('w2.pdf');
    expect((await list(asha.sid, asha.clientId)).statusCode).toBe(403);
    expect((await t.post('/api/staff/clients/documents', { client_id: asha.clientId })).statusCode).toBe(401);
    expect((await list(analyst.sid, 'not-a-uuid')).statusCode).toBe(400);
    expect(await auditRows('staff.documents.list')).toHaveLength(before);
  });
});

describe('preview and download', () => {
  it('previews a PDF and an image inline, with their exact bytes and headers (audited)', async () => {
    const body = await listing(analyst.sid, asha);
    const w2 = docNamed(body, 'w2.pdf');
    const before = (await auditRows('staff.document.download')).length;
    const res = await t.getAs(analyst.sid, w2.preview_url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(ashaFiles.w2First)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe('4096');
    expect(res.headers['content-disposition']).toBe(`inline; filename="w2.pdf"; filename*=UTF-8''w2.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    // Chrome's PDF viewer may draw it; no script may run and nothing may frame it.
    expect(res.headers['content-security-policy']).toContain("object-src 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await expectAnalystAudit('staff.document.download', before, w2.document_id);

    const png = await t.getAs(analyst.sid, docNamed(body, 'scan.png').preview_url ?? '');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^inline; filename="scan.png"/);
    expect(png.rawPayload.equals(ashaFiles.scan)).toBe(true);
  });

  it('downloads as an attachment, and never shows a Word file inline even when asked', async () => {
    const body = await listing(analyst.sid, asha);
    const w2 = await t.getAs(analyst.sid, docNamed(body, 'W2.pdf').download_url);
    expect(w2.headers['content-disposition']).toBe(`attachment; filename="W2.pdf"; filename*=UTF-8''W2.pdf`);
    expect(w2.rawPayload.equals(ashaFiles.w2Second)).toBe(true);
    const letter = docNamed(body, 'letter.doc');
    const forced = await t.getAs(analyst.sid, `${letter.download_url}&inline=1`);
    expect(forced.statusCode).toBe(200);
    expect(forced.headers['content-type']).toBe('application/msword');
    expect(forced.headers['content-disposition']).toMatch(/^attachment; filename="letter.doc"/);
    expect(forced.rawPayload.equals(ashaFiles.letter)).toBe(true);
    // A download keeps the site's own policy.
    expect(forced.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it("lets an admin open any client's document", async () => {
    const body = await listing(admin.sid, ravi);
    const res = await t.getAs(admin.sid, docNamed(body, 'ravi-w2.pdf').download_url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(raviFile)).toBe(true);
  });

  it("cannot turn a link for one client's document into another's", async () => {
    const mine = docNamed(await listing(analyst.sid, asha), 'w2.pdf');
    const raviDoc = docNamed(await listing(admin.sid, ravi), 'ravi-w2.pdf');
    const [data = '', mac = ''] = tokenOf(mine.download_url).split('.');
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...payload, id: raviDoc.document_id })).toString(
      'base64url',
    );
    const before = (await auditRows('staff.document.download')).length;
    const res = await t.getAs(analyst.sid, `/api/staff/documents/file?t=${swapped}.${mac}`);
    expect(res.statusCode).toBe(403);
    expect(res.rawPayload.includes(raviFile)).toBe(false);
    // The admin's genuine link to Ravi's document is the admin's alone.
    const borrowed = await t.getAs(analyst.sid, raviDoc.download_url);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.body).not.toContain('%PDF');
    expect(await auditRows('staff.document.download')).toHaveLength(before);
  });

  it('refuses an analyst who may not work the file, even with a genuine link made for them', async () => {
    const raviDoc = docNamed(await listing(admin.sid, ravi), 'ravi-w2.pdf');
    const signer = createStaffLinkSigner(TEST_SECRET);
    const token = signer.sign({ k: 'document', id: raviDoc.document_id, u: analyst.userId });
    const res = await t.getAs(analyst.sid, `/api/staff/documents/file?t=${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('%PDF');
  });

  it('refuses an expired, tampered or missing link with no bytes', async () => {
    const w2 = docNamed(await listing(analyst.sid, asha), 'w2.pdf');
    const signer = createStaffLinkSigner(TEST_SECRET);
    const expired = signer.sign(
      { k: 'document', id: w2.document_id, u: analyst.userId },
      Date.now() - LINK_TTL_MS - 1,
    );
    const token = tokenOf(w2.download_url);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [
      `/api/staff/documents/file?t=${expired}`,
      `/api/staff/documents/file?t=${tampered}`,
      '/api/staff/documents/file',
      '/api/staff/documents/file?t=garbage',
    ]) {
      const res = await t.getAs(analyst.sid, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.body).not.toContain('%PDF');
    }
    // A ZIP link does not open a single document, and the other way round.
    const zip = signer.sign({ k: 'zip', id: w2.document_id, u: analyst.userId });
    expect((await t.getAs(analyst.sid, `/api/staff/documents/file?t=${zip}`)).statusCode).toBe(403);
  });

  it("keeps staff links and the client's own links apart", async () => {
    const w2 = docNamed(await listing(analyst.sid, asha), 'w2.pdf');
    // The client holding a staff link: refused before the link is read.
    const byClient = await t.getAs(asha.sid, w2.download_url);
    expect(byClient.statusCode).toBe(403);
    expect(byClient.body).not.toContain('%PDF');
    // Nor does a staff link open in the portal's download route.
    const portal = await t.getAs(asha.sid, `/api/account/download?t=${tokenOf(w2.download_url)}`);
    expect(portal.statusCode).toBe(403);
    // A portal link (signed for the staff member's id) does not open here.
    const clientLink = createLinkSigner(TEST_SECRET).sign({
      k: 'document',
      id: w2.document_id,
      u: analyst.userId,
    });
    expect((await t.getAs(analyst.sid, `/api/staff/documents/file?t=${clientLink}`)).statusCode).toBe(403);
    // No session at all.
    const none = await t.app.inject({ method: 'GET', url: w2.download_url });
    expect(none.statusCode).toBe(401);
  });
});

describe('download all as ZIP', () => {
  it('streams every document of the filing, with the exact bytes, named after the file number (audited)', async () => {
    const body = await listing(analyst.sid, asha);
    const before = (await auditRows('staff.documents.zip')).length;
    const res = await t.getAs(analyst.sid, body.zip_url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="TF25-0001.zip"; filename*=UTF-8''TF25-0001.zip`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'W2/w2.pdf',
        'W2/W2 (2).pdf',
        '1099B-G/letter.doc',
        'OTHERDOCS/scan.png',
        'OTHERDOCS/pass_wd.pdf',
      ].sort(),
    );
    const bytes = (name: string) => Buffer.from(entries[name] ?? new Uint8Array());
    expect(bytes('W2/w2.pdf').equals(ashaFiles.w2First)).toBe(true);
    expect(bytes('W2/W2 (2).pdf').equals(ashaFiles.w2Second)).toBe(true);
    expect(bytes('1099B-G/letter.doc').equals(ashaFiles.letter)).toBe(true);
    expect(bytes('OTHERDOCS/scan.png').equals(ashaFiles.scan)).toBe(true);
    expect(bytes('OTHERDOCS/pass_wd.pdf').equals(ashaFiles.odd)).toBe(true);
    // Ravi's document is in nobody else's ZIP.
    expect(res.rawPayload.includes(raviFile)).toBe(false);
    await expectAnalystAudit('staff.documents.zip', before, String(taxYear));
  });

  it("refuses another analyst's client (403), a client session (403) and no session (401), with no bytes", async () => {
    const body = await listing(analyst.sid, asha);
    const zipUrl = body.zip_url ?? '';
    const before = (await auditRows('staff.documents.zip')).length;
    // The other analyst with the first analyst's link, and with a genuine link made for them.
    expect((await t.getAs(otherAnalyst.sid, zipUrl)).statusCode).toBe(403);
    const [filing] = await t.database.db
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.clientId, asha.clientId), eq(filings.taxYear, taxYear)));
    const own = createStaffLinkSigner(TEST_SECRET).sign({
      k: 'zip',
      id: filing?.id ?? '',
      u: otherAnalyst.userId,
    });
    const other = await t.getAs(otherAnalyst.sid, `/api/staff/documents/zip?t=${own}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    const client = await t.getAs(asha.sid, zipUrl);
    expect(client.statusCode).toBe(403);
    const none = await t.app.inject({ method: 'GET', url: zipUrl });
    expect(none.statusCode).toBe(401);
    for (const res of [other, client, none]) expect(res.rawPayload.includes(ashaFiles.w2First)).toBe(false);
    expect(await auditRows('staff.documents.zip')).toHaveLength(before);
  });
});

describe('a stored file gone missing', () => {
  it('answers 404 for the document and breaks the ZIP off rather than send an incomplete archive', async () => {
    const listed = await listing(analyst.sid, nofile);
    const doc = docNamed(listed, 'w2.pdf');
    const [row] = await t.database.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, doc.document_id));
    await t.storage.delete(row?.storageKey ?? '');
    const before = (await auditRows('staff.document.download')).length;
    const single = await t.getAs(analyst.sid, doc.download_url);
    expect(single.statusCode).toBe(404);
    expect(single.json().status_smessage).toBe('This document was not found.');
    expect(await auditRows('staff.document.download')).toHaveLength(before);

    // The answer has begun when the ZIP reaches the missing file: it is broken off, never sent incomplete.
    await expect(t.getAs(analyst.sid, listed.zip_url ?? '')).rejects.toThrow();
    expect(t.logs()).toContain('document ZIP broken off');
  });
});
