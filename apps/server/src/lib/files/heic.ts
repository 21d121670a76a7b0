/**
 * HEIC/HEIF photos (what an iPhone stores, and what a Mac uploads from Photos) become JPEG: the firm's
 * staff and every browser can open a JPEG. heic-convert decodes with libheif compiled to WebAssembly, so no
 * native library is needed on the server. The conversion runs in the sandbox (lib/files/sandbox.ts), never
 * on the server's event loop, and only for a photo whose declared size (its `ispe` boxes, read here without
 * decoding) is at most MAX_HEIC_PIXELS (S2-02).
 */
import { heifLargestImage } from './file-headers.ts';
import { sandbox } from './sandbox.ts';

/** The largest photo converted: about 50 megapixels (a phone's largest mode is 48). */
export const MAX_HEIC_PIXELS = 50_000_000;

/** Why a HEIC/HEIF file is refused before decoding, or null when its declared size is within the limit. */
export function heicRefusal(input: Buffer): 'unreadable' | 'too-large' | null {
  const size = heifLargestImage(input);
  if (!size || size.width === 0 || size.height === 0) return 'unreadable';
  return size.width * size.height > MAX_HEIC_PIXELS ? 'too-large' : null;
}

/** The JPEG of a HEIC/HEIF image, decoded here: the sandbox's child runs this (src/sandbox-child.ts). */
export async function decodeHeicToJpeg(input: Buffer): Promise<Buffer> {
  const { default: convert } = await import('heic-convert');
  const output = await convert({ buffer: input, format: 'JPEG', quality: 0.88 });
  return Buffer.from(output);
}

/**
 * The JPEG of a HEIC/HEIF image, converted in the sandbox; the caller has checked heicRefusal first.
 * Throws SandboxBusyError (queue full) or SandboxJobError (not decodable, over time or memory).
 */
export async function convertHeicToJpeg(input: Buffer, options: { account?: string } = {}): Promise<Buffer> {
  const output = await sandbox().run<Uint8Array>('heic-to-jpeg', input, options.account);
  return Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}

/** The file name a converted photo is shown under: the same name with .jpg. */
export function jpegName(name: string): string {
  return `${name.replace(/\.(heic|heif)$/i, '')}.jpg`;
}
