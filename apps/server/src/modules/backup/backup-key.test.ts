import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadBackupKeys, loadEnv } from '../../env.ts';

const ENCRYPTION_KEY = 'encryption-key-0123456789abcdefghijklmnop';
const RETIRED_KEY = 'retired-encryption-key-0123456789abcdefgh';
const SESSION_SECRET = 'session-secret-0123456789abcdefghijklmnop';
const BACKUP_KEY = 'backup-key-0123456789abcdefghijklmnopqrst';
const OLD_BACKUP_KEY = 'old-backup-key-0123456789abcdefghijklmnop';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'taxfirm-backup-key-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const site = (isProduction: boolean, dataDir = work) => ({
  isProduction,
  dataDir,
  encryptionKey: ENCRYPTION_KEY,
  encryptionKeysPrevious: [RETIRED_KEY],
  sessionSecret: SESSION_SECRET,
});

/** The refusal's message, which must never carry a key. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const key of [ENCRYPTION_KEY, RETIRED_KEY, SESSION_SECRET, BACKUP_KEY])
      expect(message).not.toContain(key);
    return message;
  }
  throw new Error('expected a refusal');
}

describe('the backup key (BACKUP_KEY)', () => {
  it('is required in production, and taken with the retired ones', () => {
    expect(refusal(() => loadBackupKeys(site(true), { create: true, source: {} }))).toMatch(
      /BACKUP_KEY: is required in production/,
    );
    expect(
      loadBackupKeys(site(true), {
        create: false,
        source: { BACKUP_KEY, BACKUP_KEY_PREVIOUS: ` ${OLD_BACKUP_KEY} ,` },
      }),
    ).toEqual({ backupKey: BACKUP_KEY, backupKeysPrevious: [OLD_BACKUP_KEY] });
  });

  it('is refused when it is ENCRYPTION_KEY, a retired encryption key or SESSION_SECRET, or looks made up', () => {
    for (const isProduction of [true, false]) {
      for (const reused of [ENCRYPTION_KEY, RETIRED_KEY, SESSION_SECRET]) {
        expect(
          refusal(() => loadBackupKeys(site(isProduction), { create: true, source: { BACKUP_KEY: reused } })),
        ).toMatch(/BACKUP_KEY: must differ from ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and SESSION_SECRET/);
        expect(
          refusal(() =>
            loadBackupKeys(site(isProduction), {
              create: true,
              source: { BACKUP_KEY, BACKUP_KEY_PREVIOUS: `${OLD_BACKUP_KEY},${reused}` },
            }),
          ),
        ).toMatch(/BACKUP_KEY_PREVIOUS: must differ/);
      }
    }
    expect(
      refusal(() => loadBackupKeys(site(true), { create: true, source: { BACKUP_KEY: 'a'.repeat(44) } })),
    ).toMatch(/BACKUP_KEY: looks made up/);
    expect(
      refusal(() => loadBackupKeys(site(true), { create: true, source: { BACKUP_KEY: 'short-key' } })),
    ).toMatch(/BACKUP_KEY: must be at least 32 characters/);
  });

  it('in development, is generated into dev-secrets.json by a backup and kept there', async () => {
    const dataDir = await mkdtemp(path.join(work, 'dev-'));
    // A restore into a new DATA_DIR has no key to guess: it says what to do.
    expect(refusal(() => loadBackupKeys(site(false, dataDir), { create: false, source: {} }))).toMatch(
      /BACKUP_KEY: is not set, and .*dev-secrets\.json holds no backup key/,
    );
    // The development keys of a DATA_DIR, as the server made them.
    const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const before = JSON.parse(await readFile(path.join(dataDir, 'dev-secrets.json'), 'utf8')) as object;
    const { backupKey, backupKeysPrevious } = loadBackupKeys(env, { create: true, source: {} });
    expect(backupKeysPrevious).toEqual([]);
    expect(backupKey).toMatch(/^[\w-]{43}$/);
    expect(backupKey).not.toBe(env.encryptionKey);
    const after = JSON.parse(await readFile(path.join(dataDir, 'dev-secrets.json'), 'utf8')) as object;
    expect(after).toEqual({ ...before, backupKey });
    expect(loadBackupKeys(env, { create: false, source: {} }).backupKey).toBe(backupKey);
    // The server's keys are untouched: the same data still opens.
    expect(loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir }).encryptionKey).toBe(env.encryptionKey);
    // BACKUP_KEY given wins over the development one.
    expect(loadBackupKeys(env, { create: true, source: { BACKUP_KEY } }).backupKey).toBe(BACKUP_KEY);
  });

  it('in development with no dev-secrets.json yet, creates it as the server would', async () => {
    const dataDir = await mkdtemp(path.join(work, 'fresh-'));
    const { backupKey } = loadBackupKeys(site(false, dataDir), { create: true, source: {} });
    const secrets = JSON.parse(await readFile(path.join(dataDir, 'dev-secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(secrets).sort()).toEqual(['backupKey', 'encryptionKey', 'sessionSecret']);
    expect(secrets['backupKey']).toBe(backupKey);
    // Never in production: there the file is not read.
    await writeFile(
      path.join(dataDir, 'dev-secrets.json'),
      JSON.stringify({ ...secrets, backupKey: BACKUP_KEY }),
    );
    expect(refusal(() => loadBackupKeys(site(true, dataDir), { create: false, source: {} }))).toMatch(
      /is required in production/,
    );
  });
});
