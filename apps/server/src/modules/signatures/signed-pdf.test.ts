import { createHash } from 'node:crypto';
import { loopStallDuring } from '../../../test/event-loop.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { apngBomb } from '../../../test/bombs.ts';
import { samplePdf } from '../../../test/files.ts';
import { closeSandbox, sandbox } from '../../lib/files/sandbox.ts';
import { makeTestPdf, makeTestPngDataUrl, pageText } from '../../../test/pdf-text.ts';
import {
  canDrawTypedSignature,
  canEmbedPng,
  formDate,
  makeSignedPdf,
  pdfPageCount,
  pngDimensions,
  pngOfDataUrl,
  resolvePlacement,
  SIGNED_PDF_PRODUCER,
  UnreadablePdfError,
  type SignedBy,
  type SignedPdfInput,
} from './signed-pdf.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function input(signers: SignedBy[]): Promise<SignedPdfInput> {
  const original = await makeTestPdf(2, 'Form 8879');
  return {
    original,
    title: 'Form 8879 for 2025',
    firmName: 'Example Tax Firm',
    timeZone: 'America/Chicago',
    documentId: '00000000-0000-4000-8000-000000000001',
    sha256: sha(original),
    returnSha256: 'ab'.repeat(32),
    signers,
    completedAt: new Date('2026-11-26T05:30:00Z'),
  };
}

const taxpayer = (overrides: Partial<SignedBy> = {}): SignedBy => ({
  role: 'taxpayer',
  name: 'Asha Rao',
  email: 'asha@example.com',
  signature: { kind: 'typed', text: 'Asha Rao' },
  signaturePlacement: { page: 1, x: 0.2, y: 0.545 },
  datePlacement: { page: 1, x: 0.78, y: 0.545 },
  signedAt: new Date('2026-11-26T05:20:00Z'),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone) Safari',
  signedVia: 'login:11111111-1111-4111-8111-111111111111',
  verification: 'password or authenticator step-up + e-mailed one-time code: passed',
  openedAt: new Date('2026-11-26T05:10:00Z'),
  returnOpenedAt: new Date('2026-11-26T05:11:00Z'),
  ...overrides,
});

const spouse = (): SignedBy => ({
  ...taxpayer(),
  role: 'spouse',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  signature: { kind: 'drawn', png: pngOfDataUrl(makeTestPngDataUrl()) as Buffer },
  signaturePlacement: { page: 0, x: 0.2, y: 0.585 },
  datePlacement: { page: 0, x: 0.78, y: 0.585 },
  signedAt: new Date('2026-11-26T05:30:00Z'),
  signedVia: 'link:22222222-2222-4222-8222-222222222222',
  verification: 'e-mailed link + e-mailed one-time code: passed',
});

// The page counts, checks and signed files run in the sandbox's child: stopped when this file is done.
afterAll(() => closeSandbox());

describe('reading a PDF to sign', () => {
  it('counts the pages of a real PDF and refuses one pdf-lib cannot read', async () => {
    expect(await pdfPageCount(await makeTestPdf(3))).toBe(3);
    await expect(pdfPageCount(Buffer.from('not a pdf at all'))).rejects.toBeInstanceOf(UnreadablePdfError);
    await expect(pdfPageCount(samplePdf(5000))).rejects.toBeInstanceOf(UnreadablePdfError);
  });

  it('resolves page 0 to the last page and refuses a page beyond the PDF', () => {
    expect(resolvePlacement({ page: 0, x: 0.1, y: 0.9 }, 4)).toEqual({ page: 4, x: 0.1, y: 0.9 });
    expect(resolvePlacement({ page: 2, x: 0.5, y: 0.5 }, 2)).toEqual({ page: 2, x: 0.5, y: 0.5 });
    expect(resolvePlacement({ page: 3, x: 0.5, y: 0.5 }, 2)).toBeNull();
  });
});

describe('checking a signature', () => {
  it('accepts a typed name the standard fonts can draw, and refuses other scripts', async () => {
    expect(await canDrawTypedSignature('José Núñez-O’Brien')).toBe(true);
    expect(await canDrawTypedSignature('आशा राव')).toBe(false);
    expect(await canDrawTypedSignature('王小明')).toBe(false);
  });

  it('accepts a real PNG and refuses bytes that only start like one', async () => {
    const png = pngOfDataUrl(makeTestPngDataUrl());
    expect(png).not.toBeNull();
    expect(await canEmbedPng(png as Buffer)).toBe(true);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    expect(await canEmbedPng(fake)).toBe(false);
    expect(pngOfDataUrl(`data:image/png;base64,${Buffer.from('GIF89a-----').toString('base64')}`)).toBeNull();
  });

  it('refuses a PNG that claims a huge size before decoding it (a tiny file could ask for gigabytes)', async () => {
    const png = pngOfDataUrl(makeTestPngDataUrl()) as Buffer;
    expect(pngDimensions(png)).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    const huge = Buffer.from(png);
    // The IHDR chunk's width and height, rewritten: 20000 x 20000 pixels.
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(pngDimensions(huge)).toEqual({ width: 20_000, height: 20_000 });
    expect(await canEmbedPng(huge)).toBe(false);
  });

  it('refuses the APNG bomb (IHDR 1x1, one 8000x8000 frame) by its chunks, without decoding it (S2-01)', async () => {
    const bomb = apngBomb(8000);
    const started = sandbox().jobsStarted;
    // pdf-lib alone would decode the frame at 8000x8000 on this thread (seconds, hundreds of MB).
    const stall = await loopStallDuring(() => Promise.all([canEmbedPng(bomb), sleep(150)]));
    expect(stall.samples).toBeGreaterThan(0);
    expect(stall.result[0]).toBe(false);
    expect(stall.maxMs).toBeLessThan(stall.budgetMs);
    expect(sandbox().jobsStarted).toBe(started);
    // Stored before this rule, it cannot reach the decoder at completion either.
    const doc = await input([taxpayer({ signature: { kind: 'drawn', png: bomb } })]);
    await expect(makeSignedPdf(doc)).rejects.toBeInstanceOf(UnreadablePdfError);
    expect(sandbox().jobsStarted).toBe(started);
  });

  it('decodes a drawing in the sandbox, not on this thread', async () => {
    const png = pngOfDataUrl(makeTestPngDataUrl()) as Buffer;
    const started = sandbox().jobsStarted;
    expect(await canEmbedPng(png)).toBe(true);
    expect(sandbox().jobsStarted).toBe(started + 1);
  });
});

describe('the signed PDF', () => {
  it('has the original pages plus an evidence page naming every signer, hashes and times', async () => {
    const doc = await input([taxpayer(), spouse()]);
    const signed = await makeSignedPdf(doc);
    const pdf = await PDFDocument.load(signed, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getProducer()).toBe(SIGNED_PDF_PRODUCER);
    expect(pdf.getModificationDate()?.toISOString()).toBe('2026-11-26T05:30:00.000Z');

    const evidence = await pageText(signed, -1);
    expect(evidence).toContain('Taxpayer: Asha Rao');
    expect(evidence).toContain('Spouse: Ravi Kumar');
    expect(evidence).toContain('Signed at: 2026-11-26 05:20:00 UTC; 11/25/2026, 11:20:00 PM CST');
    expect(evidence).toContain('IP address: 203.0.113.7');
    expect(evidence).toContain('Login or link: link:22222222-2222-4222-8222-222222222222');
    expect(evidence).toContain('e-mailed link + e-mailed one-time code: passed');
    expect(evidence).toContain(`SHA-256 of the unsigned document: ${doc.sha256}`);
    expect(evidence).toContain(`SHA-256 of the full return: ${'ab'.repeat(32)}`);
    expect(evidence).toContain('SHA-256 of this signed file: see the audit log');

    // The typed signature and its date (the firm's day) on page 1; the spouse's date on the last page (page 0).
    const first = await pageText(signed, 0);
    expect(first).toContain('Asha Rao');
    expect(first.match(/11\/25\/2026/g)).toHaveLength(1);
    expect(await pageText(signed, 1)).toContain('11/25/2026');
    expect(await pageText(doc.original, 0)).not.toContain('Asha Rao');
  });

  it('is the same bytes every time for the same input', async () => {
    const doc = await input([taxpayer(), spouse()]);
    const a = await makeSignedPdf(doc);
    const b = await makeSignedPdf(doc);
    expect(sha(a)).toBe(sha(b));
  });

  it('shows characters outside the standard fonts as "?" on the evidence page instead of failing', async () => {
    const signed = await makeSignedPdf(await input([taxpayer({ name: 'आशा Rao' })]));
    expect(await pageText(signed, -1)).toContain('Taxpayer: ??? Rao');
  });

  it('writes the firm-zone date of the day signed', () => {
    expect(formDate(new Date('2026-11-26T05:00:00Z'), 'America/Chicago')).toBe('11/25/2026');
    expect(formDate(new Date('2026-11-26T07:00:00Z'), 'America/Chicago')).toBe('11/26/2026');
  });
});
