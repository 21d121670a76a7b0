import type { PDFDocument, PDFPage } from 'pdf-lib';

/**
 * Where the next line goes in a PDF written top to bottom (the invoice and receipt, the signed file's evidence
 * page): the current page and the height reached on it, with a new page when a line no longer fits.
 */
export class PdfPageFlow {
  page: PDFPage;
  y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly size: [number, number],
    private readonly margin: number,
  ) {
    this.page = pdf.addPage(size);
    this.y = size[1] - margin;
  }

  /** Down by a line `height` points tall, on a new page first when this one has less room than that. */
  lineDown(height: number): void {
    if (this.y - height < this.margin) {
      this.page = this.pdf.addPage(this.size);
      this.y = this.size[1] - this.margin;
    }
    this.y -= height;
  }

  /** Down by `points` of empty space (never a new page). */
  space(points: number): void {
    this.y -= points;
  }
}
