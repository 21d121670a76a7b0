/**
 * The e-mailed one-time codes (S2-06): what is stored of a code (its SHA-256, bound to the signer), checking
 * one, and counting wrong ones: per code (SIGNATURE_CODE_MAX_ATTEMPTS) and per signer across codes, until the
 * document locks for staff to reopen. `maskEmail` says where a code went.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  MESSAGES,
  SIGNATURE_CODE_MAX_ATTEMPTS,
  SIGNATURE_CODE_MINUTES,
  SIGNATURE_FAILED_CODES_LOCK,
} from '@taxfirm/contract';
import { eq, signatureDocuments, signatureSigners } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { safeEqual } from '../../lib/crypto/tokens.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';
import { locked, unprocessable, type DocumentRow, type SignerRow, type Tx } from './signature-rows.ts';
import { auditActorOf, auditPrefix, type SignerIdentity } from './signer-identity.ts';

/** How long an e-mailed code holds. */
export const CODE_MS = SIGNATURE_CODE_MINUTES * 60_000;

/** "a•••@example.com": where a code went, without the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** What the database keeps of a one-time code: its SHA-256, bound to the signer. */
export const codeHashOf = (signerId: string, code: string) =>
  createHash('sha256').update(`signature-code|${signerId}|${code}`).digest('hex');

/** A fresh six-digit code. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export type CodeCheck = 'ok' | 'invalid' | 'locked';

export function checkCode(signer: SignerRow, code: string, now: Date): CodeCheck {
  if (signer.codeAttempts >= SIGNATURE_CODE_MAX_ATTEMPTS) return 'locked';
  if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt.getTime() <= now.getTime()) {
    return 'invalid';
  }
  return safeEqual(codeHashOf(signer.id, code), signer.codeHash) ? 'ok' : 'invalid';
}

/** What proving a code came to: right, wrong, this code used up, or the whole document locked (S2-06). */
type CodeOutcome = 'ok' | 'invalid' | 'code-locked' | 'document-locked';

/**
 * Prove a signer's code in the caller's transaction (document and signer locked). A wrong code counts twice:
 * against this code (SIGNATURE_CODE_MAX_ATTEMPTS, then a new code is needed) and against the signer across
 * every code (failed_codes, never cleared by a new code). At SIGNATURE_FAILED_CODES_LOCK the document locks
 * until staff reopen it, and the signer is e-mailed; audited last. The caller commits, then refuses.
 */
export async function proveCode(
  tx: Tx,
  input: {
    document: DocumentRow;
    signer: SignerRow;
    code: string;
    now: Date;
    who: SignerIdentity;
    firm: Firm;
  },
): Promise<CodeOutcome> {
  const { document, signer, now } = input;
  if (document.lockedAt) return 'document-locked';
  const check = checkCode(signer, input.code, now);
  if (check === 'ok') return 'ok';
  if (check === 'locked' || !signer.codeHash) return check === 'locked' ? 'code-locked' : 'invalid';
  const attempts = signer.codeAttempts + 1;
  const failed = signer.failedCodes + 1;
  await tx
    .update(signatureSigners)
    .set({ codeAttempts: attempts, failedCodes: failed, updatedAt: now })
    .where(eq(signatureSigners.id, signer.id));
  if (failed < SIGNATURE_FAILED_CODES_LOCK) {
    return attempts >= SIGNATURE_CODE_MAX_ATTEMPTS ? 'code-locked' : 'invalid';
  }
  await tx
    .update(signatureDocuments)
    .set({ lockedAt: now, updatedAt: now })
    .where(eq(signatureDocuments.id, document.id));
  await enqueueEmail(
    tx,
    signer.email,
    templates.signatureLocked(input.firm, signer.name.split(' ')[0] || signer.name, document.title, failed),
  );
  await audit(tx, {
    actor: auditActorOf(input.who),
    action: `${auditPrefix(input.who)}.signature.locked`,
    clientId: document.clientId,
    subject: `${document.id}: locked after ${failed} wrong codes (${signer.role})`,
  });
  return 'document-locked';
}

/** Refuse anything but a proven code, with the message the signer acts on. */
export function assertCodeProven(outcome: CodeOutcome): void {
  if (outcome === 'document-locked') throw locked();
  if (outcome === 'code-locked') {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: MESSAGES.SIGNATURE_CODE_LOCKED,
      details: { code: MESSAGES.SIGNATURE_CODE_LOCKED },
    });
  }
  if (outcome === 'invalid') throw unprocessable(MESSAGES.SIGNATURE_CODE_INVALID, 'code');
}
