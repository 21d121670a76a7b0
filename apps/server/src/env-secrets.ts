/**
 * DATA_DIR's privacy, and the secrets a development data directory keeps for itself (dev-secrets.json):
 * generated once, beside the data, never in production.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR (database, documents, development secrets) readable by this user only: the directory is made
 * 0700 (an existing one is tightened) and, through the umask, everything the process creates in it is
 * 0600 / 0700 (F-18).
 */
export function preparePrivateDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
}

type DevSecrets = { encryptionKey: string; sessionSecret: string };

export function resolveSecrets(
  encryptionKey: string | undefined,
  sessionSecret: string | undefined,
  dataDir: string,
): DevSecrets {
  if (encryptionKey && sessionSecret) return { encryptionKey, sessionSecret };
  const dev = devSecrets(dataDir);
  return {
    encryptionKey: encryptionKey ?? dev.encryptionKey,
    sessionSecret: sessionSecret ?? dev.sessionSecret,
  };
}

/** Secrets for a development data directory: generated once, kept beside the data, never in production. */
export function devSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets: DevSecrets = {
    encryptionKey: randomBytes(32).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The development backup key in dev-secrets.json; with `create`, generated and added when missing. */
export function devBackupKey(dataDir: string, create: boolean): string | undefined {
  const file = path.join(dataDir, 'dev-secrets.json');
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets> & { backupKey?: string })
    : undefined;
  if (kept?.backupKey || !create) return kept?.backupKey;
  // The file holds the development ENCRYPTION_KEY too: create it as the server would, then add the key.
  const secrets = { ...(kept ?? devSecrets(dataDir)), backupKey: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets.backupKey;
}
