/**
 * npm run audit:verify [-- --head <chain_seq>:<hash>]
 * Proves the audit log's hash chain (modules/audit/audit-chain.ts): prints the rows checked, the rows whose
 * account was erased, the head to record outside the database, and the first broken row. Exit 1 on a break.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { SEAL_WAIT_MS, sealAuditLog } from '../modules/audit/audit-sealer.ts';
import { createKeyring } from '../lib/crypto/keyring.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { verifySignedDocuments } from '../modules/signatures/signed-files.ts';

const usage = 'Usage: npm run audit:verify [-- --head <chain_seq>:<hash hex, as printed by an earlier run>]';

class UsageError extends Error {}

function parseHead(value: string | undefined): { chainSeq: number; hash: string } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+):([0-9a-f]{64})$/i.exec(value.trim());
  if (!match?.[1] || !match[2])
    throw new UsageError(`--head must look like 1234:<64 hex digits>, not "${value}"`);
  return { chainSeq: Number(match[1]), hash: match[2].toLowerCase() };
}

async function main(): Promise<number> {
  let knownHead: { chainSeq: number; hash: string } | undefined;
  try {
    const { values } = parseArgs({ options: { head: { type: 'string' } } });
    knownHead = parseHead(values.head);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    // Rows committed while no server ran (or since its last pass) are sealed first, as the server would.
    const sealedNow = await sealAuditLog(database.db, { waitForLockMs: SEAL_WAIT_MS });
    let lastPrinted = 0;
    const report = await verifyAuditChain({
      db: database.db,
      knownHead,
      onProgress: (done, of) => {
        if (done - lastPrinted < 100_000) return;
        lastPrinted = done;
        process.stderr.write(`  ${done.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} rows…\n`);
      },
    });
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`Rows checked: ${report.rowsChecked}`);
    out(`Rows sealed by this run: ${sealedNow}`);
    out(
      `Rows not sealed yet: ${report.unsealed}${report.oldestUnsealedAt ? ` (oldest written ${report.oldestUnsealedAt})` : ''}`,
    );
    if (report.heldBackSince) {
      out(`An audit-writing transaction open since ${report.heldBackSince} holds back the rows after it.`);
    }
    out(`Rows with an erased reference (account deleted): ${report.erasedReferences}`);
    out(`Accounts erased (account.erased rows): ${report.erasures}`);
    out(`Time order checked from chain_seq ${report.timeOrderedFrom}`);
    out(
      report.head
        ? `Head: ${report.head.chainSeq}:${report.head.hash}  (record it outside the database)`
        : 'Head: none (the audit log is empty)',
    );
    if (knownHead) out(`Recorded head checked: ${knownHead.chainSeq}:${knownHead.hash}`);
    // Security review 2, S2-07: every signed file re-hashed against the SHA-256 recorded when it was made.
    const keyring = createKeyring(env.encryptionKey, env.encryptionKeysPrevious);
    const storage = createStorage({ storage: env.storage, s3: env.s3, dataDir: env.dataDir, keyring });
    const signed = await verifySignedDocuments({ db: database.db, storage });
    out(`Signed files checked: ${signed.checked}`);
    for (const bad of signed.mismatched) {
      out(
        `Signed file MISMATCH: document ${bad.documentId}: sha256 ${bad.actual}, recorded ${bad.expected}.`,
      );
    }
    for (const gone of signed.missing) out(`Signed file MISSING: document ${gone.documentId}.`);
    const signedOk = signed.mismatched.length === 0 && signed.missing.length === 0;
    if (!report.firstBreak) {
      out('Chain: unbroken.');
      return signedOk ? 0 : 1;
    }
    const first = report.firstBreak;
    out(`Chain: BROKEN. Rows failing: ${report.breaks}.`);
    out(`First break: chain_seq ${first.chainSeq}${first.id ? ` (id ${first.id})` : ''}: ${first.reason}.`);
    out('See docs/operations.md, "Database roles and the audit chain", for what to do.');
    return 1;
  } finally {
    await database.close();
  }
}

runCommand('audit:verify', main);
