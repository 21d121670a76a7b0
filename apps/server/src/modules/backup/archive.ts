/**
 * The backup file: a gzip'd tar whose last member, manifest.json, lists every other member with its size and
 * SHA-256. The manifest goes last so the members are hashed while they stream in (one read of each file); a
 * restore reads the whole archive once to check it before it writes anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { BackupError } from './backup-error.ts';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'taxfirm-backup';
export const FORMAT_VERSION = 1;
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

/** A member's name is one this format writes, with no way out of its folder. */
export function isAllowedMemberName(name: string): boolean {
  if (name === PGLITE_MEMBER || name === POSTGRES_MEMBER || name === DEV_SECRETS_MEMBER) return true;
  if (!name.startsWith(FILES_PREFIX) || name.length === FILES_PREFIX.length) return false;
  return name
    .slice(FILES_PREFIX.length)
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

/** Counts bytes and hashes them on the way through. */
function hashing(onDone: (size: number, sha256: string) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(size, hash.digest('hex'));
      callback();
    },
  });
}

export type ArchiveWriter = {
  /** Add a member from a stream of exactly `size` bytes (tar needs the size before the data). */
  add: (name: string, size: number, source: Readable) => Promise<Member>;
  /** Write the manifest (with the members' list) and finish the file. */
  finish: (manifest: Omit<Manifest, 'members'>) => Promise<void>;
  /** Stop writing after a failure (the caller removes the file). */
  abort: () => Promise<void>;
  members: Member[];
};

/** Start writing an archive to `file` (created 0600, never over an existing one). */
export function createArchiveWriter(file: string): ArchiveWriter {
  const pack = tar.pack();
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const written = pipeline(pack as unknown as Readable, createGzip(), out);
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
      pack.destroy();
      await written.catch(() => {});
    },
  };
}

/** The archive's members in order, each as a stream; `next` must drain or skip each. */
async function eachMember(
  file: string,
  onMember: (name: string, stream: Readable, size: number) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (type !== 'file') throw new BackupArchiveError(`unexpected ${type} member ${name}`);
      await onMember(name, entry as unknown as Readable, size);
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    if (error instanceof BackupArchiveError) throw error;
    // zlib and tar-stream errors: a cut or damaged file.
    throw new BackupArchiveError(
      `cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Read the whole archive and check it against its manifest: every member listed, with the same size and
 * SHA-256, nothing more, nothing missing, every name one this format writes. Writes nothing.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen: Member[] = [];
  let manifestText: Buffer | undefined;
  await eachMember(file, async (name, stream) => {
    if (manifestText) throw new BackupArchiveError(`member ${name} after the manifest`);
    if (name === MANIFEST_NAME) {
      manifestText = await drain(stream);
      return;
    }
    if (!isAllowedMemberName(name)) throw new BackupArchiveError(`unexpected member ${name}`);
    await pipeline(
      stream,
      hashing((size, sha256) => seen.push({ name, size, sha256 })),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) void chunk;
      },
    );
  });
  if (!manifestText) throw new BackupArchiveError('has no manifest (not a backup, or cut short)');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText.toString('utf8')));
  } catch {
    throw new BackupArchiveError('has a manifest this version of the app cannot read');
  }
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  if (listed.size !== manifest.members.length || seen.length !== listed.size) {
    throw new BackupArchiveError(
      `holds ${seen.length} members, its manifest lists ${manifest.members.length}`,
    );
  }
  for (const member of seen) {
    const expected = listed.get(member.name);
    if (!expected) throw new BackupArchiveError(`member ${member.name} is not in the manifest`);
    if (expected.size !== member.size || expected.sha256 !== member.sha256) {
      throw new BackupArchiveError(`member ${member.name} does not match its checksum`);
    }
  }
  return manifest;
}

/**
 * Hand each member of a verified archive to `onMember`, checking each again against the manifest as it
 * passes (the file could have been swapped since verifyArchive): a mismatch throws once that member ends.
 */
export async function readMembers(
  file: string,
  manifest: Manifest,
  onMember: (name: string, stream: Readable) => Promise<void>,
): Promise<void> {
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  await eachMember(file, async (name, stream) => {
    if (name === MANIFEST_NAME) {
      await drain(stream);
      return;
    }
    const expected = listed.get(name);
    if (!expected || !isAllowedMemberName(name)) throw new BackupArchiveError(`unexpected member ${name}`);
    let actual: Member | undefined;
    const checked = stream.pipe(
      hashing((size, sha256) => {
        actual = { name, size, sha256 };
      }),
    );
    await onMember(name, checked);
    // onMember may not have read to the end (it should have): finish the hash.
    for await (const chunk of checked) void chunk;
    if (!actual || actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupArchiveError(`member ${name} changed since it was checked`);
    }
  });
}
