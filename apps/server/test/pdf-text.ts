/**
 * Tests only: a PDF made with pdf-lib, and the text drawn on one of its pages (pdf-lib draws standard-font
 * text as hex strings in a Flate-compressed content stream; this reads them back).
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFObject } from 'pdf-lib';
import { pngChunk } from './bombs.ts';

/** A real PDF of `pages` Letter pages, each with a few lines of text (well over 1 KB). */
export async function makeTestPdf(pages = 2, label = 'Test document'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 12; line += 1) {
      page.drawText(`${label}, page ${n}, line ${line + 1}: text to read before signing.`, {
        x: 50,
        y: 740 - line * 20,
        size: 11,
        font,
      });
    }
  }
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return Buffer.from(await pdf.save());
}

function streamBytes(object: PDFObject | undefined): Buffer[] {
  if (object instanceof PDFRawStream) {
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.contents);
    return [filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw];
  }
  return [];
}

/** The text drawn on page `index` (0-based; -1 the last), joined by newlines. */
export async function pageText(bytes: Uint8Array, index: number): Promise<string> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = pdf.getPage(index < 0 ? pdf.getPageCount() + index : index);
  const contents = page.node.get(PDFName.of('Contents'));
  const resolved = contents ? pdf.context.lookup(contents) : undefined;
  const parts =
    resolved instanceof PDFArray
      ? resolved.asArray().flatMap((ref) => streamBytes(pdf.context.lookup(ref)))
      : streamBytes(resolved);
  const source = Buffer.concat(parts).toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
    lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
  }
  for (const match of source.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(match[1] ?? '');
  return lines.join('\n');
}

/** A real PNG (8-bit greyscale) of a diagonal stroke: what a signature pad sends, as a data URL. */
export function makeTestPngDataUrl(width = 120, height = 40): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0; // filter: none
    const x = Math.floor((y / height) * width);
    row[1 + x] = 0;
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
