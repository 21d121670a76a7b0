import { decodePDFRawStream, PageSizes, PDFDocument, PDFRawStream, PDFArray, type PDFPage } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageSize, jpegBytes } from '../../../testing/scan-images.ts';
import { buildScanPdf, scanFileName } from './scan-pdf.ts';

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real (grey, 8-bit) PNG of the given size. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new DataView(new ArrayBuffer(12 + data.length));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(8 + data.length, crc32(body));
    return new Uint8Array(out.buffer);
  };
  const ihdr = new DataView(new ArrayBuffer(13));
  ihdr.setUint32(0, width);
  ihdr.setUint32(4, height);
  ihdr.setUint8(8, 8); // bit depth
  ihdr.setUint8(9, 0); // greyscale
  const raw = new Uint8Array(height * (width + 1)).fill(128);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0; // filter: none
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', new Uint8Array(ihdr.buffer)),
    ...chunk('IDAT', new Uint8Array(deflateSync(raw))),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

type Matrix = { a: number; b: number; c: number; d: number; e: number; f: number };

/** The matrix the page's image is drawn through: the product of its content stream's "a b c d e f cm"s. */
function imageMatrix(page: PDFPage | undefined): Matrix {
  if (!page) throw new Error('No such page.');
  const contents = page.node.Contents();
  const items = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const text = items
    .map((item) => page.doc.context.lookup(item))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => new TextDecoder().decode(decodePDFRawStream(stream).decode()))
    .join('\n');
  const cms = [...text.matchAll(/((?:-?[\d.]+(?:e-?\d+)? ){6})cm/g)].map((match) => {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = (match[1] ?? '').trim().split(' ').map(Number);
    return { a, b, c, d, e, f };
  });
  // Each later cm applies first: M = M_last × … × M_first in PDF's row-vector convention.
  return cms.reduce((m, n) => ({
    a: n.a * m.a + n.b * m.c,
    b: n.a * m.b + n.b * m.d,
    c: n.c * m.a + n.d * m.c,
    d: n.c * m.b + n.d * m.d,
    e: n.e * m.a + n.f * m.c + m.e,
    f: n.e * m.b + n.f * m.d + m.f,
  }));
}

/** Where the unit square's corners land: the image's bounding box on the page. */
function box({ a, b, c, d, e, f }: Matrix): { x0: number; y0: number; x1: number; y1: number } {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([u = 0, v = 0]) => [a * u + c * v + e, b * u + d * v + f] as const);
  return {
    x0: Math.min(...corners.map((p) => p[0])),
    y0: Math.min(...corners.map((p) => p[1])),
    x1: Math.max(...corners.map((p) => p[0])),
    y1: Math.max(...corners.map((p) => p[1])),
  };
}

describe('buildScanPdf', () => {
  it('makes one PDF page per photo, in order, each fitted to A4 with its rotation applied', async () => {
    const bytes = await buildScanPdf([
      { bytes: jpegBytes(300, 400), type: 'image/jpeg', rotation: 0 },
      { bytes: png(40, 20), type: 'image/png', rotation: 90 },
      { bytes: jpegBytes(600, 200), type: 'image/jpeg', rotation: 0 },
      { bytes: jpegBytes(500, 250), type: 'image/jpeg', rotation: 180 },
    ]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    const pages = pdf.getPages();
    expect(pages.map(imageSize)).toEqual([
      [300, 400],
      [40, 20],
      [600, 200],
      [500, 250],
    ]);
    const [a4W, a4H] = PageSizes.A4;
    // Portrait for a tall photo and for a wide photo turned a quarter; landscape for a wide one.
    expect(pages.map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [a4W, a4H],
      [a4W, a4H],
      [a4H, a4W],
      [a4H, a4W],
    ]);
    for (const page of pages) {
      const b = box(imageMatrix(page));
      // Inside the page, centred, filling it along one side (less the margins).
      expect(b.x0).toBeGreaterThanOrEqual(19.9);
      expect(b.y0).toBeGreaterThanOrEqual(19.9);
      expect(b.x1).toBeLessThanOrEqual(page.getWidth() - 19.9);
      expect(b.y1).toBeLessThanOrEqual(page.getHeight() - 19.9);
      expect(b.x0 + b.x1).toBeCloseTo(page.getWidth(), 3);
      expect(b.y0 + b.y1).toBeCloseTo(page.getHeight(), 3);
      expect(Math.max(b.x0, b.y0)).toBeGreaterThan(20.1);
      expect(Math.min(b.x0, b.y0)).toBeCloseTo(20, 3);
    }
    // The 40×20 photo turned a quarter clockwise: its top edge (image y = 1) ends on the right.
    const { a, b, c, d } = imageMatrix(pages[1]);
    expect(Math.abs(a)).toBeLessThan(1e-6);
    expect(Math.abs(d)).toBeLessThan(1e-6);
    expect(c).toBeGreaterThan(0); // image "up" points to page right
    expect(b).toBeLessThan(0); // image "right" points to page down
    // Turned upside down: both axes reversed.
    const upside = imageMatrix(pages[3]);
    expect(upside.a).toBeLessThan(0);
    expect(upside.d).toBeLessThan(0);
    // Not turned: both axes as drawn.
    const plain = imageMatrix(pages[0]);
    expect(plain.a).toBeGreaterThan(0);
    expect(plain.d).toBeGreaterThan(0);
  });

  it('turns a tall photo three quarters to a landscape page', async () => {
    const pdf = await PDFDocument.load(
      await buildScanPdf([{ bytes: jpegBytes(200, 800), type: 'image/jpeg', rotation: 270 }]),
    );
    const [page] = pdf.getPages();
    expect(page?.getWidth()).toBeGreaterThan(page?.getHeight() ?? Infinity);
    const { a, b, c } = imageMatrix(page);
    expect(Math.abs(a)).toBeLessThan(1e-6);
    expect(b).toBeGreaterThan(0); // image "right" points to page up
    expect(c).toBeLessThan(0); // image "up" points to page left
  });

  it('refuses an empty scan and a file that is not the image it claims', async () => {
    await expect(buildScanPdf([])).rejects.toThrow('Add at least one page.');
    await expect(
      buildScanPdf([{ bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg', rotation: 0 }]),
    ).rejects.toThrow();
  });
});

describe('scanFileName', () => {
  it('names the PDF after the item, without characters a file system refuses', () => {
    expect(scanFileName('W-2 from Acme')).toBe('W-2 from Acme.pdf');
    expect(scanFileName('1099-B: Schwab / Fidelity')).toBe('1099-B Schwab Fidelity.pdf');
    expect(scanFileName('  ..\u0007  ')).toBe('Scanned document.pdf');
  });
});
