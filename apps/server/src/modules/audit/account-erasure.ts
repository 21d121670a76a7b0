/**
 * Erasing an account (security review S2-04): the one way a user (and their client record) leaves the
 * database. The app's role has no DELETE on users or clients; erase_account() (migration 0025), owned by the
 * owner role, writes an `account.erased` row into the audit chain naming the digests of the references it
 * erases, then deletes the user (the client record and the rest follow by the foreign keys, and the audit
 * log's references to them become null). `npm run audit:verify` fails on a reference nulled any other way.
 */
import { sql, type Database } from '@taxfirm/db';

/** Why an account was not erased, in words (no account, no reason, records the firm must keep). */
export class AccountErasureError extends Error {}

const KEPT_RECORDS = 'the client has invoices or payments, which the firm keeps';

/** PostgreSQL's codes for erase_account()'s refusals, and a client's invoices or payments (RESTRICT). */
const REFUSALS: Record<string, string> = {
  '22023': 'a reason is required',
  P0002: 'there is no such account',
  '23503': KEPT_RECORDS,
  // PostgreSQL 18 (the embedded PGlite 0.5) reports an ON DELETE RESTRICT refusal as restrict_violation.
  '23001': KEPT_RECORDS,
  '42501': 'it is a staff account (staff are deactivated, never erased: the log keeps who did what)',
};

/**
 * Erase the account `userId`; resolves to the id of the `account.erased` audit row. `reason` (a ticket
 * number, "client's request of 2026-11-02") goes into the audit log as written: never personal data. Throws
 * AccountErasureError when there is no such account, the reason is empty, or the client still has invoices or
 * payments (their foreign keys restrict: the firm keeps those records).
 */
export async function eraseAccount(
  db: Pick<Database, 'execute'>,
  userId: string,
  reason: string,
): Promise<string> {
  let result;
  try {
    result = await db.execute(sql`select erase_account(${userId}::uuid, ${reason}) as "erasure"`);
  } catch (error) {
    const cause =
      (error as { cause?: { code?: string; message?: string } }).cause ??
      (error as { code?: string; message?: string });
    // The signed-once triggers (migration 0024) refuse deleting a signed document or signature: evidence.
    const signed = cause.code === 'P0001' && /signed document|signature is never/.test(cause.message ?? '');
    const refusal = signed
      ? 'the client has signed documents, which the firm keeps'
      : cause.code
        ? REFUSALS[cause.code]
        : undefined;
    if (refusal) throw new AccountErasureError(`Account ${userId} was not erased: ${refusal}.`);
    throw error;
  }
  const [row] = (result as unknown as { rows: { erasure: string }[] }).rows;
  if (!row) throw new Error('erase_account returned nothing');
  return row.erasure;
}
