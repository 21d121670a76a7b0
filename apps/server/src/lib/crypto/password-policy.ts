/**
 * The server's half of the password policy (F-14, ASVS 2.1.7): a new password must not be a common or
 * breached one. The length rule lives in the contract (the browser checks it too); this list stays on the
 * server, as it is too large to ship to every page. The list is zxcvbn-ts's common-password dictionary (about
 * 49,000 passwords ranked from public breach corpora), read locally: no request leaves the server.
 */
import { MESSAGES } from '@taxfirm/contract';
import { AppError } from '../app-error.ts';

let common: Promise<ReadonlySet<string>> | undefined;

/** The list, read at the first password set, not at start-up (docs/benchmarks.md, start-up and memory). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => String(word).toLowerCase())),
  );
  return common;
}

/**
 * Is this password (whatever its case) on the list, or a listed word with only digits and symbols around it
 * ("Password1234!", "iloveyou2025")?
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.trim().toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return core.length >= 4 && core !== lower && list.has(core);
}

/** Refuse a common password with a field message, as a 400 like the contract's own rules. */
export async function assertPasswordAllowed(password: string, field: string): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  throw new AppError('VALIDATION_FAILED', {
    message: MESSAGES.PASSWORD_TOO_COMMON,
    details: { [field]: MESSAGES.PASSWORD_TOO_COMMON },
  });
}
