/**
 * Multipart calls: text fields become the body (validated by the call's schema like any JSON body), and
 * each file streams, checked as it goes, into object storage under a key the server makes. Nothing about a
 * file is trusted from the client: its type is read from its first bytes, its size counted while streaming.
 * If anything fails, every file this request stored is removed again.
 */
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES, type CallDefinition, type FileRule } from '@taxfirm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from './app-error.ts';
import { prepareUploads } from './files/prepare-uploads.ts';
import { uploadKeyPrefix } from './storage/upload-prefix.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

/** A file stored for this request. */
export type Upload = {
  field: string;
  key: string;
  /** The client's file name, for display only; never part of a key or path. */
  originalName: string;
  /** Detected from the content. */
  type: string;
  size: number;
  sha256: string;
};

/** An upload as it will be recorded: converted when it was a HEIC photo, and whether it is a locked PDF. */
export type PreparedUpload = Upload & { locked: boolean };

const uploadsByRequest = new WeakMap<FastifyRequest, Upload[]>();

/** The files this request has stored so far. */
export function uploadsOf(request: FastifyRequest): Upload[] {
  let uploads = uploadsByRequest.get(request);
  if (!uploads) {
    uploads = [];
    uploadsByRequest.set(request, uploads);
  }
  return uploads;
}

/** Field limits for the text parts; files have their own rules. */
const FIELD_LIMITS = { fields: 30, fieldSize: 20_000, fieldNameSize: 100, parts: 40 };
/** Bytes read before deciding the type: enough for file-type to see inside a .docx. */
const SNIFF_BYTES = 64 * 1024;

/** Storage itself failed (disk, S3): a server error, unlike a malformed body. */
class StorageFailed extends Error {
  constructor(readonly reason: unknown) {
    super('storage failed');
  }
}

class FileRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** file-type names a Word 97-2003 file only as a compound file; the name decides which Office file it is. */
function detectedType(mime: string | undefined, name: string): string | undefined {
  if (mime === 'application/x-cfb' && name.toLowerCase().endsWith('.doc')) return 'application/msword';
  return mime;
}

/** The client's file name made safe to show and to carry in a listed key: no path, no control characters. */
function displayName(name: string): string {
  // Browsers send `"`, CR and LF in a multipart file name as %22, %0D and %0A.
  const unescaped = name.replace(/%22/g, '"').replace(/%0[da]/gi, '');
  const last = unescaped.split(/[/\\]/).pop() ?? '';
  // Control and format characters (e.g. a right-to-left override that fakes an extension) never belong in
  // a name that is shown.
  const base = last.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (base || 'document').slice(0, 200);
}

/**
 * Read the first bytes of a file part and detect its type from them; `stream` gives the whole file again
 * (those bytes, then the rest). Reading through the async iterator also copes with a part that has already
 * ended (an empty file after a stored one).
 */
async function sniff(file: AsyncIterable<Buffer>): Promise<{ mime: string | undefined; stream: Readable }> {
  const iterator = file[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const sample = Buffer.concat(head);
  // file-type is loaded at the first upload, not at start-up (docs/benchmarks.md, start-up and memory).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(sample);
  async function* whole() {
    if (sample.length > 0) yield sample;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { mime: detected?.mime, stream: Readable.from(whole(), { objectMode: false }) };
}

/** Read a stream to its end, discarding it, so the parser can move on to the next part; answers its length. */
async function drain(stream: AsyncIterable<Buffer | string>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.length;
  return bytes;
}

async function storeFile(
  part: MultipartFile,
  rule: FileRule,
  storage: ObjectStorage,
  keyPrefix: string,
): Promise<Upload> {
  const field = part.fieldname;
  // The parser counts the real bytes and truncates the stream at the limit; no header is trusted.
  let bodyBroken = false;
  part.file.once('error', () => {
    bodyBroken = true;
  });
  const sniffed = await sniff(part.file);
  const type = detectedType(sniffed.mime, part.filename);
  if (!type || !rule.types.includes(type)) {
    const bytes = await drain(sniffed.stream);
    throw new FileRefused(
      field,
      part.file.truncated
        ? rule.messages.tooLarge
        : bytes <= rule.minBytes
          ? rule.messages.tooSmall
          : rule.messages.wrongType,
    );
  }
  const key = `${keyPrefix}${randomUUID()}`;
  let stored;
  try {
    stored = await storage.put(key, sniffed.stream);
  } catch (error) {
    // A body cut short fails the stream storage reads: that is the client's malformed request.
    throw bodyBroken ? error : new StorageFailed(error);
  }
  const refusal = part.file.truncated
    ? rule.messages.tooLarge
    : stored.size <= rule.minBytes
      ? rule.messages.tooSmall
      : null;
  if (refusal) {
    await storage.delete(key);
    throw new FileRefused(field, refusal);
  }
  return { field, key, originalName: displayName(part.filename), type, ...stored };
}

/**
 * Read a multipart request for `call`: returns its text fields; stores its files (recorded on
 * `uploadsOf(request)`). Throws a 400 with the field's message for a refused file, after removing what
 * this request stored.
 */
export async function readMultipart(
  request: FastifyRequest,
  call: CallDefinition,
  storage: ObjectStorage,
  /**
   * Runs on the text fields before the first file is stored (and once at the end when there is none): a
   * refusal here means nothing was written. Fields sent after the files are not seen by it.
   */
  beforeFiles?: (fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<Record<string, string>> {
  const rules = call.files ?? {};
  const maxFiles = Object.values(rules).reduce((sum, rule) => sum + rule.maxFiles, 0);
  const counts = new Map<string, number>();
  const fields: Record<string, string> = {};
  const keyPrefix = uploadKeyPrefix(call);
  let checked = false;
  const check = async () => {
    if (checked || !beforeFiles) return;
    checked = true;
    await beforeFiles(fields);
  };
  try {
    const parts = request.parts({
      limits: {
        ...FIELD_LIMITS,
        files: maxFiles,
        // Files must be strictly under maxBytes: the parser truncates anything longer and says so.
        fileSize: Math.max(0, ...Object.values(rules).map((rule) => rule.maxBytes - 1)),
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      // A browser sends a nameless, empty part for a file input left empty: that is "no file".
      if (!part.filename) {
        await drain(part.file);
        continue;
      }
      if (!rule) throw new FileRefused(part.fieldname, MESSAGES.INVALID_REQUEST);
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      counts.set(part.fieldname, count);
      if (count > rule.maxFiles) throw new FileRefused(part.fieldname, MESSAGES.INVALID_REQUEST);
      await check();
      uploadsOf(request).push(await storeFile(part, rule, storage, keyPrefix));
    }
    await check();
  } catch (error) {
    await removeUploads(request, storage);
    if (error instanceof FileRefused) {
      throw new AppError('VALIDATION_FAILED', {
        message: error.message,
        details: { [error.field]: error.message },
      });
    }
    if (error instanceof StorageFailed) throw error.reason;
    // The parser's own refusals with a status (e.g. too many files, 413) keep it; any other failure to read
    // the parts (no boundary, a body cut short) is a malformed request, not a server error.
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    throw new AppError('MALFORMED_BODY', { cause: error });
  }
  return fields;
}

function hasClientStatus(error: unknown): boolean {
  const status = error && typeof error === 'object' && 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The request's files are now referenced (their rows are committed): a later failure of the request must
 * not remove them.
 */
export function keepUploads(request: FastifyRequest): void {
  uploadsOf(request).splice(0);
}

/** Remove every file this request stored (a failed request keeps nothing). */
export async function removeUploads(request: FastifyRequest, storage: ObjectStorage): Promise<void> {
  const uploads = uploadsOf(request).splice(0);
  await Promise.all(uploads.map((upload) => storage.delete(upload.key).catch(() => undefined)));
}

/**
 * onSend hook for multipart routes: a request that did not succeed leaves no file behind, and its answer
 * leaves only once the files are gone.
 */
export function removeUploadsUnlessOk(storage: ObjectStorage) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400 && uploadsOf(request).length > 0) await removeUploads(request, storage);
    return payload;
  };
}

/** The files this request stored for one field. */
export function fieldUploads(request: FastifyRequest, field: string): Upload[] {
  return uploadsOf(request).filter((upload) => upload.field === field);
}

/**
 * The lifecycle of a call that records its files: prepare the field's uploads (lib/files/prepare-uploads.ts:
 * HEIC photos become JPEGs, locked PDFs are marked) for `account`, hand them to `run`, and keep them once it
 * succeeds. The request's own list then names what was recorded (a converted photo replaces its HEIC), so a
 * failed request still removes everything (`removeUploadsUnlessOk`); the keys stored while preparing are
 * removed here when preparing or `run` fails.
 */
export async function withPreparedUploads<T>(
  request: FastifyRequest,
  storage: ObjectStorage,
  { field, keyPrefix, account }: { field: string; keyPrefix: string; account: string },
  run: (prepared: PreparedUpload[]) => Promise<T>,
): Promise<T> {
  const created: string[] = [];
  try {
    const prepared = await prepareUploads(storage, fieldUploads(request, field), keyPrefix, created, {
      account,
    });
    uploadsOf(request).splice(0, uploadsOf(request).length, ...prepared);
    const result = await run(prepared);
    keepUploads(request);
    return result;
  } catch (error) {
    await Promise.all(created.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
