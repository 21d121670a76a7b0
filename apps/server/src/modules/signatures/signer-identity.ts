/**
 * Who is signing and what they may touch: the session's client as the taxpayer, or the spouse by their
 * link's token (only its hash is stored). Finds the signer's row and document (locked for a change when
 * asked) and checks a signer is ready to sign; names them for the audit log and the files sandbox.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, eq, filings, ne, signatureDocuments, signatureSigners } from '@taxfirm/db';
import type { ClientActor, Origin, VisitorActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import {
  conflict,
  linkEnded,
  linkInvalid,
  locked,
  notFound,
  type DocumentRow,
  type Reader,
  type SignerRow,
} from './signature-rows.ts';

/** Who is signing: the session's client as the taxpayer, or the spouse found by their link. */
export type SignerIdentity =
  | { kind: 'client'; actor: ClientActor }
  | { kind: 'spouse'; signerId: string; documentId: string; origin: Origin };

/**
 * Which signer row a signed-in client signs (issue 38): the holder the taxpayer's, a spouse member of the
 * household the spouse's (the link path stays for a spouse without a login); a delegate none (never signs).
 */
export const clientSignerRole = (actor: Pick<ClientActor, 'member'>): 'taxpayer' | 'spouse' | null =>
  !actor.member ? 'taxpayer' : actor.member.kind === 'spouse' ? 'spouse' : null;

export const auditActorOf = (who: SignerIdentity): ClientActor | VisitorActor =>
  who.kind === 'client' ? who.actor : { kind: 'visitor', userId: null, ...who.origin };
export const auditPrefix = (who: SignerIdentity) => (who.kind === 'client' ? 'client' : 'spouse');
/** Whose share of the files sandbox a signer's file work counts against (its per-account limit). */
export const sandboxAccountOf = (who: SignerIdentity) =>
  who.kind === 'client' ? who.actor.userId : `spouse:${who.signerId}`;

/**
 * The spouse's signer row and document for a link token: its hash names the row; a token that names none,
 * an expired link and a withdrawn document all answer the same 404.
 */
export async function findSpouseByToken(
  db: Reader,
  token: string,
  now = new Date(),
): Promise<{ signer: SignerRow; document: DocumentRow; taxYear: number }> {
  const [found] = await db
    .select({ signer: signatureSigners, document: signatureDocuments, taxYear: filings.taxYear })
    .from(signatureSigners)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, signatureSigners.documentId))
    .innerJoin(filings, eq(filings.id, signatureDocuments.filingId))
    .where(and(eq(signatureSigners.linkTokenHash, hashToken(token)), eq(signatureSigners.role, 'spouse')));
  if (!found || found.document.status === 'void' || !found.signer.linkExpiresAt) throw linkInvalid();
  if (found.signer.linkExpiresAt.getTime() <= now.getTime()) throw linkEnded(found.signer);
  return found;
}

/**
 * The document and this identity's signer row, locked for a change when `lock`: the session client's own
 * (another client's, or a withdrawn one, is 404 as if it did not exist), or the spouse's by link.
 */
export async function signerAndDocument(
  tx: Reader,
  who: SignerIdentity,
  documentId: string,
  lock: boolean,
): Promise<{ document: DocumentRow; signer: SignerRow | null }> {
  const docQuery = tx
    .select()
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.id, documentId),
        ne(signatureDocuments.status, 'void'),
        who.kind === 'client' ? eq(signatureDocuments.clientId, who.actor.clientId) : undefined,
      ),
    );
  const [document] = lock ? await docQuery.for('update') : await docQuery;
  if (!document || (who.kind === 'spouse' && who.documentId !== documentId)) {
    throw who.kind === 'client' ? notFound() : linkInvalid();
  }
  const role = who.kind === 'client' ? clientSignerRole(who.actor) : null;
  // A household delegate signs nothing: no signer row of theirs (issue 38).
  if (who.kind === 'client' && role === null) return { document, signer: null };
  const signerQuery = tx
    .select()
    .from(signatureSigners)
    .where(
      and(
        eq(signatureSigners.documentId, document.id),
        who.kind === 'client'
          ? eq(signatureSigners.role, role ?? 'taxpayer')
          : eq(signatureSigners.id, who.signerId),
      ),
    );
  const [signer] = lock ? await signerQuery.for('update') : await signerQuery;
  // The spouse's link is their only identity: once it has run out, so has every file link made from it.
  if (who.kind === 'spouse' && (!signer?.linkExpiresAt || signer.linkExpiresAt.getTime() <= Date.now())) {
    throw signer?.linkExpiresAt ? linkEnded(signer) : linkInvalid();
  }
  return { document, signer: signer ?? null };
}

/**
 * The checks before a code is sent or a signature taken: pending, not locked, this signer's, unsigned, and
 * (`opened`) the document and return opened. The spouse asks for a code before opening anything (S2-05).
 */
export function assertReadyToSign(
  document: DocumentRow,
  signer: SignerRow | null,
  opened: boolean,
): SignerRow {
  if (!signer) throw new AppError('CONFLICT', { message: MESSAGES.SIGNATURE_NOT_YOURS });
  if (signer.signedAt) throw conflict(MESSAGES.SIGNATURE_ALREADY_SIGNED);
  if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
  if (document.lockedAt) throw locked();
  if (!opened) return signer;
  if (!signer.openedAt) throw conflict(MESSAGES.SIGNATURE_OPEN_FIRST);
  if (document.returnStorageKey && !signer.returnOpenedAt)
    throw conflict(MESSAGES.SIGNATURE_OPEN_RETURN_FIRST);
  return signer;
}
