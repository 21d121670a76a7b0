/**
 * Backup and restore through the functions (createBackup, restoreBackup, verifyArchive) on the run's engine: a
 * restore that opens the data, an archive that hides it and refuses tampering, and the refusals before writing.
 * The npm commands are in backup-commands.test.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataDirLockedError, lockDataDir } from '@taxfirm/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENCRYPTION_KEY } from '../../../test/helpers.ts';
import { openIdentityNumber } from '../profile/identity-numbers.ts';
import { BackupArchiveError, verifyArchive } from './archive.ts';
import { BackupError } from './backup-error.ts';
import { createBackup } from './create-backup.ts';
import type { BackupEnv } from './data-dir.ts';
import { checkFreeSpace, restoreBackup } from './restore-backup.ts';
import {
  EMAIL,
  FAST,
  OTHER_BACKUP_KEY,
  SSN,
  type Session,
  TEST_BACKUP_KEY,
  W2,
  closeWork,
  contents,
  decrypt,
  encrypt,
  forge,
  keyring,
  listDocuments,
  makeSource,
  newTarget,
  openApp,
  openWork,
  provided,
  quiet,
  tableCount,
  tarOf,
  untar,
  workDir,
} from './testing/backup-kit.ts';

let source: BackupEnv;
let asha: Session;
let backupFile: string;

beforeAll(async () => {
  await openWork();
  ({ source, asha, backupFile } = await makeSource());
});
afterAll(closeWork);

describe(`backup and restore (${provided.engine})`, () => {
  let restored: BackupEnv;

  it("restores into a fresh target: the client's identity number opens and the document downloads", async () => {
    // Readable by its owner only: it holds every client's data.
    expect(statSync(backupFile).mode & 0o077).toBe(0);
    restored = await newTarget(false);
    const lines: string[] = [];
    const manifest = await restoreBackup(restored, backupFile, (line) => lines.push(line));
    expect(manifest).toMatchObject({
      engine: provided.engine,
      counts: { clients: 1, documents: 1 },
      devSecrets: false,
    });
    expect(manifest.counts.files).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('ENCRYPTION_KEY');

    const t = await openApp(restored);
    try {
      expect(
        await openIdentityNumber({ db: t.database.db, keyring }, asha.clientId, { section: 'taxpayer' }),
      ).toBe(SSN);
      // The session lives in the database too: the same cookie signs in on the restored site.
      const [document] = await listDocuments(t, asha);
      expect(document?.Key).toMatch(/w2-acme\.pdf$/);
      const download = await t.getAs(asha.sid, document?.location ?? '');
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(W2)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses to restore into a target that holds data', async () => {
    const error = await restoreBackup(restored, backupFile, quiet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect(String(error)).toMatch(/not empty|already (holds|has)/);
    if (provided.engine === 'postgres') {
      const database = await newTarget(false);
      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      await client.query('create table leftover (id int)');
      await client.end();
      await expect(restoreBackup(database, backupFile, quiet)).rejects.toThrow(/already has 1 tables/);
    } else {
      const database = await newTarget(true);
      await expect(restoreBackup(database, backupFile, quiet)).rejects.toThrow(/already holds a database/);
    }
  });

  it('writes no readable byte: the file is encrypted, with no gzip, name or value of the data in clear', async () => {
    const bytes = readFileSync(backupFile);
    expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    // Format 1 was a plain gzip'd tar, its member names and manifest readable once unzipped.
    expect(() => gunzipSync(bytes)).toThrow();
    for (const clear of [
      EMAIL,
      SSN,
      'manifest.json',
      'database/',
      'files/',
      TEST_BACKUP_KEY,
      TEST_ENCRYPTION_KEY,
    ]) {
      expect(bytes.includes(clear), clear).toBe(false);
    }
    // With the key it is the archive: the manifest is inside.
    const tarBytes = gunzipSync(await decrypt(bytes));
    expect(tarBytes.includes('manifest.json')).toBe(true);
  });

  it('refuses a cut, flipped, reordered, extended, forged, re-packed or plain archive, and a wrong key, before writing anything', async () => {
    const bytes = readFileSync(backupFile);
    const plain = gunzipSync(await decrypt(bytes));
    const members = await untar(plain);
    // The document and its key file (`.meta`).
    const [first, second] = members.filter((m) => m.name.startsWith('files/'));
    if (!first || !second) throw new Error('expected two stored files');
    const middle = Math.floor(bytes.length / 2);
    const flipped = Buffer.from(bytes);
    flipped.writeUInt8(flipped.readUInt8(middle) ^ 0x01, middle);
    // age's payload: after the header's MAC line, a 16-byte nonce, then chunks of 64 KiB + a 16-byte tag.
    const macLine = bytes.indexOf('\n--- ') + 1;
    const payload = bytes.indexOf('\n', macLine) + 1 + 16;
    const chunk = 64 * 1024 + 16;
    expect(bytes.length).toBeGreaterThan(payload + 3 * chunk);
    const reordered = Buffer.concat([
      bytes.subarray(0, payload),
      bytes.subarray(payload + chunk, payload + 2 * chunk),
      bytes.subarray(payload, payload + chunk),
      bytes.subarray(payload + 2 * chunk),
    ]);
    const badMac = Buffer.from(bytes);
    const macAt = macLine + 4;
    badMac.write(badMac.toString('latin1', macAt, macAt + 1) === 'A' ? 'B' : 'A', macAt, 'latin1');
    // What an attacker without the key can make: a stored file changed and the manifest rewritten to match.
    const forged = gzipSync(await tarOf(forge(members)));

    const cases: [string, Buffer, RegExp, Partial<BackupEnv>?][] = [
      ['cut', bytes.subarray(0, middle), /failed authentication: it was changed, damaged or cut short/],
      ['cut at a chunk', bytes.subarray(0, payload + 2 * chunk), /failed authentication/],
      ['flipped', flipped, /failed authentication/],
      ['reordered', reordered, /failed authentication/],
      ['extended', Buffer.concat([bytes, Buffer.from('more')]), /failed authentication/],
      ['header changed', badMac, /failed authentication: its header was changed/],
      [
        'forged under another key',
        await encrypt(forged, OTHER_BACKUP_KEY),
        /cannot be opened with the backup key/,
      ],
      ['forged, left plain', forged, /is not encrypted/],
      ['format 1 (plain)', gzipSync(plain), /is not encrypted/],
      ['not a backup', Buffer.from('hello'), /is not a backup made by npm run backup/],
      ['wrong key', bytes, /cannot be opened with the backup key/, { backupKey: OTHER_BACKUP_KEY }],
      // A key holder's mistakes (the manifest catches what authentication cannot).
      [
        'a stored file changed, the manifest kept',
        await encrypt(
          gzipSync(
            await tarOf(
              members.map((m) =>
                m === first ? { ...m, data: Buffer.concat([m.data, Buffer.from('x')]) } : m,
              ),
            ),
          ),
          TEST_BACKUP_KEY,
        ),
        /member files\/.+ does not match its checksum/,
      ],
      [
        'a member twice in place of a missing one',
        await encrypt(
          gzipSync(await tarOf(members.map((m) => (m === second ? { ...first } : m)))),
          TEST_BACKUP_KEY,
        ),
        /holds member files\/.+ twice/,
      ],
    ];
    for (const [what, content, message, settings] of cases) {
      const file = path.join(workDir(), `tampered-${what.replaceAll(/\W+/g, '-')}.age`);
      await writeFile(file, content);
      const target = { ...(await newTarget(false)), ...settings };
      const error = await restoreBackup(target, file, quiet).catch((e: unknown) => e);
      expect(error, what).toBeInstanceOf(BackupArchiveError);
      expect(String(error), what).toMatch(message);
      expect(String(error), what).not.toContain(TEST_BACKUP_KEY);
      expect(await contents(target.dataDir), what).toEqual([]);
      if (target.databaseUrl) expect(await tableCount(target.databaseUrl), what).toBe(0);
    }
  });

  it('opens an archive made under a retired key given in BACKUP_KEY_PREVIOUS', async () => {
    const { manifest } = await verifyArchive(backupFile, {
      backupKey: OTHER_BACKUP_KEY,
      backupKeysPrevious: [TEST_BACKUP_KEY],
    });
    expect(manifest.engine).toBe(provided.engine);
  });

  it('refuses a restore that does not fit on the disk, before writing', async () => {
    const dir = await mkdtemp(path.join(workDir(), 'space-'));
    await expect(
      checkFreeSpace([{ dir: path.join(dir, 'not-yet'), bytes: Number.MAX_SAFE_INTEGER, what: 'the files' }]),
    ).rejects.toThrow(
      /Not enough free space: the restore needs about .* on the disk of .*nothing was written/,
    );
    await expect(checkFreeSpace([{ dir, bytes: 1024, what: 'the files' }])).resolves.toBeUndefined();
    expect(await contents(dir)).toEqual([]);
  });

  it('refuses to back up an embedded database another process has open, or none, and never overwrites a file', async () => {
    const dataDir = await mkdtemp(path.join(workDir(), 'locked-'));
    const env = { ...source, dataDir, databaseUrl: undefined, databaseMigrationUrl: undefined };
    const file = path.join(workDir(), 'locked.tar.gz');
    await expect(createBackup(env, file, quiet, FAST)).rejects.toThrow(/no embedded database/);
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    // What the running server holds.
    const lock = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      await expect(createBackup(env, file, quiet, FAST)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      lock.release();
    }
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
    await expect(createBackup(source, backupFile, quiet, FAST)).rejects.toThrow(/already exists/);
  });
});
