import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The screens the specs use: a phone, a small phone (the public site's narrowest layout) and a staff desk. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  smallPhone: { width: 375, height: 740 },
  desk: { width: 1280, height: 900 },
} as const;

/** A photo of a page, as a phone camera would give it: a JPEG drawn by the browser itself. */
export async function phonePhoto(page: Page, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 1200;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#222';
    ctx.font = '48px sans-serif';
    ctx.fillText(text, 80, 160);
    for (let y = 260; y < 1100; y += 40) ctx.fillRect(80, y, 700 - (y % 160), 6);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, label);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/**
 * A small real PDF: with a number, exactly that many bytes (a header and trailer around a comment); with a
 * label, that label in a comment and 4 KB of padding (over the 1 KB floor), so each label gives other bytes.
 */
export function pdfOf(labelOrSize: string | number): Buffer {
  if (typeof labelOrSize === 'string') {
    return Buffer.concat([
      Buffer.from(`%PDF-1.4\n% ${labelOrSize}\n`),
      Buffer.alloc(4096, 32),
      Buffer.from('\n%%EOF\n'),
    ]);
  }
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
  const tail = '\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(labelOrSize - head.length - tail.length) + tail);
}

/** A one-page stand-in for Form 8879, made with pdf-lib (the server stamps it and adds the evidence page). */
export async function form8879(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Form 8879 IRS e-file Signature Authorization', { x: 72, y: 720, size: 16, font });
  page.drawText('Part II  Taxpayer Declaration and Signature Authorization', {
    x: 72,
    y: 400,
    size: 11,
    font,
  });
  page.drawText("Taxpayer's signature ____________________   Date ________", {
    x: 72,
    y: 360,
    size: 11,
    font,
  });
  page.drawText("Spouse's signature ______________________   Date ________", {
    x: 72,
    y: 330,
    size: 11,
    font,
  });
  // Padding lines: the upload rules refuse files under a kilobyte.
  for (let y = 280; y > 80; y -= 14) page.drawText('.'.repeat(90), { x: 72, y, size: 8, font });
  return Buffer.from(await pdf.save());
}
