/**
 * Small files that ask a decoder for a lot (security review 2, S2-01..S2-03), made at run time: an APNG whose
 * frame declares 8000x8000 pixels behind a 1x1 IHDR, a HEIC whose `ispe` claims 100 megapixels, and a PDF of
 * about 1.5 MB whose cross-reference stream inflates to about 1.5 GB.
 */
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** One PNG chunk: its length, type, data and CRC (for the test and bench images made at run time). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const u32 = (...values: number[]) => {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => out.writeUInt32BE(value, i * 4));
  return out;
};

/** A PNG of `width` x `height` (8-bit grey) whose pixels are all zero, with the chunks given after IHDR. */
export function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.concat([u32(width, height), Buffer.from([8, 0, 0, 0, 0])]);
  const raw = Buffer.alloc((width + 1) * height);
  const idat = pngChunk('IDAT', deflateSync(raw));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...extra.slice(0, 1),
    idat,
    ...extra.slice(1),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The APNG bomb of S2-01: IHDR 1x1, acTL (one frame), the 1x1 IDAT, then an fcTL declaring an 8000x8000
 * frame and a tiny fdAT. A decoder that honours fcTL allocates 8000x8000 pixels (RGBA: 256 MB) for it.
 */
export function apngBomb(side = 8000): Buffer {
  const acTL = pngChunk('acTL', u32(2, 0));
  const fcTL = pngChunk(
    'fcTL',
    Buffer.concat([u32(1, side, side, 0, 0), Buffer.from([0, 1, 0, 1]), Buffer.from([0, 0])]),
  );
  const fdAT = pngChunk('fdAT', Buffer.concat([u32(2), deflateSync(Buffer.alloc(64))]));
  return png(1, 1, [acTL, fcTL, fdAT]);
}

/** `heic` with every `ispe` box rewritten to declare `width` x `height` (nothing else changes). */
export function heicDeclaring(heic: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(heic);
  let at = out.indexOf('ispe');
  while (at >= 0) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
    at = out.indexOf('ispe', at + 4);
  }
  return out;
}

/**
 * A zlib stream of `size` zero bytes, made without compressing them all: one 16 MB segment deflated with a
 * sync flush (byte-aligned, not final) repeated, a final empty block, and the Adler-32 of `size` zeros.
 */
export function zerosZlib(size: number): Buffer {
  const segmentBytes = 16 * 1024 * 1024;
  const segment = deflateRawSync(Buffer.alloc(segmentBytes), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  const count = Math.ceil(size / segmentBytes);
  const total = count * segmentBytes;
  const adler = Buffer.alloc(4);
  // Adler-32 of n zeros: a stays 1, b adds a (1) n times.
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: count }, () => segment),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}

/**
 * The FlateDecode bomb PDF of S2-03: one page, whose cross-reference stream inflates to about `inflated`
 * bytes. `encrypted`: its trailer (the stream's dictionary) names an encryption dictionary; otherwise
 * `/Encrypt` appears only in a comment, which is not encryption.
 */
export function flateBombPdf({
  encrypted,
  inflated = 1_500_000_000,
}: {
  encrypted: boolean;
  inflated?: number;
}): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const offsets: number[] = [];
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  add('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  if (!encrypted) add('% /Encrypt 5 0 R (a comment, not an encryption dictionary)\n');
  offsets[1] = length;
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  offsets[2] = length;
  add('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n');
  offsets[3] = length;
  add('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n');
  if (encrypted) {
    offsets[5] = length;
    add(
      `5 0 obj\n<< /Filter /Standard /V 1 /R 2 /P -4 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> >>\nendobj\n`,
    );
  }
  const data = zerosZlib(inflated);
  const xrefAt = length;
  add(
    `4 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R ` +
      (encrypted ? `/Encrypt 5 0 R /ID [<${'33'.repeat(16)}> <${'33'.repeat(16)}>] ` : '') +
      `/Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
  );
  add(data);
  add(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}
