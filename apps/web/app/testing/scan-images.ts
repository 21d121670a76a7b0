import { PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';

/**
 * Test images for the scan-to-PDF feature and a reader for what the PDF drew: a baseline JPEG header of a given
 * size (a PDF carries it as it is; the viewer decodes it, not us) and the size of the one image a page draws.
 */
export function jpegBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

/** The width and height of the one image a page draws. */
export function imageSize(page: PDFPage): [number, number] {
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const [ref] = xobjects?.values() ?? [];
  const image = ref && page.doc.context.lookup(ref);
  if (!(image instanceof PDFRawStream)) throw new Error('The page draws no image.');
  return [
    image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
    image.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
  ];
}
