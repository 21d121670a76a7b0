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
    out(`Rows with an erased reference (account deleted): ${report.erasedReferences}`);
    out(`Accounts erased (account.erased rows): ${report.erasures}`);
    out(`Time order checked from chain_seq ${report.timeOrderedFrom}`);
    out(
      report.head
        ? `Head: ${report.head.chainSeq}:${report.head.hash}  (record it outside the database)`
        : 'Head: none (the audit log is empty)',
    );
    if (knownHead) out(`Recorded head checked: ${knownHead.chainSeq}:${knownHead.hash}`);
    if (!report.firstBreak) {
      out('Chain: unbroken.');
      return 0;
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
