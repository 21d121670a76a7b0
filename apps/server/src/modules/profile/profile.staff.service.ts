/**
 * A client's tax profile from the staff side, read-only: taxpayer, spouse, dependents and employers, with
 * identity numbers masked to their last four digits. One number is shown in full only on a deliberate
 * reveal. Only staff who may work the client's file see either, and both are written to the audit log.
 */
import { MESSAGES } from '@taxfirm/contract';
import { clients, eq, users, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { getDependents, getEmployers, getSpouse, getTaxpayer } from './profile.service.ts';
import { openIdentityNumber, parseIdentitySubject } from './identity-numbers.ts';
import { audit } from '../../lib/audit.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { StaffActor } from '../../lib/actor.ts';

/** `•••-••-1234`: the last four digits only (the portal's masked answer carries no more than that). */
export const maskForStaff = (masked: string | null) => (masked ? `•••-••-${masked.slice(-4)}` : null);

type Deps = { db: Database; keyring: Keyring };

/** The client's profile with every identity number masked, if this staff member may work the file (audited). */
export async function getClientProfile(
  { db }: Pick<Deps, 'db'>,
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
) {
  await getWorkableFiling(db, actor, input);
  const [owner] = await db
    .select({ email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, input.clientId));
  if (!owner) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  const [taxpayer, spouse, dependentRows, employers] = await Promise.all([
    getTaxpayer(db, { clientId: input.clientId, email: owner.email }),
    getSpouse(db, input.clientId),
    getDependents(db, input.clientId),
    getEmployers(db, input.clientId),
  ]);
  await audit(db, { actor, action: 'staff.profile.view', clientId: input.clientId, subject: 'profile' });
  return {
    tinfo: taxpayer && { ...taxpayer, ssnitin: maskForStaff(taxpayer.ssnitin) },
    sinfo: spouse && { ...spouse, ssn: maskForStaff(spouse.ssn) },
    dinfo: dependentRows.map((row) => ({ ...row, ssn: maskForStaff(row.ssn) })),
    empinfo: employers,
  };
}

/**
 * One identity number in full, if this staff member may work the file; each reveal writes one audit row.
 * Offshore staff never see one in full, even with the client's §7216 Yes (the consent's wording says the SSN
 * stays in the United States).
 */
export async function revealIdentityNumber(
  { db, keyring }: Deps,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; subject: string },
): Promise<{ subject: string; value: string }> {
  await getWorkableFiling(db, actor, input);
  if (actor.offshore) throw new AppError('FORBIDDEN', { message: MESSAGES.FORBIDDEN });
  const subject = input.subject.toLowerCase();
  const ref = parseIdentitySubject(subject);
  if (!ref) throw new AppError('NOT_FOUND', { message: MESSAGES.SSN_NOT_STORED });
  const value = await openIdentityNumber({ db, keyring }, input.clientId, ref);
  await audit(db, { actor, action: 'staff.profile.reveal', clientId: input.clientId, subject });
  return { subject, value };
}
