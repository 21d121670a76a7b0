/**
 * npm run keys:rotate [-- --dry-run]
 * Seals every value and file key under ENCRYPTION_KEY that is still under a retired key (ENCRYPTION_KEY_PREVIOUS),
 * printing progress per kind and a summary. Exit 0 when nothing is left under a retired key (the old key can
 * then be removed), 1 otherwise (values that did not open are named by kind and row id), 2 on bad arguments.
 * Ctrl+C stops after the batch in hand; running it again goes on from there.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { createKeyring } from '../lib/crypto/keyring.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import {
  isRotationComplete,
  rotateKeys,
  type KindReport,
  type RotationFailure,
  type RotationReport,
} from '../modules/keys/keys.service.ts';

const COMMAND = 'npm run keys:rotate';
const usage = `Usage: ${COMMAND} [-- --dry-run]`;
/** Row ids listed per kind; the rest are counted. */
const LISTED_FAILURES = 50;

const out = (line: string) => process.stdout.write(`${line}\n`);

const REASONS: Record<RotationFailure['reason'], (f: RotationFailure) => string> = {
  'unknown-key': (f) =>
    `under key id ${f.keyId ?? '?'}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEY_PREVIOUS`,
  'does-not-open': () => 'does not open with any listed key (damaged, or copied from another row)',
  'not-sealed': () => 'is not a sealed value',
};

function summaryLine(k: KindReport, dryRun: boolean): string {
  const parts = [
    `${k.resealed} ${dryRun ? 'to re-seal' : 're-sealed'}`,
    `${k.current} already under the current key`,
    ...(k.changed ? [`${k.changed} saved meanwhile by the app`] : []),
    ...(k.skipped ? [`${k.skipped} skipped (deleted meanwhile, or never sealed)`] : []),
    `${k.failures.length} could not be opened`,
  ];
  return `  ${`${k.kind}:`.padEnd(18)} ${parts.join(', ')}`;
}

function printFailures(k: KindReport): void {
  if (k.failures.length === 0) return;
  out(`\nCould not open ${k.failures.length} ${k.kind}:`);
  for (const f of k.failures.slice(0, LISTED_FAILURES)) out(`  ${f.where} ${f.id}: ${REASONS[f.reason](f)}`);
  if (k.failures.length > LISTED_FAILURES) out(`  … and ${k.failures.length - LISTED_FAILURES} more`);
}

function printReport(report: RotationReport): void {
  out(report.dryRun ? '\nSummary (dry run, nothing written):' : '\nSummary:');
  for (const k of report.kinds) out(summaryLine(k, report.dryRun));
  for (const k of report.kinds) printFailures(k);
  const left = report.kinds.reduce((sum, k) => sum + k.remaining, 0);
  out('');
  if (report.stopped) {
    out(`Stopped. Run ${COMMAND} again to go on; what was re-sealed stays re-sealed.`);
  } else if (isRotationComplete(report)) {
    out(
      report.dryRun
        ? 'Every value opens. Run without --dry-run to re-seal.'
        : 'Nothing is left under a retired key: remove the old key from ENCRYPTION_KEY_PREVIOUS and restart every instance.',
    );
  } else if (report.kinds.every((k) => k.failures.length === 0)) {
    out(
      `${left} values were saved under an old key while this ran (an instance not yet restarted?). Run again.`,
    );
  } else {
    out(
      'Some values could not be opened: keep ENCRYPTION_KEY_PREVIOUS as it is. Add the key they were sealed ' +
        'under (see docs/operations.md, "Key rotation"), or restore those rows from a backup, then run again.',
    );
  }
}

async function main(): Promise<number> {
  let dryRun: boolean;
  try {
    dryRun = parseArgs({ options: { 'dry-run': { type: 'boolean' } } }).values['dry-run'] ?? false;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  const keyring = createKeyring(env.encryptionKey, env.encryptionKeysPrevious);
  const storage = createStorage({ storage: env.storage, s3: env.s3, dataDir: env.dataDir, keyring });
  const database = await openDatabase(env);
  const stop = new AbortController();
  const onSignal = () => {
    process.stderr.write('\nStopping after this batch…\n');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const retired = env.encryptionKeysPrevious.map((secret) => createKeyring(secret).keyId);
    out(
      `${dryRun ? 'Checking' : 'Re-sealing'} under key id ${keyring.keyId} (${database.engine}, ${env.storage} storage); ` +
        `retired key ids: ${retired.length > 0 ? retired.join(', ') : 'none'}`,
    );
    const verb = dryRun ? 'to re-seal' : 're-sealed';
    const report = await rotateKeys(
      { db: database.db, storage, keyring },
      {
        dryRun,
        signal: stop.signal,
        onProgress: ({ kind, done, total, resealed }) =>
          out(`${kind}: ${done}/${total} checked, ${resealed} ${verb}`),
      },
    );
    printReport(report);
    return isRotationComplete(report) ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await database.close();
  }
}

runCommand('keys:rotate', main);
