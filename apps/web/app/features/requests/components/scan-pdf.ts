import { PageSizes, PDFDocument, degrees } from 'pdf-lib';

/** A scanned page: an image's bytes and the clockwise turn (in 90° steps) the client gave it. */
export type ScanPage = {
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/png';
  rotation: 0 | 90 | 180 | 270;
};

/** White space around each photo on its page, in PDF points (1/72 inch): about 7 mm. */
const MARGIN = 20;

/**
 * One PDF of the scanned pages, in order: each page A4, turned to landscape when the (rotated) photo is wider
 * than tall, with the photo scaled to fit inside the margins, centred, and drawn with its rotation applied.
 * Pure: no DOM, so it runs (and is tested) the same in the browser and in Node. pdf-lib uses no eval, so it
 * runs under the app's CSP.
 */
export async function buildScanPdf(pages: ScanPage[]): Promise<Uint8Array> {
  if (pages.length === 0) throw new Error('Add at least one page.');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Scanned document');
  pdf.setProducer('Client portal');
  pdf.setCreator('Client portal');
  for (const page of pages) {
    const image = page.type === 'image/png' ? await pdf.embedPng(page.bytes) : await pdf.embedJpg(page.bytes);
    const quarter = page.rotation === 90 || page.rotation === 270;
    // The photo's size as it will be seen, after the client's rotation.
    const seenW = quarter ? image.height : image.width;
    const seenH = quarter ? image.width : image.height;
    const [a4W, a4H] = PageSizes.A4;
    const [pageW, pageH] = seenW > seenH ? [a4H, a4W] : [a4W, a4H];
    const scale = Math.min((pageW - 2 * MARGIN) / seenW, (pageH - 2 * MARGIN) / seenH);
    // Drawn size in the image's own orientation, and the seen box, centred on the page.
    const drawW = image.width * scale;
    const drawH = image.height * scale;
    const boxW = seenW * scale;
    const boxH = seenH * scale;
    const left = (pageW - boxW) / 2;
    const bottom = (pageH - boxH) / 2;
    // pdf-lib turns an image anticlockwise about its (x, y) corner; a clockwise turn is a negative angle, and
    // the corner moves so the turned image lands exactly in the box.
    const anchor =
      page.rotation === 90
        ? { x: left, y: bottom + drawW }
        : page.rotation === 180
          ? { x: left + drawW, y: bottom + drawH }
          : page.rotation === 270
            ? { x: left + drawH, y: bottom }
            : { x: left, y: bottom };
    pdf.addPage([pageW, pageH]).drawImage(image, {
      ...anchor,
      width: drawW,
      height: drawH,
      rotate: degrees(-page.rotation),
    });
  }
  return pdf.save();
}

/** The upload's file name: the item's title without characters file systems refuse, plus ".pdf". */
export function scanFileName(itemTitle: string): string {
  const safe = itemTitle
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${safe || 'Scanned document'}.pdf`;
}
