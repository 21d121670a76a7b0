import { readFileSync } from 'node:fs';

/** A PDF of exactly `size` bytes: a real header and trailer, padded with a PDF comment. */
export function samplePdf(size = 4096): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
  const tail = '\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail);
}

/** A Word 97-2003 (compound file) header, padded: what file-type reports as application/x-cfb. */
export function sampleDoc(size = 4096): Buffer {
  const bytes = Buffer.alloc(size, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

/** A PNG signature, padded: an image, which a résumé may not be. */
export function samplePng(size = 4096): Buffer {
  const bytes = Buffer.alloc(size, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]).copy(
    bytes,
  );
  return bytes;
}

/** A small but real .docx (a zip with a Word main document). */
export const sampleDocx = (): Buffer => readFileSync(new URL('./fixtures/resume.docx', import.meta.url));
