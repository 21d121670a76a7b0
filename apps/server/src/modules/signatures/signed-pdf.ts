/**
 * The PDF side of documents to sign (issue 19), with no database or storage: checking that a PDF can be
 * stamped and where its marks go, checking a signature can be drawn, and making the signed file. The signed
 * file is the original with each signer's signature and date drawn at their places, and one evidence page
 * appended (who signed, when in UTC and in the firm's zone, from where, how identity was checked, the
 * SHA-256 of the unsigned file). Saved with fixed dates and options, the same input always gives the same
 * bytes.
 *
 * Every parse of a PDF or PNG that came from outside (page count, the drawn-signature check, the stamping)
 * runs in the sandbox's child processes (lib/files/sandbox.ts: memory cap, timeout, bounded queue), never on
 * the server's event loop (S2-01); the `…Here` functions are what the child runs (src/sandbox-child.ts). A
 * drawn PNG's chunks are checked first, without decoding (lib/files/file-headers.ts): an animation (whose
 * frames declare their own sizes) or a size over the limits is refused before any decoder sees it.
 */
import type { Color, PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import type { Placement, SignerRole } from '@taxfirm/contract';
import { checkPngHeaders } from '../../lib/files/file-headers.ts';
import { loadPdfLib } from '../../lib/files/pdf-lib.ts';
import { PdfPageFlow } from '../../lib/files/pdf-page-flow.ts';
import { busyAppError, sandbox, SandboxBusyError } from '../../lib/files/sandbox.ts';

/** Options of the sandboxed calls: whose job it is (the per-account limit of lib/files/sandbox.ts). */
export type SandboxCallOptions = { account?: string };

/** A sandboxed job's answer; a full queue is a 503/429 AppError, any other failure is `fallback`. */
async function inSandbox<T>(
  name: string,
  payload: unknown,
  options: SandboxCallOptions,
  fallback: () => T,
): Promise<T> {
  try {
    return await sandbox().run<T>(name, payload, options.account);
  } catch (error) {
    if (error instanceof SandboxBusyError) throw busyAppError(error);
    return fallback();
  }
}

/** What the signed file's metadata names as its maker. */
export const SIGNED_PDF_PRODUCER = 'Taxfirm client portal e-signature';

/** The PDF's pages could not be read (encrypted, corrupt, not a PDF, or no page at all). */
export class UnreadablePdfError extends Error {
  constructor(cause?: unknown) {
    super('unreadable PDF', { cause });
    this.name = 'UnreadablePdfError';
  }
}

/** Load a PDF for stamping; its metadata is left as it is (no "now" written into it). */
async function load(bytes: Uint8Array): Promise<PDFDocument> {
  const { PDFDocument } = await loadPdfLib();
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    throw new UnreadablePdfError(error);
  }
  let count: number;
  try {
    count = pdf.getPageCount();
    // Touch every page's size: a page tree pdf-lib cannot walk fails here, not when signing.
    for (const page of pdf.getPages()) page.getSize();
  } catch (error) {
    throw new UnreadablePdfError(error);
  }
  if (count < 1) throw new UnreadablePdfError();
  return pdf;
}

/** The number of pages of a PDF pdf-lib can stamp, read in this process (the sandbox's child). */
export async function pdfPageCountHere(bytes: Uint8Array): Promise<number> {
  return (await load(bytes)).getPageCount();
}

/**
 * The number of pages of a PDF pdf-lib can stamp, read in the sandbox; UnreadablePdfError otherwise (a PDF
 * over the sandbox's time or memory too).
 */
export async function pdfPageCount(bytes: Uint8Array, options: SandboxCallOptions = {}): Promise<number> {
  const count = await inSandbox<number | null>('pdf-page-count', bytes, options, () => null);
  if (count === null) throw new UnreadablePdfError();
  return count;
}

/** The placement with page 0 ("the last page") made the real page number; null when it is off the PDF. */
export function resolvePlacement(placement: Placement, pageCount: number): Placement | null {
  const page = placement.page === 0 ? pageCount : placement.page;
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  if (!(placement.x >= 0 && placement.x <= 1 && placement.y >= 0 && placement.y <= 1)) return null;
  return { page, x: placement.x, y: placement.y };
}

/** The face a typed signature is drawn in (pdf-lib's StandardFonts.HelveticaOblique). */
const SIGNATURE_FONT = 'Helvetica-Oblique';
const SIGNATURE_SIZE = 16;
/** A drawn signature is scaled to fit this box (points). */
const DRAWN_WIDTH = 150;
const DRAWN_HEIGHT = 40;
const DATE_SIZE = 11;

/** Can `text` be drawn in the signature face (the standard fonts' WinAnsi encoding)? */
export async function canDrawTypedSignature(text: string): Promise<boolean> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(SIGNATURE_FONT);
  try {
    font.encodeText(text);
    return text.trim().length > 0;
  } catch {
    return false;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG of a data URL (`data:image/png;base64,…`), or null when it is none. */
export function pngOfDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) return null;
  const bytes = Buffer.from(match[1], 'base64');
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? bytes : null;
}

/** The largest drawing accepted: a signature pad's canvas at 3x pixel density fits well inside. */
export const MAX_SIGNATURE_PNG_WIDTH = 3000;
export const MAX_SIGNATURE_PNG_HEIGHT = 1500;

/**
 * The width and height a PNG declares (its IHDR chunk), read without decoding: the decoder sizes its memory
 * from them, so a tiny file claiming 20000x20000 pixels would take gigabytes. Null when there is no IHDR.
 */
export function pngDimensions(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || png.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A drawing's chunks are sound, it is no animation, and its size is within the limits (no decoding). */
const pngHeadersFit = (png: Buffer) =>
  checkPngHeaders(png, { maxWidth: MAX_SIGNATURE_PNG_WIDTH, maxHeight: MAX_SIGNATURE_PNG_HEIGHT }) === null;

/**
 * Is this a PNG of a signature's size that pdf-lib can embed? Its chunks are checked first, on this thread
 * without decoding (no animation, IHDR within the limits, nothing truncated); then it is decoded in the
 * sandbox. A full sandbox queue is a 503/429 AppError.
 */
export async function canEmbedPng(png: Buffer, options: SandboxCallOptions = {}): Promise<boolean> {
  if (!pngHeadersFit(png)) return false;
  return inSandbox<boolean>('png-embeds', png, options, () => false);
}

/** Does pdf-lib embed this PNG, decoded in this process (the sandbox's child)? */
export async function canEmbedPngHere(png: Buffer): Promise<boolean> {
  if (!pngHeadersFit(png)) return false;
  const { PDFDocument } = await loadPdfLib();
  try {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(png);
    return image.width > 0 && image.height > 0;
  } catch {
    return false;
  }
}

/** One signer as the signed file shows them. */
export type SignedBy = {
  role: SignerRole;
  name: string;
  email: string;
  signature: { kind: 'typed'; text: string } | { kind: 'drawn'; png: Buffer };
  signaturePlacement: Placement;
  datePlacement: Placement;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** `login:<user id>` or `link:<signer id>`. */
  signedVia: string | null;
  verification: string | null;
  openedAt: Date | null;
  returnOpenedAt: Date | null;
};

export type SignedPdfInput = {
  /** The unsigned original's bytes. */
  original: Uint8Array;
  title: string;
  firmName: string;
  /** The firm's IANA time zone (dates on the form, and the evidence page's local times). */
  timeZone: string;
  documentId: string;
  sha256: string;
  /** The full return opened before signing, where there is one. */
  returnSha256: string | null;
  signers: SignedBy[];
  /** When the last signer signed: the file's creation and modification dates. */
  completedAt: Date;
};

/** "11/26/2026": the day in the firm's zone, as the date line of a US form shows it. */
export function formDate(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(when);
}

/** "2026-11-26 05:14:09 UTC" */
export function utcStamp(when: Date): string {
  return `${when.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "11/25/2026, 11:14:09 PM CST" in the firm's zone. */
export function zoneStamp(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).format(when);
}

/** `text` with every character the font cannot encode (outside WinAnsi) shown as "?". */
function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** The point of a placement on its page, in pdf-lib's coordinates (origin at the bottom left). */
function pointOf(page: PDFPage, placement: Placement): { x: number; y: number } {
  const { width, height } = page.getSize();
  return { x: placement.x * width, y: (1 - placement.y) * height };
}

/** Break `text` into lines no wider than `width` at `size` (long words are cut). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest) && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

const ROLE_LABELS: Record<SignerRole, string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };
const LETTER: [number, number] = [612, 792];
const MARGIN = 54;

/** Lays out the evidence page(s): lines of text top-down, a new page when one is full. */
class EvidenceWriter {
  private readonly flow: PdfPageFlow;
  constructor(
    pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly black: Color,
  ) {
    this.flow = new PdfPageFlow(pdf, LETTER, MARGIN);
  }

  line(
    text: string,
    { size = 9.5, bold = false, gap = 3 }: { size?: number; bold?: boolean; gap?: number } = {},
  ) {
    const font = bold ? this.bold : this.regular;
    for (const part of wrap(font, drawable(font, text), size, LETTER[0] - 2 * MARGIN)) {
      this.flow.lineDown(size);
      this.flow.page.drawText(part, { x: MARGIN, y: this.flow.y, size, font, color: this.black });
      this.flow.space(gap);
    }
  }

  space(points: number) {
    this.flow.space(points);
  }
}

/**
 * The signed file: every signer's signature and date stamped at their places, then the evidence page.
 * Deterministic: the same input gives the same bytes (fixed dates, no object streams). Made in the sandbox;
 * UnreadablePdfError when it cannot be (a drawing refused by its chunks, a PDF over time or memory).
 */
export async function makeSignedPdf(
  input: SignedPdfInput,
  options: SandboxCallOptions = {},
): Promise<Uint8Array> {
  for (const signer of input.signers) {
    if (signer.signature.kind === 'drawn' && !pngHeadersFit(signer.signature.png)) {
      throw new UnreadablePdfError(new Error('the drawing was refused'));
    }
  }
  const bytes = await inSandbox<Uint8Array | null>('signed-pdf', input, options, () => null);
  if (!bytes) throw new UnreadablePdfError();
  return bytes;
}

/** The signed file, made in this process (the sandbox's child runs it). */
export async function makeSignedPdfHere(input: SignedPdfInput): Promise<Uint8Array> {
  const { rgb, StandardFonts } = await loadPdfLib();
  const pdf = await load(input.original);
  const pageCount = pdf.getPageCount();
  const script = await pdf.embedFont(SIGNATURE_FONT);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.05, 0.1, 0.35);

  for (const signer of input.signers) {
    const at = resolvePlacement(signer.signaturePlacement, pageCount);
    const dateAt = resolvePlacement(signer.datePlacement, pageCount);
    if (!at || !dateAt) throw new UnreadablePdfError(new Error('placement off the PDF'));
    const page = pdf.getPage(at.page - 1);
    const point = pointOf(page, at);
    if (signer.signature.kind === 'typed') {
      page.drawText(drawable(script, signer.signature.text), {
        x: point.x,
        y: point.y + 2,
        size: SIGNATURE_SIZE,
        font: script,
        color: ink,
      });
    } else {
      const image: PDFImage = await pdf.embedPng(signer.signature.png);
      const scale = Math.min(DRAWN_WIDTH / image.width, DRAWN_HEIGHT / image.height);
      page.drawImage(image, {
        x: point.x,
        y: point.y,
        width: image.width * scale,
        height: image.height * scale,
      });
    }
    const datePage = pdf.getPage(dateAt.page - 1);
    const datePoint = pointOf(datePage, dateAt);
    datePage.drawText(formDate(signer.signedAt, input.timeZone), {
      x: datePoint.x,
      y: datePoint.y + 2,
      size: DATE_SIZE,
      font: regular,
      color: ink,
    });
  }

  const page = new EvidenceWriter(pdf, regular, bold, rgb(0, 0, 0));
  page.line('Electronic signature record', { size: 15, bold: true, gap: 8 });
  page.line(`Document: ${input.title}`, { size: 11 });
  page.line(`Prepared by: ${input.firmName}`, { size: 11 });
  page.line(`Document id: ${input.documentId}`);
  page.line(`Completed: ${utcStamp(input.completedAt)} (${zoneStamp(input.completedAt, input.timeZone)})`);
  page.space(6);
  for (const signer of input.signers) {
    page.line(`${ROLE_LABELS[signer.role]}: ${signer.name}`, { size: 11, bold: true, gap: 4 });
    page.line(`E-mail: ${signer.email}`);
    page.line(
      `Signed at: ${utcStamp(signer.signedAt)}; ${zoneStamp(signer.signedAt, input.timeZone)} (${input.timeZone})`,
    );
    page.line(
      `Signature: ${signer.signature.kind === 'typed' ? `typed name "${signer.signature.text}"` : 'drawn on screen'}; agreed to sign electronically`,
    );
    page.line(`IP address: ${signer.ip ?? 'not recorded'}`);
    page.line(`User agent: ${signer.userAgent ?? 'not recorded'}`);
    page.line(`Login or link: ${signer.signedVia ?? 'not recorded'}`);
    page.line(`Identity verification: ${signer.verification ?? 'not recorded'}`);
    page.line(`Opened the document: ${signer.openedAt ? utcStamp(signer.openedAt) : 'not recorded'}`);
    if (input.returnSha256) {
      page.line(
        `Opened the full return: ${signer.returnOpenedAt ? utcStamp(signer.returnOpenedAt) : 'not recorded'}`,
      );
    }
    page.space(6);
  }
  page.line(`SHA-256 of the unsigned document: ${input.sha256}`);
  if (input.returnSha256) page.line(`SHA-256 of the full return: ${input.returnSha256}`);
  page.line(
    "SHA-256 of this signed file: see the audit log and the firm's record. A file cannot contain its own hash, so it is kept outside the file; any change to this file changes that hash.",
  );

  pdf.setTitle(input.title);
  pdf.setProducer(SIGNED_PDF_PRODUCER);
  pdf.setCreator(SIGNED_PDF_PRODUCER);
  pdf.setCreationDate(input.completedAt);
  pdf.setModificationDate(input.completedAt);
  return pdf.save({ useObjectStreams: false });
}
