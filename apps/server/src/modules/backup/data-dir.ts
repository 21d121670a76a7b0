/** What a backup takes from DATA_DIR and a restore puts back: the parts' places, and reading them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { opendir } from 'node:fs/promises';
import path from 'node:path';
import type { BackupKeys, Env } from '../../env.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';

/** The parts of the environment a backup or restore reads, and the backup key (env.ts, loadBackupKeys). */
export type BackupEnv = Pick<
  Env,
  'dataDir' | 'databaseUrl' | 'databaseMigrationUrl' | 'storage' | 'isProduction' | 'encryptionKey'
> &
  BackupKeys;

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
/** Local storage's root (lib/storage/create-storage.ts). */
export const filesDir = (dataDir: string) => path.join(dataDir, 'files');
export const devSecretsFile = (dataDir: string) => path.join(dataDir, 'dev-secrets.json');

/** A put in progress or cut short by a crash (local-storage.ts): never part of a backup. */
const TEMP_FILE = /\.tmp(\.meta)?$/;

/** Every stored file under local storage's root, as a path relative to it with forward slashes. */
export async function* listStoredFiles(root: string, under = ''): AsyncGenerator<string> {
  let dir;
  try {
    dir = await opendir(path.join(root, under));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of dir) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* listStoredFiles(root, relative);
    else if (entry.isFile() && !TEMP_FILE.test(entry.name)) yield relative;
  }
}

/** A folder that does not exist or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** The newest migration this build knows, e.g. "0022_season_lists". */
export function appSchemaTag(): string {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? 'none';
}

/**
 * dev-secrets.json when it holds the key this DATA_DIR's data is sealed with: outside production, with
 * ENCRYPTION_KEY unset (env.ts then takes the key from that file). Never in production, where the key
 * lives in the environment and must stay out of every backup.
 */
export function devSecretsToInclude(env: BackupEnv): Buffer | undefined {
  if (env.isProduction) return undefined;
  const file = devSecretsFile(env.dataDir);
  if (!existsSync(file)) return undefined;
  const content = readFileSync(file);
  const { encryptionKey } = JSON.parse(content.toString('utf8')) as { encryptionKey?: string };
  return encryptionKey === env.encryptionKey ? content : undefined;
}

/** Whether the backup key is the development one of DATA_DIR/dev-secrets.json (BACKUP_KEY unset). */
export function devSecretsHoldBackupKey(env: BackupEnv): boolean {
  const file = devSecretsFile(env.dataDir);
  if (env.isProduction || !existsSync(file)) return false;
  const { backupKey } = JSON.parse(readFileSync(file, 'utf8')) as { backupKey?: string };
  return backupKey === env.backupKey;
}
