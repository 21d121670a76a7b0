/**
 * HEIC/HEIF photos (what an iPhone stores, and what a Mac uploads from Photos) become JPEG: the firm's
 * staff and every browser can open a JPEG. heic-convert decodes with libheif compiled to WebAssembly, so no
 * native library is needed on the server. It is loaded at the first photo, not at start-up: with libheif it
 * adds about 17 MB to every server's memory and a third of a second to its start (docs/benchmarks.md).
 */

/** The JPEG of a HEIC/HEIF image; throws when the bytes are not a decodable HEIC/HEIF image. */
export async function convertHeicToJpeg(input: Buffer): Promise<Buffer> {
  const { default: convert } = await import('heic-convert');
  const output = await convert({ buffer: input, format: 'JPEG', quality: 0.88 });
  return Buffer.from(output);
}

/** The file name a converted photo is shown under: the same name with .jpg. */
export function jpegName(name: string): string {
  return `${name.replace(/\.(heic|heif)$/i, '')}.jpg`;
}
