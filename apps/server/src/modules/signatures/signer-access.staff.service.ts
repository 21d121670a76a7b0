/**
 * Security review 2, the staff's hold on signers' access: reopen a document locked after too many wrong codes
 * (S2-06), and make the spouse's link stop working or send a new one (S2-05). Each is one transaction on the
 * locked document, on a file this staff member may work, audited last (`changeAsStaff`).
 */
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  clients,
  eq,
  signatureDocuments,
  signatureSigners,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { randomToken } from '../../lib/crypto/tokens.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import {
  conflict,
  notFound,
  unprocessable,
  type DocumentRow,
  type SignerRow,
  type Tx,
} from './signature-rows.ts';
import { emailSpouseLink, sameEmail, spouseLinkColumns } from './signing-invites.ts';

type StaffChange = { db: Database; actor: StaffActor; documentId: string };
type Filing = Awaited<ReturnType<typeof getWorkableFiling>>;

/**
 * One staff change to a document: in a transaction, the document locked (404 when there is none) on a file
 * this staff member may work (403 otherwise); `change` does the work and answers the audit subject, and the
 * audit row (`action`) is written last.
 */
async function changeAsStaff(
  deps: StaffChange,
  action: string,
  change: (tx: Tx, document: DocumentRow, filing: Filing) => Promise<string>,
): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const [document] = await tx
      .select()
      .from(signatureDocuments)
      .where(eq(signatureDocuments.id, deps.documentId))
      .for('update');
    if (!document) throw notFound();
    const filing = await getWorkableFiling(tx, actor, { filingId: document.filingId }, 'share');
    const subject = await change(tx, document, filing);
    await audit(tx, { actor, action, clientId: filing.clientId, subject });
  });
}

/**
 * S2-06: reopen a document locked after too many wrong codes. The wrong-code counts of the signers who have
 * not signed start again, and any code in hand is dropped (a new one must be asked for). Audited.
 */
export async function reopenSignatureDocument(deps: StaffChange): Promise<void> {
  await changeAsStaff(deps, 'staff.signature.reopen', async (tx, document) => {
    if (!document.lockedAt) throw conflict(MESSAGES.SIGNATURE_NOT_LOCKED);
    const now = new Date();
    await tx
      .update(signatureDocuments)
      .set({ lockedAt: null, updatedAt: now })
      .where(eq(signatureDocuments.id, document.id));
    await tx
      .update(signatureSigners)
      .set({ failedCodes: 0, codeAttempts: 0, codeHash: null, codeExpiresAt: null, updatedAt: now })
      .where(and(eq(signatureSigners.documentId, document.id), sql`${signatureSigners.signedAt} is null`));
    return `${document.id}: locked -> reopened`;
  });
}

/** The spouse's signer row of a document, or 409 when the spouse does not sign it. */
async function spouseSignerOf(tx: Tx, documentId: string): Promise<SignerRow> {
  const [spouse] = await tx
    .select()
    .from(signatureSigners)
    .where(and(eq(signatureSigners.documentId, documentId), eq(signatureSigners.role, 'spouse')))
    .for('update');
  if (!spouse) throw conflict(MESSAGES.SIGNATURE_NO_SPOUSE);
  return spouse;
}

/** S2-05: the spouse's link stops working at once (before or after they signed). Audited. */
export async function revokeSpouseLink(deps: StaffChange): Promise<void> {
  await changeAsStaff(deps, 'staff.signature.spouse_revoke', async (tx, document) => {
    const spouse = await spouseSignerOf(tx, document.id);
    await tx
      .update(signatureSigners)
      .set({ linkTokenHash: null, linkExpiresAt: null, codeHash: null, codeExpiresAt: null })
      .where(eq(signatureSigners.id, spouse.id));
    return `${document.id}: spouse link revoked`;
  });
}

/**
 * S2-05: a new link for a spouse who has not signed a pending document, e-mailed to the address on the
 * document or a corrected one (never the taxpayer's sign-in address). The old link dies in the same
 * transaction. Audited.
 */
export async function resendSpouseLink(
  deps: StaffChange & { keyring: Keyring; voice: FirmVoice; email: string | undefined; now?: Date },
): Promise<void> {
  const now = deps.now ?? new Date();
  await changeAsStaff(deps, 'staff.signature.spouse_resend', async (tx, document, filing) => {
    if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
    const spouse = await spouseSignerOf(tx, document.id);
    if (spouse.signedAt) throw conflict(MESSAGES.SIGNATURE_SPOUSE_SIGNED);
    const [owner] = await tx
      .select({ firstName: clients.firstName, lastName: clients.lastName, email: users.email })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, filing.clientId));
    if (!owner) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    const email = deps.email?.trim() || spouse.email;
    if (sameEmail(email, owner.email)) {
      throw unprocessable(MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER, 'spouse_email');
    }
    const changed = !sameEmail(email, spouse.email);
    const token = randomToken();
    await tx
      .update(signatureSigners)
      .set({
        email,
        ...spouseLinkColumns(token, now),
        // A code e-mailed to the old address is no good at the new one.
        ...(changed ? { codeHash: null, codeExpiresAt: null, codeAttempts: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(signatureSigners.id, spouse.id));
    const taxpayerName = `${owner.firstName} ${owner.lastName}`.trim();
    await emailSpouseLink(tx, deps, { email, name: spouse.name, taxpayerName, token });
    return `${document.id}: spouse link resent${changed ? ' to a corrected address' : ''}`;
  });
}
