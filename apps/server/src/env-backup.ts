/** The backup key (S2-08): read by `npm run backup` and `npm run restore` only, never by the server. */
import path from 'node:path';
import { z } from 'zod';
import { invalidEnv, issueLines, secret, secretList } from './env-schema.ts';
import { devBackupKey } from './env-secrets.ts';

const backupKeySchema = z.object({
  /** Encrypts and authenticates backups; apart from ENCRYPTION_KEY, so a stolen backup alone opens nothing. */
  BACKUP_KEY: secret.optional(),
  /** Retired backup keys, comma-separated: a restore still opens backups made under them. */
  BACKUP_KEY_PREVIOUS: secretList,
});

export type BackupKeys = { backupKey: string; backupKeysPrevious: string[] };

/** What a backup key is checked against: the site's own keys, and where its development secrets are. */
export type BackupKeysSite = {
  isProduction: boolean;
  dataDir: string;
  encryptionKey: string;
  encryptionKeysPrevious: string[];
  sessionSecret: string;
};

/**
 * The backup key and the retired ones. Production requires BACKUP_KEY; outside production an unset one is the
 * `backupKey` of DATA_DIR/dev-secrets.json, generated there when `create` (a backup) and missing. Every backup
 * key must differ from ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and SESSION_SECRET. Never puts a key in a message.
 */
export function parseBackupKeys(
  env: BackupKeysSite,
  { create, source }: { create: boolean; source: Record<string, string | undefined> },
): BackupKeys {
  const invalid = invalidEnv;
  const parsed = backupKeySchema.safeParse(source);
  if (!parsed.success) throw invalid(issueLines(parsed.error));
  const previous = parsed.data.BACKUP_KEY_PREVIOUS;
  let backupKey = parsed.data.BACKUP_KEY;
  if (!backupKey && env.isProduction) {
    throw invalid([
      '  BACKUP_KEY: is required in production: backups are encrypted with it. Generate one with ' +
        '`openssl rand -base64 32` and keep it apart from ENCRYPTION_KEY and from the backups',
    ]);
  }
  backupKey ??= devBackupKey(env.dataDir, create);
  if (!backupKey) {
    throw invalid([
      `  BACKUP_KEY: is not set, and ${path.join(env.dataDir, 'dev-secrets.json')} holds no backup key: set ` +
        'BACKUP_KEY to the key the backup was made with (the backupKey of the dev-secrets.json of the DATA_DIR ' +
        'it came from), or copy that dev-secrets.json into DATA_DIR first',
    ]);
  }
  const siteKeys = new Set([env.encryptionKey, ...env.encryptionKeysPrevious, env.sessionSecret]);
  const reused = [
    ...(siteKeys.has(backupKey) ? ['BACKUP_KEY'] : []),
    ...(previous.some((key) => siteKeys.has(key)) ? ['BACKUP_KEY_PREVIOUS'] : []),
  ];
  if (reused.length > 0) {
    throw invalid(
      reused.map(
        (name) =>
          `  ${name}: must differ from ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and SESSION_SECRET: a backup ` +
          'must not open with the key its data is sealed with',
      ),
    );
  }
  return { backupKey, backupKeysPrevious: previous };
}
