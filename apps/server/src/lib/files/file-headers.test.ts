import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { apngBomb, flateBombPdf, heicDeclaring, png } from '../../../test/bombs.ts';
import { samplePdf } from '../../../test/files.ts';
import { checkPngHeaders, heifLargestImage, pdfTrailerEncrypted } from './file-headers.ts';

const LIMITS = { maxWidth: 3000, maxHeight: 1500 };
const HEIC = readFileSync(new URL('../../../test/fixtures/photo.heic', import.meta.url));

describe('checkPngHeaders', () => {
  it('accepts a plain PNG within the limits', () => {
    expect(checkPngHeaders(png(300, 100), LIMITS)).toBeNull();
  });

  it('refuses the APNG bomb (IHDR 1x1, acTL, fcTL 8000x8000, a tiny fdAT) by its chunks', () => {
    const bomb = apngBomb();
    expect(bomb.length).toBeLessThan(200);
    expect(checkPngHeaders(bomb, LIMITS)).toBe('animated');
  });

  it('refuses an IHDR over the limits, an empty one, a missing one and a truncated file', () => {
    expect(checkPngHeaders(png(3001, 10), LIMITS)).toBe('too-large');
    expect(checkPngHeaders(png(10, 1501), LIMITS)).toBe('too-large');
    const empty = png(1, 1);
    empty.writeUInt32BE(0, 16);
    expect(checkPngHeaders(empty, LIMITS)).toBe('empty');
    const noIhdr = png(1, 1);
    noIhdr.write('IHDX', 12, 'latin1');
    expect(checkPngHeaders(noIhdr, LIMITS)).toBe('no-ihdr');
    const whole = png(20, 20);
    expect(checkPngHeaders(whole.subarray(0, whole.length - 5), LIMITS)).toBe('truncated');
    expect(checkPngHeaders(whole.subarray(0, 30), LIMITS)).toBe('truncated');
    expect(checkPngHeaders(Buffer.from('not a png at all'), LIMITS)).toBe('not-png');
  });
});

describe('heifLargestImage', () => {
  it("reads the fixture's declared size from meta/iprp/ipco/ispe", () => {
    expect(heifLargestImage(HEIC)).toEqual({ width: 320, height: 240 });
  });

  it('reads a rewritten ispe (100 megapixels) without decoding', () => {
    expect(heifLargestImage(heicDeclaring(HEIC, 10_000, 10_000))).toEqual({ width: 10_000, height: 10_000 });
  });

  it('answers null when there is no ispe or no ISOBMFF structure', () => {
    const noIspe = Buffer.from(HEIC);
    noIspe.write('ispX', noIspe.indexOf('ispe'), 'latin1');
    expect(heifLargestImage(noIspe)).toBeNull();
    expect(heifLargestImage(Buffer.from('plainly not a photo'))).toBeNull();
    expect(heifLargestImage(HEIC.subarray(0, 100))).toBeNull();
  });
});

describe('pdfTrailerEncrypted', () => {
  it('is false for a plain PDF, with or without object streams', async () => {
    expect(pdfTrailerEncrypted(samplePdf(5000))).toBe(false);
    const doc = await PDFDocument.create();
    doc.addPage().drawText('/Encrypt in the text of a page');
    expect(pdfTrailerEncrypted(Buffer.from(await doc.save({ useObjectStreams: false })))).toBe(false);
    expect(pdfTrailerEncrypted(Buffer.from(await doc.save({ useObjectStreams: true })))).toBe(false);
  });

  it('reads the cross-reference stream reached through startxref, not a comment', () => {
    const small = 20_000_000;
    expect(pdfTrailerEncrypted(flateBombPdf({ encrypted: false, inflated: small }))).toBe(false);
    expect(pdfTrailerEncrypted(flateBombPdf({ encrypted: true, inflated: small }))).toBe(true);
  });

  it('reads a classic trailer, and not an /Encrypt inside its strings or nested dictionaries', () => {
    const pdf = (trailer: string) =>
      Buffer.from(
        `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n${trailer}\nstartxref\n${'%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'.length}\n%%EOF\n`,
        'latin1',
      );
    expect(pdfTrailerEncrypted(pdf('<< /Size 2 /Root 1 0 R /Encrypt 2 0 R >>'))).toBe(true);
    expect(pdfTrailerEncrypted(pdf('<< /Size 2 /Root 1 0 R /Info << /Encrypt 3 >> (/Encrypt) >>'))).toBe(
      false,
    );
    expect(pdfTrailerEncrypted(pdf('<< /Size 2 % /Encrypt 2 0 R\n/Root 1 0 R >>'))).toBe(false);
    expect(pdfTrailerEncrypted(pdf('<< /Size 2 /Root 1 0 R /EncryptMetadata true >>'))).toBe(false);
  });

  it('lets qpdf decide a damaged file with no trailer to read when it names /Encrypt anywhere', () => {
    const bomb = flateBombPdf({ encrypted: false, inflated: 20_000_000 });
    const damaged = Buffer.from(bomb.toString('latin1').replace(/startxref\n\d+/, 'startxref\n7'), 'latin1');
    expect(pdfTrailerEncrypted(damaged)).toBe(true);
    const plain = Buffer.from(damaged.toString('latin1').replace('% /Encrypt', '% /Encrypx'), 'latin1');
    expect(pdfTrailerEncrypted(plain)).toBe(false);
  });
});
