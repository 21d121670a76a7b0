/**
 * The backup file: an age file (age-encryption.org/v1, one scrypt recipient: the backup key) around a gzip'd tar
 * whose last member, manifest.json, lists every other member with its size and SHA-256. age encrypts and
 * authenticates the whole stream in 64 KiB chunks (ChaCha20-Poly1305, a counter and a last-chunk flag in each
 * nonce, the header under an HMAC), so a flipped, cut, reordered or re-packed file fails to open without the
 * key: the manifest's checksums then catch only accidents of a key holder. The manifest goes last so the
 * members are hashed while they stream in (one read of each file); a restore reads and authenticates the whole
 * archive once before it writes anything, then a second time to write it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import * as tar from 'tar-stream';
import { z } from 'zod';
import type { BackupKeys } from '../../env.ts';
import { BackupError } from './backup-error.ts';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'taxfirm-backup';
/** 2: encrypted and authenticated with the backup key (1, a plain gzip'd tar, is refused). */
export const FORMAT_VERSION = 2;
/** The embedded database: PGlite's own dump of its data directory. */
export const PGLITE_MEMBER = 'database/pglite.tar.gz';
/** PostgreSQL: pg_dump --format=custom. */
export const POSTGRES_MEMBER = 'database/postgres.dump';
export const DEV_SECRETS_MEMBER = 'dev-secrets.json';
/** Local storage's files (DATA_DIR/files), under their paths there. */
export const FILES_PREFIX = 'files/';

const memberSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Member = z.infer<typeof memberSchema>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The newest migration this build of the app knows (the app has no release number of its own). */
  app: z.object({ schema: z.string() }),
  /** How the database was dumped: its migration level, and pg_dump's version on PostgreSQL. */
  database: z.object({ migrations: z.number().int().nonnegative(), pgDump: z.string().optional() }),
  storage: z.enum(['local', 's3']),
  counts: z.object({
    clients: z.number().int().nonnegative(),
    documents: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
    fileBytes: z.number().int().nonnegative(),
  }),
  /** dev-secrets.json is in the archive (a development DATA_DIR whose key it holds). */
  devSecrets: z.boolean(),
  members: z.array(memberSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The archive is not a backup this app wrote, or was changed or cut short since. */
export class BackupArchiveError extends BackupError {}

/**
 * scrypt's cost (log2 N) when a backup is written: age's default, about 2 s here. The backup key is random, so
 * this is a margin for an operator's weaker one. A restore accepts what the file's header says, up to age's 20.
 */
export const SCRYPT_WORK_FACTOR = 18;
/** How an age file starts. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');
/** How a gzip file starts: a backup of format 1, before backups were encrypted. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** dev-secrets.json is a few hundred bytes: more is not one this app wrote. */
const DEV_SECRETS_MAX_BYTES = 64 * 1024;

/** A member's name is one this format writes, with no way out of its folder. */
export function isAllowedMemberName(name: string): boolean {
  if (name === PGLITE_MEMBER || name === POSTGRES_MEMBER || name === DEV_SECRETS_MEMBER) return true;
  if (!name.startsWith(FILES_PREFIX) || name.length === FILES_PREFIX.length) return false;
  return name
    .slice(FILES_PREFIX.length)
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

/** Counts bytes and hashes them on the way through; with `limit`, fails as soon as more than that pass. */
function hashing(onDone: (size: number, sha256: string) => void, limit = Infinity, name = ''): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        callback(new BackupArchiveError(`member ${name} is longer than its manifest says`));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      onDone(size, hash.digest('hex'));
      callback();
    },
  });
}

/** A web stream pulling from `source` one chunk at a time (age's streams are web streams). */
function webStream(source: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export type ArchiveWriter = {
  /** Add a member from a stream of exactly `size` bytes (tar needs the size before the data). */
  add: (name: string, size: number, source: Readable) => Promise<Member>;
  /** Write the manifest (with the members' list) and finish the file. */
  finish: (manifest: Omit<Manifest, 'members'>) => Promise<void>;
  /** Stop writing after a failure (the caller removes the file); never rejects. */
  abort: () => Promise<void>;
  members: Member[];
};

/**
 * Start writing an archive to `file` (created 0600, never over an existing one), encrypted and authenticated
 * with `key`. Streams: tar → gzip → age → file, nothing held whole in memory.
 */
export async function createArchiveWriter(
  file: string,
  key: string,
  scryptWorkFactor = SCRYPT_WORK_FACTOR,
): Promise<ArchiveWriter> {
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(scryptWorkFactor);
  encrypter.setPassphrase(key);
  const pack = tar.pack();
  const gzipped = new PassThrough();
  const compressing = pipeline(pack as unknown as Readable, createGzip(), gzipped);
  const encrypted = await encrypter.encrypt(webStream(gzipped));
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const storing = pipeline(Readable.fromWeb(encrypted as Parameters<typeof Readable.fromWeb>[0]), out);
  const written = Promise.all([compressing, storing]);
  // Reported by finish/abort; until then a failure must not be an unhandled rejection.
  written.catch(() => {});
  const members: Member[] = [];
  const mtime = new Date();

  const add = async (name: string, size: number, source: Readable): Promise<Member> => {
    let member: Member | undefined;
    const entry = pack.entry({ name, size, mode: 0o600, mtime, type: 'file' });
    await pipeline(
      source,
      hashing((actualSize, sha256) => {
        member = { name, size: actualSize, sha256 };
      }),
      entry as unknown as Writable,
    );
    if (!member || member.size !== size) {
      throw new Error(`${name} changed size while it was being copied (${size} → ${member?.size} bytes)`);
    }
    members.push(member);
    return member;
  };

  return {
    members,
    add,
    finish: async (manifest) => {
      const text = Buffer.from(`${JSON.stringify({ ...manifest, members }, null, 2)}\n`);
      pack.entry({ name: MANIFEST_NAME, size: text.length, mode: 0o600, mtime, type: 'file' }, text);
      pack.finalize();
      await written;
    },
    abort: async () => {
      pack.destroy(new Error('backup stopped'));
      out.destroy();
      // Both pipelines settled, the file closed (an open still under way completes first): only then may the
      // caller remove it. `written` settles at the first failure, while the file may still be opening.
      await Promise.allSettled([compressing, storing]);
      // A pipeline can settle on the destroy before the descriptor is closed (an open under way finishes
      // first, and would make the file again after the caller removed it): wait for the file's own close.
      // Not `once(out, 'close')`: that rejects on an 'error' the destroy itself may raise (a write still in
      // flight), and abort must never replace the failure that made the caller stop.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    },
  };
}

/** The message for a refusal of age's: never the library's own words alone, never a key. */
function headerRefusal(error: unknown): BackupArchiveError {
  const message = error instanceof Error ? error.message : String(error);
  if (/no identity matched/.test(message)) {
    return new BackupArchiveError(
      'cannot be opened with the backup key: it was made under another BACKUP_KEY (give an older one in ' +
        'BACKUP_KEY_PREVIOUS), or it is not a backup of this site, or its header was changed',
    );
  }
  if (/HMAC/.test(message)) {
    return new BackupArchiveError('failed authentication: its header was changed since it was written');
  }
  return new BackupArchiveError(`is damaged: its header cannot be read (${message})`);
}

/**
 * The archive's plaintext (the gzip'd tar), authenticated chunk by chunk as it is read: a chunk that fails
 * (changed, reordered, cut short, or bytes after the last) ends the stream with a BackupArchiveError before
 * any of its bytes is passed on. Refuses a plain archive of format 1 and a file that is not an age file.
 */
async function* decrypted(file: string, keys: BackupKeys): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(AGE_MAGIC.length);
  let bytesRead: number;
  try {
    ({ bytesRead } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) {
    throw new BackupArchiveError(
      'is not encrypted: it was made before backups were encrypted and authenticated (or not by this app), ' +
        'and a restore takes only an archive it can authenticate with the backup key. Make a new backup.',
    );
  }
  if (bytesRead < head.length || !head.equals(AGE_MAGIC)) {
    throw new BackupArchiveError('is not a backup made by npm run backup (not an encrypted archive)');
  }
  const decrypter = new Decrypter();
  for (const key of [keys.backupKey, ...keys.backupKeysPrevious]) decrypter.addPassphrase(key);
  const source = createReadStream(file);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = (await decrypter.decrypt(webStream(source))) as ReadableStream<Uint8Array>;
  } catch (error) {
    source.destroy();
    throw headerRefusal(error);
  }
  try {
    for await (const chunk of plain) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  } catch {
    throw new BackupArchiveError(
      'failed authentication: it was changed, damaged or cut short since it was written',
    );
  } finally {
    source.destroy();
  }
}

/** The archive's members in order, each as a stream; `onMember` must drain each. */
async function eachMember(
  file: string,
  keys: BackupKeys,
  onMember: (name: string, stream: Readable, size: number) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(decrypted(file, keys), createGunzip(), extract as unknown as Writable);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (type !== 'file') throw new BackupArchiveError(`unexpected ${type} member ${name}`);
      await onMember(name, entry as unknown as Readable, size ?? 0);
    }
    await reading;
  } catch (error) {
    extract.destroy();
    // A refusal of the decryption (authentication, key, format) says more than what it broke downstream.
    const failure = await reading.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (failure instanceof BackupArchiveError) throw failure;
    if (error instanceof BackupArchiveError) throw error;
    // zlib and tar-stream errors in authenticated bytes: an archive written wrongly.
    throw new BackupArchiveError(
      `cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

async function drain(stream: Readable, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BackupArchiveError(`member ${name} is larger than this app writes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Bytes through, counted; the stream's data is dropped. */
async function countBytes(stream: AsyncIterable<Buffer>): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += chunk.length;
  return size;
}

/** What a verified archive holds, and what it will take once restored. */
export type VerifiedArchive = {
  manifest: Manifest;
  /** The embedded database's size once unpacked (its tar inside the gzip), for the free-space check. */
  databaseBytes: number;
};

/** The manifest text of the archive: JSON, this format's, at most this large. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Read and authenticate the whole archive and check it against its manifest: every member listed once and
 * present once, with the same size and SHA-256, nothing more, nothing missing, every name one this format
 * writes, the database of the manifest's engine. Writes nothing.
 */
export async function verifyArchive(file: string, keys: BackupKeys): Promise<VerifiedArchive> {
  const seen = new Map<string, Member>();
  let manifestText: Buffer | undefined;
  let databaseBytes = 0;
  await eachMember(file, keys, async (name, stream) => {
    if (manifestText) throw new BackupArchiveError(`member ${name} after the manifest`);
    if (name === MANIFEST_NAME) {
      manifestText = await drain(stream, MANIFEST_MAX_BYTES, name);
      return;
    }
    if (!isAllowedMemberName(name)) throw new BackupArchiveError(`unexpected member ${name}`);
    if (seen.has(name)) throw new BackupArchiveError(`holds member ${name} twice`);
    const hashed = hashing((size, sha256) => seen.set(name, { name, size, sha256 }));
    if (name === PGLITE_MEMBER) {
      // PGlite's dump is a gzip'd tar: its unpacked size is what the restore writes.
      await pipeline(stream, hashed, createGunzip(), async (source: AsyncIterable<Buffer>) => {
        databaseBytes = await countBytes(source);
      });
    } else {
      await pipeline(stream, hashed, countBytes);
    }
  });
  if (!manifestText) throw new BackupArchiveError('has no manifest (not a backup, or cut short)');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText.toString('utf8')));
  } catch {
    throw new BackupArchiveError('has a manifest this version of the app cannot read');
  }
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  if (listed.size !== manifest.members.length) {
    throw new BackupArchiveError('has a manifest that lists a member twice');
  }
  if (seen.size !== listed.size) {
    throw new BackupArchiveError(`holds ${seen.size} members, its manifest lists ${listed.size}`);
  }
  for (const member of seen.values()) {
    const expected = listed.get(member.name);
    if (!expected) throw new BackupArchiveError(`member ${member.name} is not in the manifest`);
    if (expected.size !== member.size || expected.sha256 !== member.sha256) {
      throw new BackupArchiveError(`member ${member.name} does not match its checksum`);
    }
  }
  const database = manifest.engine === 'pglite' ? PGLITE_MEMBER : POSTGRES_MEMBER;
  const other = manifest.engine === 'pglite' ? POSTGRES_MEMBER : PGLITE_MEMBER;
  if (!listed.has(database) || listed.has(other)) {
    throw new BackupArchiveError(`does not hold the ${manifest.engine} database its manifest names`);
  }
  if (manifest.devSecrets !== listed.has(DEV_SECRETS_MEMBER)) {
    throw new BackupArchiveError('has a manifest that disagrees with its members (dev-secrets.json)');
  }
  return { manifest, databaseBytes };
}

/**
 * Hand each member of a verified archive to `onMember`, checking each again against the manifest as it
 * passes (the file could have been swapped since verifyArchive): a member read twice, or whose size differs
 * from the manifest's, is refused before its bytes pass; one longer than listed fails at the first byte too
 * many; a checksum mismatch throws once that member ends.
 */
export async function readMembers(
  file: string,
  keys: BackupKeys,
  manifest: Manifest,
  onMember: (name: string, stream: Readable) => Promise<void>,
): Promise<void> {
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  const done = new Set<string>();
  await eachMember(file, keys, async (name, stream, size) => {
    if (name === MANIFEST_NAME) {
      await drain(stream, MANIFEST_MAX_BYTES, name);
      return;
    }
    const expected = listed.get(name);
    if (!expected || !isAllowedMemberName(name) || done.has(name)) {
      throw new BackupArchiveError(`unexpected member ${name}`);
    }
    if (size !== expected.size) throw new BackupArchiveError(`member ${name} changed since it was checked`);
    done.add(name);
    let actual: Member | undefined;
    const checked = hashing(
      (actualSize, sha256) => {
        actual = { name, size: actualSize, sha256 };
      },
      expected.size,
      name,
    );
    // pipe() passes no error on: a failure upstream (authentication) must end the member's stream too.
    stream.on('error', (error) => checked.destroy(error));
    stream.pipe(checked);
    await onMember(name, checked);
    // onMember may not have read to the end (it should have): finish the hash.
    for await (const chunk of checked) void chunk;
    if (!actual || actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupArchiveError(`member ${name} changed since it was checked`);
    }
  });
  if (done.size !== listed.size) throw new BackupArchiveError('changed since it was checked');
}

/** dev-secrets.json's bytes, read with a bound (a member the manifest lists as small). */
export const readDevSecrets = (stream: Readable) => drain(stream, DEV_SECRETS_MAX_BYTES, DEV_SECRETS_MEMBER);
