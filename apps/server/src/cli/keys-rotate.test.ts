import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { emailOutbox, type DatabaseHandle } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../database.ts';
import { createKeyring } from '../lib/crypto/keyring.ts';
import { createLocalStorage } from '../lib/storage/local-storage.ts';
import { enqueueEmail, LINK_CONTEXT } from '../modules/mail/outbox.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const KEY_A = 'cli-rotation-key-a-Fk3Jw8Pq1Zs6Xd9Lm4Vb';
const KEY_B = 'cli-rotation-key-b-Gt7Hy2Rc5Nu8Ke3Wo6Qa';
const KEY_LOST = 'cli-rotation-key-lost-Mz4Xp9Bv2Cq7Dw1Ej';
const LINK = 'https://portal.example/verify?token=cli-secret-token';

/** npm run keys:rotate as an operator runs it (from the source, as on a developer's machine), against `dataDir`. */
function rotate(dataDir: string, previous: string[], ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/keys-rotate.ts', ...args], {
    cwd: ROOT,
    env: {
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: KEY_B,
      ENCRYPTION_KEY_PREVIOUS: previous.join(','),
      SESSION_SECRET: 'cli-rotation-session-Ry5Tn8Wd3Kx6Jq1Hc',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
    },
    encoding: 'utf8',
  });
}

const SECRETS = [KEY_A, KEY_B, KEY_LOST, LINK];

describe('npm run keys:rotate', () => {
  it('refuses while the server holds the data dir; then re-seals, names what it cannot open (exit 1), and exits 0 once given that key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-keys-rotate-'));
    let server: DatabaseHandle | undefined;
    try {
      // This test process plays the server: it has the embedded database open, and wrote under key A.
      server = await openDatabase({
        dataDir,
        databaseUrl: undefined,
        databaseMigrationUrl: undefined,
        databaseListenUrl: undefined,
      });
      const keyringA = createKeyring(KEY_A);
      const message = { subject: 'Verify', text: `Open ${LINK}`, html: `<a href="${LINK}">Open</a>` };
      await enqueueEmail(server.db, 'asha@example.com', message, { url: LINK, keyring: keyringA });
      const lost = createKeyring(KEY_LOST);
      const [orphan] = await server.db
        .insert(emailOutbox)
        .values({
          to: 'ravi@example.com',
          subject: 'Old',
          text: 'x',
          html: 'x',
          secret: lost.seal(Buffer.from(LINK), LINK_CONTEXT),
        })
        .returning({ id: emailOutbox.id });
      const files = createLocalStorage({ root: path.join(dataDir, 'files'), keyring: keyringA });
      await files.put('upload-uploaddocs/a', Readable.from([Buffer.from('W-2')]));

      const refused = rotate(dataDir, [KEY_A]);
      expect(refused.status, refused.stderr).toBe(1);
      expect(refused.stderr).toContain('To run npm run keys:rotate:\n  1. stop the server');
      expect(refused.stderr).not.toMatch(/at .+\.ts:\d+/);
      await server.close();
      server = undefined;

      const first = rotate(dataDir, [KEY_A]);
      expect(first.status, first.stderr).toBe(1);
      const ids = { a: keyringA.keyId, b: createKeyring(KEY_B).keyId };
      expect(first.stdout).toContain(
        `Re-sealing under key id ${ids.b} (pglite, local storage); retired key ids: ${ids.a}`,
      );
      expect(first.stdout).toContain('e-mail links: 2/2 checked, 1 re-sealed');
      expect(first.stdout).toContain('file keys: 1/1 checked, 1 re-sealed');
      expect(first.stdout).toContain(
        `Could not open 1 e-mail links:\n  email_outbox ${orphan?.id}: under key id ${lost.keyId}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEY_PREVIOUS`,
      );
      expect(first.stdout).toContain('keep ENCRYPTION_KEY_PREVIOUS as it is');
      for (const secret of SECRETS) expect(first.stdout + first.stderr).not.toContain(secret);

      const dry = rotate(dataDir, [KEY_A, KEY_LOST], '--dry-run');
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('e-mail links:      1 to re-seal, 1 already under the current key');
      expect(dry.stdout).toContain('Every value opens. Run without --dry-run to re-seal.');

      const second = rotate(dataDir, [KEY_A, KEY_LOST]);
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toContain('file keys:         0 re-sealed, 1 already under the current key');
      expect(second.stdout).toContain('Nothing is left under a retired key');
      for (const secret of SECRETS) expect(second.stdout + second.stderr).not.toContain(secret);

      const usage = rotate(dataDir, [], '--force');
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run keys:rotate [-- --dry-run]');
    } finally {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
