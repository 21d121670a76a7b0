/**
 * What a file declares about itself, read from its headers without decoding anything (S2-01..S2-03). A
 * decoder sizes its memory from these declarations, so a tiny file that claims a huge image (or an animation
 * of huge frames) is refused here, on the main thread, in microseconds, before any decoder sees it. Pure
 * functions of the bytes; nothing here allocates more than the input.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** APNG's chunks: an animation's frames each declare their own size, which the IHDR does not bound. */
const ANIMATION_CHUNKS = new Set(['acTL', 'fcTL', 'fdAT']);

/** Why a PNG is refused before decoding, or null when its chunks are sound and its size within the limit. */
export type PngRefusal = 'not-png' | 'truncated' | 'no-ihdr' | 'animated' | 'too-large' | 'empty';

/**
 * Walks a PNG's chunks: the signature, IHDR first, every chunk whole (length, type, data and CRC inside the
 * buffer), no animation chunk (acTL, fcTL, fdAT), and IHDR's width and height from 1 to the limits given.
 */
export function checkPngHeaders(
  png: Buffer,
  limits: { maxWidth: number; maxHeight: number },
): PngRefusal | null {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return 'not-png';
  let offset = 8;
  let first = true;
  let sawEnd = false;
  while (offset < png.length) {
    if (offset + 8 > png.length) return 'truncated';
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    // A chunk's length is at most 2^31 - 1 (PNG 5.3); its data and CRC must be inside the file.
    if (length > 0x7fffffff || offset + 12 + length > png.length) return 'truncated';
    if (first) {
      if (type !== 'IHDR' || length !== 13) return 'no-ihdr';
      const width = png.readUInt32BE(offset + 8);
      const height = png.readUInt32BE(offset + 12);
      if (width === 0 || height === 0) return 'empty';
      if (width > limits.maxWidth || height > limits.maxHeight) return 'too-large';
      first = false;
    } else if (type === 'IHDR') {
      return 'no-ihdr';
    }
    if (ANIMATION_CHUNKS.has(type)) return 'animated';
    offset += 12 + length;
    if (type === 'IEND') {
      sawEnd = true;
      break;
    }
  }
  if (first) return 'no-ihdr';
  return sawEnd ? null : 'truncated';
}

/** One ISOBMFF box: its type and where its body starts and the box ends. */
type Box = { type: string; start: number; end: number };

/** The boxes directly inside [from, to); stops at the first malformed one (answers what came before it). */
function boxes(bytes: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) break;
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(to - offset)) break;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) break;
    found.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

const child = (bytes: Buffer, parent: Box, type: string, skip = 0): Box | undefined =>
  boxes(bytes, parent.start + skip, parent.end).find((box) => box.type === type);

/**
 * The largest image a HEIC/HEIF file declares, in pixels, from its `ispe` properties (meta → iprp → ipco →
 * ispe): every image item has one, a grid's gives the whole picture's size, so the largest bounds what a
 * decoder will allocate. Null when there is none to read (not an ISOBMFF file, or no ispe at all).
 */
export function heifLargestImage(bytes: Buffer): { width: number; height: number } | null {
  const meta = boxes(bytes, 0, bytes.length).find((box) => box.type === 'meta');
  if (!meta) return null;
  // meta is a full box: 4 bytes of version and flags before its children.
  const iprp = child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  if (!ipco) return null;
  let largest: { width: number; height: number } | null = null;
  for (const box of boxes(bytes, ipco.start, ipco.end)) {
    // ispe: version and flags (4), image_width (4), image_height (4).
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const width = bytes.readUInt32BE(box.start + 4);
    const height = bytes.readUInt32BE(box.start + 8);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/** Is `byte` PDF white-space (7.2.3)? */
const isSpace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** Is `byte` a PDF delimiter or white-space, which ends a name? */
const endsName = (byte: number) => isSpace(byte) || '()<>[]{}/%'.includes(String.fromCharCode(byte));

/**
 * Does the dictionary starting at `start` (its `<<`) have `/Encrypt` as one of its own entries? Skips
 * strings (with escapes and nested parentheses), hex strings, comments, arrays and nested dictionaries, so a
 * `/Encrypt` inside any of them is not counted. Null when the dictionary does not close within the bytes.
 */
function dictionaryHasEncrypt(bytes: Buffer, start: number): boolean | null {
  let depth = 0;
  let arrays = 0;
  let found = false;
  let i = start;
  while (i < bytes.length) {
    const byte = bytes[i] as number;
    if (byte === 0x25 /* % */) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
      continue;
    }
    if (byte === 0x28 /* ( */) {
      let parens = 1;
      i++;
      while (i < bytes.length && parens > 0) {
        if (bytes[i] === 0x5c /* \ */) i++;
        else if (bytes[i] === 0x28) parens++;
        else if (bytes[i] === 0x29) parens--;
        i++;
      }
      continue;
    }
    if (byte === 0x3c /* < */) {
      if (bytes[i + 1] === 0x3c) {
        depth++;
        i += 2;
        continue;
      }
      while (i < bytes.length && bytes[i] !== 0x3e) i++;
      i++;
      continue;
    }
    if (byte === 0x3e /* > */ && bytes[i + 1] === 0x3e) {
      depth--;
      i += 2;
      if (depth === 0) return found;
      continue;
    }
    if (byte === 0x5b /* [ */) arrays++;
    else if (byte === 0x5d /* ] */) arrays--;
    else if (byte === 0x2f /* / */) {
      let end = i + 1;
      while (end < bytes.length && !endsName(bytes[end] as number)) end++;
      if (depth === 1 && arrays === 0 && bytes.toString('latin1', i, end) === '/Encrypt') found = true;
      i = end;
      continue;
    }
    i++;
  }
  return null;
}

/** The offset just after `word` at `at` when the bytes there are that word (then white-space), or -1. */
function skipWord(bytes: Buffer, at: number, word: string): number {
  if (bytes.toString('latin1', at, at + word.length) !== word) return -1;
  return at + word.length;
}

function skipSpaceAndComments(bytes: Buffer, at: number): number {
  let i = at;
  while (i < bytes.length) {
    if (isSpace(bytes[i] as number)) i++;
    else if (bytes[i] === 0x25) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

/** How far from the end `startxref` is looked for: the spec says the last 1024 bytes; some writers pad. */
const TAIL_BYTES = 4096;

/**
 * Is the PDF encrypted, as its last trailer says? Follows the last `startxref` to the cross-reference section
 * it names: a classic table (`xref` … `trailer << … >>`) or a cross-reference stream (`n g obj << … >>`), and
 * answers whether that dictionary has an `/Encrypt` entry. A `/Encrypt` anywhere else (a comment, a content
 * stream, a string) is not encryption. When `startxref` is missing or points nowhere (a damaged file, which
 * readers rebuild), the last `trailer` dictionary in the file decides; with none to read either, any
 * `/Encrypt` in the bytes sends the file to qpdf (in the sandbox), which rebuilds it and decides.
 */
export function pdfTrailerEncrypted(bytes: Buffer): boolean {
  const tail = Math.max(0, bytes.length - TAIL_BYTES);
  const at = bytes.lastIndexOf('startxref');
  if (at >= tail) {
    const match = /^startxref\s+(\d{1,12})/.exec(bytes.toString('latin1', at, at + 40));
    const offset = match ? Number(match[1]) : -1;
    if (offset >= 0 && offset < bytes.length) {
      const answer = sectionHasEncrypt(bytes, offset);
      if (answer !== null) return answer;
    }
  }
  const trailer = bytes.lastIndexOf('trailer');
  const open = trailer < 0 ? -1 : skipSpaceAndComments(bytes, trailer + 'trailer'.length);
  const answer =
    open >= 0 && bytes[open] === 0x3c && bytes[open + 1] === 0x3c ? dictionaryHasEncrypt(bytes, open) : null;
  if (answer !== null) return answer;
  // No trailer to read at all (a damaged cross-reference stream): qpdf decides, in the sandbox.
  return bytes.includes(ENCRYPT_NAME);
}

const ENCRYPT_NAME = Buffer.from('/Encrypt');

/** The cross-reference section at `offset`: does its trailer (or stream) dictionary name /Encrypt? */
function sectionHasEncrypt(bytes: Buffer, offset: number): boolean | null {
  const start = skipSpaceAndComments(bytes, offset);
  if (skipWord(bytes, start, 'xref') >= 0) {
    // A classic table: its trailer follows the subsections (numbers only, no dictionary in between).
    const trailer = bytes.indexOf('trailer', start);
    if (trailer < 0) return null;
    const open = skipSpaceAndComments(bytes, trailer + 'trailer'.length);
    if (bytes[open] !== 0x3c || bytes[open + 1] !== 0x3c) return null;
    return dictionaryHasEncrypt(bytes, open);
  }
  // A cross-reference stream: "<number> <generation> obj" then its dictionary.
  const header = /^(\d+)\s+(\d+)\s+obj/.exec(bytes.toString('latin1', start, start + 40));
  if (!header) return null;
  const open = skipSpaceAndComments(bytes, start + header[0].length);
  if (bytes[open] !== 0x3c || bytes[open + 1] !== 0x3c) return null;
  return dictionaryHasEncrypt(bytes, open);
}
