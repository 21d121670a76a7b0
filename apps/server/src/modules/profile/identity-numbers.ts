/**
 * A client's identity numbers (SSN/ITIN) in clear: which number (`IdentityNumberRef`), its audit subject, and
 * the one way a number leaves the database opened (`openIdentityNumber`), for the client's own audited reveal.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, dependents, eq, spouses, taxpayerProfiles } from '@taxfirm/db';
import { assertClientMay, type ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { formatSsn, identityNumberContext, openNumber, type ProfileDeps } from './profile.service.ts';

/** Which identity number: the taxpayer's, the spouse's, or a dependent's (by id, or by the old form's position). */
export type IdentityNumberRef =
  | { section: 'taxpayer' | 'spouse' }
  | { section: 'dependent'; id?: string | undefined; index?: number | undefined };

/** The audit subject of a number: `taxpayer.ssn`, `spouse.ssn`, `dependents.<id>.ssn` (or `dependents.#<n>.ssn`). */
export function identitySubject(ref: IdentityNumberRef): string {
  if (ref.section !== 'dependent') return `${ref.section}.ssn`;
  return `dependents.${ref.id ?? `#${ref.index ?? 0}`}.ssn`;
}

/** The number a staff subject names (`taxpayer.ssn`, `spouse.ssn`, `dependents.<uuid>.ssn`), or null. */
export function parseIdentitySubject(subject: string): IdentityNumberRef | null {
  if (subject === 'taxpayer.ssn') return { section: 'taxpayer' };
  if (subject === 'spouse.ssn') return { section: 'spouse' };
  const id = /^dependents\.([0-9a-f-]{36})\.ssn$/.exec(subject)?.[1];
  return id ? { section: 'dependent', id } : null;
}

/**
 * One identity number of a client in full (123-45-6789), opened from its seal: the one way a number leaves
 * the database in clear. Callers audit the reveal. 404 "not stored" when there is none.
 */
export async function openIdentityNumber(
  deps: Pick<ProfileDeps, 'db' | 'keyring'>,
  clientId: string,
  ref: IdentityNumberRef,
): Promise<string> {
  const { db } = deps;
  /** The sealed number and the context its row seals under. */
  const sealedOf = async (): Promise<{ sealed: string | null; context: string } | undefined> => {
    if (ref.section === 'dependent') {
      const which = ref.id ? eq(dependents.id, ref.id) : eq(dependents.position, ref.index ?? 0);
      const [row] = await db
        .select({ id: dependents.id, sealed: dependents.ssnSealed })
        .from(dependents)
        .where(and(eq(dependents.clientId, clientId), which));
      return row && { sealed: row.sealed, context: identityNumberContext('dependents', clientId, row.id) };
    }
    const table = ref.section === 'spouse' ? spouses : taxpayerProfiles;
    const [row] = await db
      .select({ sealed: table.ssnSealed })
      .from(table)
      .where(eq(table.clientId, clientId));
    const name = ref.section === 'spouse' ? 'spouses' : 'taxpayer_profiles';
    return row && { sealed: row.sealed, context: identityNumberContext(name, clientId) };
  };
  const row = await sealedOf();
  if (!row?.sealed) throw new AppError('NOT_FOUND', { message: MESSAGES.SSN_NOT_STORED });
  return formatSsn(openNumber(deps.keyring, row.sealed, row.context).toString());
}

/** The client's own stored number in full, for a deliberate reveal; the reveal is audited. */
export async function revealSsn(
  deps: ProfileDeps,
  actor: ClientActor,
  section: 'taxpayer' | 'spouse' | 'dependent',
  which: { id?: string | undefined; index?: number | undefined } = {},
): Promise<string> {
  // A delegate sees identity numbers masked only (issue 38); a spouse member as the holder.
  assertClientMay(actor, 'reveal');
  const ref: IdentityNumberRef = section === 'dependent' ? { section, ...which } : { section };
  const value = await openIdentityNumber(deps, actor.clientId, ref);
  await audit(deps.db, { actor, action: 'ssn.reveal', subject: identitySubject(ref) });
  return value;
}
